/** Figures of the product detail page, SPEC.md section 2 "Product detail". */
import type { Product } from './types';

/** Average price × pieces on market. */
/**
 * Whether the product has market figures: a price line (lastvqvalue) or an average price. An administrator's new
 * product (price 0, no line) and a document without the figures (the readers default them to 0) have none: the open
 * data API answers a null market cap for it rather than 0, and the recorded history leaves it out.
 */
export function productHasMarketFigures(p: Pick<Product, 'lastvqvalue' | 'average_market_price'>): boolean {
  return p.lastvqvalue.length > 0 || p.average_market_price > 0;
}

export function productMarketCap(p: Pick<Product, 'average_market_price' | 'pieces_on_market'>): number {
  return p.average_market_price * p.pieces_on_market;
}

/** Max minus min price, with the range it comes from. */
export function productSpread(p: Pick<Product, 'price_min' | 'price_max'>): { spread: number; min: number; max: number } {
  return { spread: p.price_max - p.price_min, min: p.price_min, max: p.price_max };
}

/**
 * Population standard deviation (divides by n, not n − 1): the history is the whole series we show, not a
 * sample of a larger one. Non-finite entries are ignored; an empty history gives 0.
 */
export function requestIndexVolatility(history: readonly number[]): number {
  const values = history.filter((v) => Number.isFinite(v));
  if (values.length === 0) return 0;
  const mean = values.reduce((a, v) => a + v, 0) / values.length;
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length;
  return Math.sqrt(variance);
}

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

/**
 * production.time is stored in minutes of game time. Shown with the two largest units, zero parts omitted:
 * 45 → '45m', 150 → '2h 30m', 120 → '2h', 1680 → '1d 4h', 1440 → '1d'. Under a day minutes are kept;
 * from a day upward they are dropped (rounded down) because they are noise at that scale.
 * Negative or non-finite times give '0m'; fractions of a minute are rounded.
 */
export function formatGameDuration(minutes: number): string {
  const total = Number.isFinite(minutes) && minutes > 0 ? Math.round(minutes) : 0;
  if (total < MINUTES_PER_HOUR) return `${total}m`;
  if (total < MINUTES_PER_DAY) {
    const h = Math.floor(total / MINUTES_PER_HOUR);
    const m = total % MINUTES_PER_HOUR;
    return m === 0 ? `${h}h` : `${h}h ${m}m`;
  }
  const d = Math.floor(total / MINUTES_PER_DAY);
  const h = Math.floor((total % MINUTES_PER_DAY) / MINUTES_PER_HOUR);
  return h === 0 ? `${d}d` : `${d}d ${h}h`;
}

/** The production lead time as game time (see formatGameDuration). */
export function productLeadTime(p: Pick<Product, 'production'>): string {
  return formatGameDuration(p.production.time);
}
