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
