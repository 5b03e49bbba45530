/**
 * Slugs no product may take: the segments under /products/ that the site routes as a fixed address instead of a
 * product's page. Issue 26: the profitability ranking moved from /products/profitability to its own path, and
 * the old address stays as a redirect for links and bookmarks (ROUTE_REDIRECTS in shared/src/route-manifest.ts),
 * so a product slugged 'profitability' would still never open. shared/src/route-manifest.test.ts fails when the
 * route manifest or its redirects gain a fixed segment under /products/ that this list lacks.
 */
export const RESERVED_PRODUCT_SLUGS: readonly string[] = ['profitability'];

/** Compared trimmed and case-insensitively: the router matches /products/Profitability as the fixed path too. */
export function isReservedProductSlug(slug: string): boolean {
  const s = slug.trim().toLowerCase();
  return RESERVED_PRODUCT_SLUGS.includes(s);
}

/**
 * null for a slug a product may take; otherwise the message that refuses it, in the admin console's Italian
 * (Add Product, the JSON editor and the add call of the gateway show it).
 */
export function reservedSlugError(slug: string): string | null {
  if (!isReservedProductSlug(slug)) return null;
  const s = slug.trim();
  return `Lo slug "${s}" è riservato: /products/${s} è un indirizzo del sito, non la pagina di un prodotto`;
}
