/**
 * What the page says when the market has updated: one short sentence for everyone (the polite live region reads
 * it once), and a sentence per watchlist alert that fired with the update, said the way the watchlist page says it.
 */
import { alertNowText, alertValue, type WatchEntry, type WatchFigures } from '@sbc/domain';

export const MARKET_UPDATED_TEXT = 'Market updated: the figures on this page are the new ones.';

/** "Solar Panel: Price above 130 · now 135.00 SBC" (without the value when its figures are unknown). */
export function firedAlertText(entry: WatchEntry, figures: WatchFigures | null): string {
  if (!entry.alert) return entry.name;
  return `${entry.name}: ${alertNowText(entry.alert, figures ? alertValue(figures, entry.alert.metric) : null)}`;
}

/** The announcement: the update, then the alerts that fired with it. */
export function marketUpdateText(fired: ReadonlyArray<{ entry: WatchEntry; figures: WatchFigures | null }>): string {
  if (fired.length === 0) return MARKET_UPDATED_TEXT;
  const alerts = fired.map(({ entry, figures }) => firedAlertText(entry, figures)).join('; ');
  return `${MARKET_UPDATED_TEXT} ${fired.length === 1 ? 'Watchlist alert' : 'Watchlist alerts'}: ${alerts}.`;
}
