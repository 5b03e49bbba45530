import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** The page's stylesheets the render server put inline, by URL (shell/src/ssr/page-styles.ts: `<style data-href>`). */
function isInline(href: string, doc: Document): boolean {
  for (const style of doc.querySelectorAll('style[data-href]')) if (style.getAttribute('data-href') === href) return true;
  return false;
}

/**
 * The federation runtime loads an exposed module's stylesheets itself, from the remote's manifest, as
 * `<link rel="stylesheet">`; it skips only those the page already links. A server-rendered page has its remote
 * page's stylesheets inline instead (./../ssr/page-styles.ts), so this plugin answers the runtime's link for such
 * a stylesheet with an empty one that loads at once from a data: URL: the file is not downloaded a second time on a
 * phone's start-up (issue 26). Any other stylesheet (a page reached by navigating, a page rendered in the browser)
 * loads as the runtime would.
 */
export function inlinedStylesPlugin(doc: Document = document): ModuleFederationRuntimePlugin {
  return {
    name: 'sbc-inlined-styles',
    createLink({ url, attrs }) {
      if (attrs?.rel !== 'stylesheet' || !isInline(url, doc)) return undefined;
      const link = doc.createElement('link');
      link.rel = 'stylesheet';
      link.href = 'data:text/css,';
      link.dataset.inlinedAs = url;
      return link;
    },
  };
}
