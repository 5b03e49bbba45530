/**
 * The server half of `usePageMeta`: while rendering on the server, a page's metadata config is collected
 * through context and written into the HTML head, so crawlers and link previews, which run no JavaScript,
 * see the same title, description, canonical link, Open Graph, Twitter tags and JSON-LD the browser applies.
 */
import { createContext } from 'react';
import type { SeoConfig } from '@sbc/domain';
import { jsonLdText, metaEntriesOf } from '../ui/page-meta-entries';

/** Receives each page's metadata config during a server render (the last one rendered wins). */
export interface PageMetaCollector {
  config: SeoConfig | null;
}

export const PageMetaCollectorContext = createContext<PageMetaCollector | null>(null);

/** Marks the head elements the server wrote: the browser removes them before hydrating, `usePageMeta` takes over. */
export const SSR_HEAD_ATTRIBUTE = 'data-ssr-head';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The head markup of a config. The page builds its config without a window, so the canonical URL and a
 * relative share image are completed here from the request's origin and path (as `pageSeo` does in the browser).
 */
export function pageMetaHtml(input: SeoConfig, location: { origin: string; pathname: string }): { title: string; head: string } {
  const config: SeoConfig = {
    ...input,
    url: input.url ?? new URL(location.pathname, location.origin).href,
    image: input.image === undefined ? undefined : new URL(input.image, location.origin).href,
  };
  const mark = SSR_HEAD_ATTRIBUTE;
  const tags: string[] = [];
  for (const entry of metaEntriesOf(config)) {
    tags.push(`<meta ${entry.attr}="${escapeHtml(entry.key)}" content="${escapeHtml(entry.content)}" ${mark}>`);
  }
  tags.push(`<link rel="canonical" href="${escapeHtml(config.url!)}" ${mark}>`);
  for (const [lang, href] of Object.entries(config.alternateLanguages ?? {})) {
    tags.push(`<link rel="alternate" hreflang="${escapeHtml(lang)}" href="${escapeHtml(href)}" ${mark}>`);
  }
  if (config.structuredData) {
    tags.push(`<script type="application/ld+json" ${mark}>${jsonLdText(config.structuredData)}</script>`);
  }
  return { title: config.title, head: tags.join('\n    ') };
}
