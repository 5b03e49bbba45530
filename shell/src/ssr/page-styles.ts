/**
 * The remote page's own stylesheets, inline in the rendered page. The public-site remote extracts its CSS into
 * content-hashed files (mini-css-extract-plugin), listed per exposed module in its mf-manifest.json; the render
 * server puts those of the page (and of `prepare`) into the HTML as `<style data-href="<file's URL>">`. The page
 * paints styled from its HTML alone, and the remote's CSS loader, which looks for a style with that data-href
 * before it adds a <link>, downloads none of them again. Before, the page carried the CSS of every public page
 * inline and the remote's JavaScript carried the page's CSS a second time as strings (issue 26: bytes on a phone's
 * start-up). The files are immutable (a new build has new names), so each is fetched once.
 */
import { escapeAttribute } from './preload-hints';

export interface PageStylesheet {
  href: string;
  css: string;
}

/** Fetches stylesheets by URL, each once: a content-hashed file never changes. A failed fetch is not kept. */
export function createStylesheetReader(fetchImpl: typeof fetch = fetch) {
  const cache = new Map<string, Promise<string>>();
  const read = (href: string, signal?: AbortSignal): Promise<string> => {
    let text = cache.get(href);
    if (!text) {
      text = fetchImpl(href, { signal }).then((response) => {
        if (!response.ok) throw new Error(`${href} answered HTTP ${response.status}`);
        return response.text();
      });
      cache.set(href, text);
      text.catch(() => cache.delete(href));
    }
    return text;
  };
  /** Every stylesheet of `hrefs`, in order; rejects when one cannot be read. */
  return (hrefs: readonly string[], signal?: AbortSignal): Promise<PageStylesheet[]> =>
    Promise.all(hrefs.map(async (href) => ({ href, css: await read(href, signal) })));
}

/**
 * A stylesheet's text as the content of a <style> element: a `</style` inside the CSS (a string, a comment) would
 * end the element, so it is written `<\/style`, as CSS reads it. Also the shell's inline stylesheet in its
 * index.html (webpack.config.base.js, BootPreloadPlugin).
 */
export const escapeStyleText = (css: string) => css.replace(/<\/(style)/gi, '<\\/$1');

/**
 * The page's styles for <head>: each stylesheet with its data-href; when the manifest names none (a remote built
 * before the extraction), the remote's server build's CSS of every page, asked for only then.
 */
export function pageStylesHtml(sheets: readonly PageStylesheet[], wholeRemoteCss: () => string): string {
  if (sheets.length === 0) {
    const css = wholeRemoteCss();
    return css ? `<style data-ssr-style>${escapeStyleText(css)}</style>` : '';
  }
  return sheets.map((sheet) => `<style data-ssr-style data-href="${escapeAttribute(sheet.href)}">${escapeStyleText(sheet.css)}</style>`).join('');
}
