/**
 * `usePageMeta(config)`: a page's search-engine and social metadata (SPEC.md section 3 "Search-engine metadata
 * config"). It writes document.title, the description/keywords/robots/theme-color/… meta tags, Open Graph and
 * Twitter tags, the canonical link (from `url`), hreflang alternates and one JSON-LD script, and puts back what
 * was there before on unmount.
 *
 * Everything is written as attribute values or text content, never parsed as HTML, so product names from the
 * database cannot inject markup. The JSON-LD text escapes '<' so a value containing '</script>' stays inert
 * even when the document is serialised.
 *
 * The hook applies only what it is given: pages merge `DEFAULT_SEO` themselves (`{ ...DEFAULT_SEO, title }`),
 * so a page can also opt out of a default.
 */
import { useContext, useEffect } from 'react';
import { PageMetaCollectorContext } from '../ssr/page-meta-html';
import { jsonLdText, metaEntriesOf, type MetaAttr, type MetaEntry } from './page-meta-entries';
import type { SeoConfig } from '@sbc/domain';

/** Marks the elements this hook created, so tests and devtools can tell them apart. */
export { jsonLdText, metaEntriesOf } from './page-meta-entries';

export const PAGE_META_ATTRIBUTE = 'data-page-meta';

function findMeta(attr: MetaAttr, key: string): HTMLMetaElement | undefined {
  return Array.from(document.head.getElementsByTagName('meta')).find((m) => m.getAttribute(attr) === key);
}

/** Applies one tag and returns how to undo it. Repeated keys (article:tag) always get their own element. */
function applyMeta(entry: MetaEntry, repeated: boolean): () => void {
  const existing = repeated ? undefined : findMeta(entry.attr, entry.key);
  if (existing && !existing.hasAttribute(PAGE_META_ATTRIBUTE)) {
    const previous = existing.getAttribute('content');
    existing.setAttribute('content', entry.content);
    return () => {
      if (previous === null) existing.removeAttribute('content');
      else existing.setAttribute('content', previous);
    };
  }
  const element = document.createElement('meta');
  element.setAttribute(entry.attr, entry.key);
  element.setAttribute('content', entry.content);
  element.setAttribute(PAGE_META_ATTRIBUTE, '');
  document.head.appendChild(element);
  return () => element.remove();
}

function applyAlternates(alternates: Record<string, string>): () => void {
  const links = Object.entries(alternates).map(([lang, href]) => {
    const link = document.createElement('link');
    link.setAttribute('rel', 'alternate');
    link.setAttribute('hreflang', lang);
    link.setAttribute('href', href);
    link.setAttribute(PAGE_META_ATTRIBUTE, '');
    document.head.appendChild(link);
    return link;
  });
  return () => links.forEach((l) => l.remove());
}

/** The page's canonical URL: the same address as og:url, so search engines and link previews agree. */
function applyCanonical(href: string): () => void {
  const existing = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (existing && !existing.hasAttribute(PAGE_META_ATTRIBUTE)) {
    const previous = existing.getAttribute('href');
    existing.setAttribute('href', href);
    return () => {
      if (previous === null) existing.removeAttribute('href');
      else existing.setAttribute('href', previous);
    };
  }
  const link = document.createElement('link');
  link.setAttribute('rel', 'canonical');
  link.setAttribute('href', href);
  link.setAttribute(PAGE_META_ATTRIBUTE, '');
  document.head.appendChild(link);
  return () => link.remove();
}

function applyStructuredData(data: Record<string, unknown>): () => void {
  const script = document.createElement('script');
  script.type = 'application/ld+json';
  script.setAttribute(PAGE_META_ATTRIBUTE, '');
  script.textContent = jsonLdText(data);
  document.head.appendChild(script);
  return () => script.remove();
}

/** Applies the whole config to the document; the returned function restores the previous state. */
export function applyPageMeta(config: SeoConfig): () => void {
  const previousTitle = document.title;
  document.title = config.title;
  const undo: Array<() => void> = [];
  const seen = new Set<string>();
  for (const entry of metaEntriesOf(config)) {
    const id = `${entry.attr}:${entry.key}`;
    undo.push(applyMeta(entry, seen.has(id)));
    seen.add(id);
  }
  if (config.url) undo.push(applyCanonical(config.url));
  if (config.alternateLanguages) undo.push(applyAlternates(config.alternateLanguages));
  if (config.structuredData) undo.push(applyStructuredData(config.structuredData));
  return () => {
    // Reverse order: a tag changed twice gets back its original value.
    for (const fn of undo.reverse()) fn();
    document.title = previousTitle;
  };
}

export function usePageMeta(config: SeoConfig): void {
  // Pages build the config inline on every render; its JSON text decides whether anything changed.
  const key = JSON.stringify(config);
  // During a server render there are no effects: the render server collects the config for the HTML head.
  const collector = useContext(PageMetaCollectorContext);
  if (collector) collector.config = config;
  useEffect(() => applyPageMeta(JSON.parse(key) as SeoConfig), [key]);
}
