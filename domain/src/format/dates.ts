/**
 * Dates. The game date is a calendar date of the game world, so it is formatted in UTC: every visitor sees
 * the same day whatever their time zone. Chart labels describe the visitor's own recent time, so they use
 * the visitor's zone unless a timeZone is given (tests pass 'UTC').
 */

/** Header chip texts (SPEC.md section 2 "Root shell"). */
export const GAME_DATE_LOADING = 'Loading…';
export const GAME_DATE_UNAVAILABLE = 'Unavailable';

// Built on first use, not when the module loads: loading a page's modules should not load locale data it may not need.
let gameDateFormat: Intl.DateTimeFormat | undefined;

/** Header chip: '22 Nov 2025'. */
export function formatGameDateShort(date: Date): string {
  gameDateFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return gameDateFormat.format(date);
}

export type ItalianLabelKind = 'day' | 'time';

/** Chart axis labels in the Italian locale: 'day' → '22 nov', 'time' → '14:05' (24-hour). */
export function formatItalianDateLabel(date: Date, kind: ItalianLabelKind = 'day', timeZone?: string): string {
  return italianFormatter(kind, timeZone).format(date);
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
