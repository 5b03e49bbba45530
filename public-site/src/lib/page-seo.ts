import { DEFAULT_SEO, SITE_NAME, type SeoConfig } from '@sbc/domain';
// A 1200×630 PNG (the size link previews crop to): Open Graph and Twitter cards do not accept SVG images.
// Rendered once from share-card.svg next to it; re-render the PNG if the SVG changes.
import shareCard from '../assets/share-card.png';

/** The part of a location the metadata needs (window.location in the browser; tests pass their own). */
export interface PageLocation {
  origin: string;
  pathname: string;
}

function currentLocation(): PageLocation | undefined {
  return typeof window === 'undefined' ? undefined : window.location;
}

/**
 * Every page's metadata: the site defaults plus the page's own title ('Page | SBC Tycoon') and description.
 * og:url (and the canonical link) is the page's origin + path: the query string is view state (the selected
 * sector), not another document, so /products?sector=energy shares and indexes as /products. The share image
 * defaults to the site card; the bundler's asset URL may be relative, so it is made absolute against the origin.
 * A field the page sets to undefined (e.g. `robots: notFound ? 'noindex, follow' : undefined`) keeps the default.
 */
export function pageSeo(
  page: { title: string; description: string } & Partial<SeoConfig>,
  location: PageLocation | undefined = currentLocation(),
): SeoConfig {
  const absolute = (url: string) => (location ? new URL(url, location.origin).href : url);
  const own = Object.fromEntries(Object.entries(page).filter(([, value]) => value !== undefined));
  const seo: SeoConfig = {
    ...DEFAULT_SEO,
    image: absolute(shareCard),
    ...own,
    title: `${page.title} | ${SITE_NAME}`,
    description: page.description,
  };
  if (location && seo.url === undefined) seo.url = absolute(location.pathname);
  return seo;
}
