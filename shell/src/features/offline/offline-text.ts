/**
 * The texts of the offline banner and the update prompt, and the time format of "figures from 14:30": the chart
 * labels' 24-hour time (formatItalianDateLabel, the site's time format), with the day in front when the figures are
 * not from today.
 */
import { formatItalianDateLabel } from '@sbc/domain';

export const OFFLINE_BANNER_PREFIX = 'Offline — figures from';
/** When the page cannot tell when its figures were read (none were shown yet). */
export const OFFLINE_BANNER_NO_FIGURES = 'Offline — no figures could be read yet';
export const UPDATE_AVAILABLE_TEXT = 'A new version is available.';
export const UPDATE_RELOAD_LABEL = 'Reload';
export const UPDATE_LATER_LABEL = 'Later';

/** '14:30' today, '24 nov, 14:30' on another day, in the visitor's time zone (or `timeZone`, for tests). */
export function formatFiguresTime(at: number, now: number = Date.now(), timeZone?: string): string {
  const date = new Date(at);
  const time = formatItalianDateLabel(date, 'time', timeZone);
  const day = formatItalianDateLabel(date, 'day', timeZone);
  return day === formatItalianDateLabel(new Date(now), 'day', timeZone) && Math.abs(now - at) < 86_400_000 ? time : `${day}, ${time}`;
}

/** The offline banner: 'Offline — figures from 14:30'. */
export function offlineBannerText(figuresAt: number | null, now: number = Date.now(), timeZone?: string): string {
  return figuresAt === null ? OFFLINE_BANNER_NO_FIGURES : `${OFFLINE_BANNER_PREFIX} ${formatFiguresTime(figuresAt, now, timeZone)}`;
}
