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
 * A sector's page: how many of its products it shows first, reads first and embeds in its server render, and how
 * many more each "Show more" adds (issue 36). Sorting, filtering and the CSV export still cover the whole sector,
 * read when first needed. 50 rows keep a sort or a filter within 100 ms (a row carries two SVG sparklines and the
 * table is laid out as a whole: a sort took 200–280 ms with 500 rows, 121–127 ms with 100) and the page of the
 * largest sector within issue 36's 60 KB of gzip HTML.
 */
export const SECTOR_PAGE_SIZE = 50;
