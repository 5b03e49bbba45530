/**
 * Dates. The game date is a calendar date of the game world, so it is formatted in UTC: every visitor sees
 * the same day whatever their time zone. Chart labels describe the visitor's own recent time, so they use
 * the visitor's zone unless a timeZone is given (tests pass 'UTC').
 */

/** Header chip texts (SPEC.md section 2 "Root shell"). */
export const GAME_DATE_LOADING = 'Loading…';
export const GAME_DATE_UNAVAILABLE = 'Unavailable';

/** en-GB's short month names as Intl writes them (CLDR: 'Sept', not 'Sep'); dates.test.ts compares every day. */
const EN_GB_SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
/** Only for what the digits below do not write (an invalid date, a year before 1): built on first use. */
let gameDateFormat: Intl.DateTimeFormat | undefined;

/**
 * Header chip: '22 Nov 2025', the text of `Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year:
 * 'numeric', timeZone: 'UTC' })` written without Intl: building that formatter loads the browser's locale and time-zone
 * data, 50 ms of a phone's CPU in the middle of hydration (every page's header shows the chip; issue 26).
 */
export function formatGameDateShort(date: Date): string {
  const year = date.getUTCFullYear();
  if (!(year >= 1)) {
    gameDateFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    return gameDateFormat.format(date);
  }
  return `${date.getUTCDate()} ${EN_GB_SHORT_MONTHS[date.getUTCMonth()]} ${year}`;
}

export type ItalianLabelKind = 'day' | 'time';

/** it-IT's short month names as Intl writes them; dates.test.ts compares every day. */
const IT_SHORT_MONTHS = ['gen', 'feb', 'mar', 'apr', 'mag', 'giu', 'lug', 'ago', 'set', 'ott', 'nov', 'dic'];
const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * Chart axis labels in the Italian locale: 'day' → '22 nov', 'time' → '14:05' (24-hour), in the visitor's time zone
 * or in UTC, as `Intl.DateTimeFormat('it-IT', …)` writes them but without Intl: the sparklines of a sector label
 * their points while the page hydrates, and building the formatter cost a phone 29 ms of it (issue 26). Another
 * time zone, or an invalid date, goes to Intl.
 */
export function formatItalianDateLabel(date: Date, kind: ItalianLabelKind = 'day', timeZone?: string): string {
  const utc = timeZone === 'UTC';
  if ((timeZone !== undefined && !utc) || Number.isNaN(date.getTime())) return italianFormatter(kind, timeZone).format(date);
  if (kind === 'day') return `${utc ? date.getUTCDate() : date.getDate()} ${IT_SHORT_MONTHS[utc ? date.getUTCMonth() : date.getMonth()]}`;
  return `${twoDigits(utc ? date.getUTCHours() : date.getHours())}:${twoDigits(utc ? date.getUTCMinutes() : date.getMinutes())}`;
}

// Building an Intl.DateTimeFormat costs far more than formatting with one (about 0.1 ms each: 1000 sparkline
// labels took 120 ms), so each kind and time zone gets one.
const italianFormatters = new Map<string, Intl.DateTimeFormat>();
function italianFormatter(kind: ItalianLabelKind, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone ?? ''}`;
  let formatter = italianFormatters.get(key);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'day' ? { day: 'numeric', month: 'short' } : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
    formatter = new Intl.DateTimeFormat('it-IT', { ...options, ...(timeZone ? { timeZone } : {}) });
    italianFormatters.set(key, formatter);
  }
  return formatter;
}
