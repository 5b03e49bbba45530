/** Timing and layout constants of SPEC.md section 9 that views and stores share. */
export const SUCCESS_MESSAGE_RESET_MS = 3000;
/** Onboarding cards become visible once 30% is in view, with a 10% bottom margin, staggered 120 ms per index. */
export const ONBOARDING_VISIBILITY_THRESHOLD = 0.3;
export const ONBOARDING_ROOT_MARGIN = '0px 0px -10% 0px';
export const ONBOARDING_STAGGER_MS = 120;
/** The market updates twice per in-game day, i.e. every 30 real minutes. */
export const MARKET_UPDATE_INTERVAL_MINUTES = 30;
export const SCREENSHOT_GALLERY_SIZE = 8;
/** Session-storage cache keys (section 7). The talents key is not named by the spec. */
export const CACHE_KEYS = {
  products: 'app.products.cache',
  materials: 'app.materials.cache',
  marketStats: 'app.marketStats.cache',
  talents: 'app.talents.cache',
} as const;
/**
 * A long list's first view (a sector's products, the stock ledger, a material's "Used in"): how many rows it shows
 * first, reads first and embeds in its server render (issue 36: a page carries the rows on screen). A phone shows
 * about 8 of its cards and a desktop about 20 table rows before the fold. Sorting, filtering and the CSV export still
 * cover the whole list, read when first needed. Each row is rendered twice in the server's HTML (table and cards:
 * the server cannot know the screen) and hydrated before the page answers, so the rows past the screen cost a phone
 * its dead window: at 50 rows the list pages were the slowest to answer (docs/performance.md).
 */
export const FIRST_VIEW_ROWS = 20;
/**
 * How many more rows each "Show more" of a long list adds (the whole list is read at the first). 50 keep a sort or a
 * filter within 100 ms (a row carries two SVG sparklines and the table is laid out as a whole: a sort took 200–280 ms
 * with 500 rows, 121–127 ms with 100).
 */
export const SHOW_MORE_ROWS = 50;
