import { DEFAULT_SEO, SITE_NAME, type SeoConfig } from '@sbc/shared';

/** Every page's metadata: the site defaults plus the page's own title ('Page | SBC Tycoon') and description. */
export function pageSeo(page: { title: string; description: string } & Partial<SeoConfig>): SeoConfig {
  return { ...DEFAULT_SEO, ...page, title: `${page.title} | ${SITE_NAME}` };
}
