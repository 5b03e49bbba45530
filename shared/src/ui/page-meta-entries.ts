/**
 * What a page's metadata (SeoConfig) stands for in <head>: the meta tags and the JSON-LD text. Pure, and shared by
 * the browser's hook (./use-page-meta.ts) and the server's HTML (../ssr/page-meta-html.ts), which otherwise would
 * import each other.
 */
import type { SeoConfig } from '@sbc/domain';

export type MetaAttr = 'name' | 'property';

export interface MetaEntry {
  attr: MetaAttr;
  key: string;
  content: string;
}

/** The meta tags a config stands for, in a stable order; empty values are left out. */
export function metaEntriesOf(config: SeoConfig): MetaEntry[] {
  const entries: MetaEntry[] = [];
  const add = (attr: MetaAttr, key: string, value: string | undefined) => {
    if (value !== undefined && value !== '') entries.push({ attr, key, content: value });
  };
  const keywords = config.keywords?.join(', ');
  const tags = config.tags ?? [];
  add('name', 'description', config.description);
  add('name', 'keywords', keywords);
  add('name', 'author', config.author);
  add('name', 'robots', config.robots);
  add('name', 'theme-color', config.themeColor);
  add('name', 'application-name', config.applicationName);
  add('property', 'og:title', config.title);
  add('property', 'og:description', config.description);
  add('property', 'og:type', config.type);
  add('property', 'og:url', config.url);
  add('property', 'og:image', config.image);
  add('property', 'og:site_name', config.siteName);
  add('property', 'article:published_time', config.publishedTime);
  add('property', 'article:modified_time', config.modifiedTime);
  add('property', 'article:section', config.category);
  for (const tag of tags) add('property', 'article:tag', tag);
  add('name', 'twitter:card', config.twitterCard);
  add('name', 'twitter:title', config.title);
  add('name', 'twitter:description', config.description);
  add('name', 'twitter:image', config.image);
  return entries;
}

/** JSON text safe inside a script element: '<' cannot open a tag. */
export function jsonLdText(data: Record<string, unknown>): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
