/** Search-engine metadata defaults and product structured data, SPEC.md sections 3 and 9. */
import { UNCATEGORIZED } from './market';
import type { ProductStructuredData, SeoConfig } from './types';

export const SITE_NAME = 'SBC Tycoon';

/**
 * No `url` or `image` here: both depend on where the site runs. The page's own URL comes from the location
 * and the share image is a bundled asset of public-site, so public-site's `pageSeo` adds them.
 */
export const DEFAULT_SEO: Readonly<SeoConfig> = Object.freeze({
  title: 'SBC Tycoon — Business Tycoon Market Monitor',
  description:
    'The companion site of SBC Tycoon, the multiplayer business-tycoon game: follow sectors, products and materials of a live simulated economy priced in SBC.',
  type: 'website',
  siteName: SITE_NAME,
  applicationName: SITE_NAME,
  keywords: ['tycoon game', 'business strategy game', 'management game', 'business simulation', 'market simulation', 'SBC Tycoon'],
  robots: 'index, follow',
  themeColor: '#0b1d3a',
  twitterCard: 'summary_large_image',
  category: 'games',
});

/**
 * An image address a link preview can fetch: absolute http(s) only. Product images may be data: URLs or
 * relative paths, which crawlers cannot load, so such a page keeps the site's share image instead.
 */
export function shareableImageUrl(url: string | null | undefined): string | undefined {
  return url && /^https?:\/\/[^\s]+$/i.test(url.trim()) ? url.trim() : undefined;
}

export const STRUCTURED_DATA_CATEGORY = 'Game Item';

/**
 * schema.org Product data: price defaults to '0', category to 'Game Item'; always USD and in stock.
 * The product reader fills a missing category with 'uncategorized' (SPEC section 3), so that placeholder
 * counts as missing here too: otherwise the 'Game Item' default could never apply to a real product.
 */
export function productStructuredData(product: {
  name: string;
  description?: string | null;
  image?: string | null;
  price?: number | string | null;
  category?: string | null;
}): ProductStructuredData {
  const price = product.price;
  return {
    name: product.name,
    description: product.description ?? '',
    image: product.image ?? '',
    price: price === undefined || price === null || price === '' ? '0' : String(price),
    category: product.category && product.category !== UNCATEGORIZED ? product.category : STRUCTURED_DATA_CATEGORY,
    currency: 'USD',
    availability: 'InStock',
  };
}

/** The JSON-LD object a page embeds for a product (schema.org vocabulary). */
export function productJsonLd(data: ProductStructuredData): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: data.name,
    description: data.description,
    image: data.image,
    category: data.category,
    offers: {
      '@type': 'Offer',
      price: data.price,
      priceCurrency: data.currency,
      availability: `https://schema.org/${data.availability}`,
    },
  };
}
