import { isReservedProductSlug, RESERVED_PRODUCT_SLUGS, reservedSlugError } from './product-slug';

const REFUSED = 'Lo slug "profitability" è riservato: /products/profitability è un indirizzo del sito, non la pagina di un prodotto';

describe('reserved product slugs: fixed addresses under /products/', () => {
  test('the old address of the profitability ranking is reserved', () => {
    expect(RESERVED_PRODUCT_SLUGS).toEqual(['profitability']);
  });

  test.each<[string, string | null]>([
    ['profitability', REFUSED],
    ['  profitability ', REFUSED],
    ['Profitability', 'Lo slug "Profitability" è riservato: /products/Profitability è un indirizzo del sito, non la pagina di un prodotto'],
    ['PROFITABILITY', 'Lo slug "PROFITABILITY" è riservato: /products/PROFITABILITY è un indirizzo del sito, non la pagina di un prodotto'],
    ['profitability-index', null],
    ['profit', null],
    ['solar-panel', null],
    ['market', null],
    ['', null],
  ])('%p → %p', (slug, expected) => {
    expect(reservedSlugError(slug)).toBe(expected);
    expect(isReservedProductSlug(slug)).toBe(expected !== null);
  });
});
