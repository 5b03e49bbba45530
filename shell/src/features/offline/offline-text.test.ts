import { formatFiguresTime, OFFLINE_BANNER_NO_FIGURES, offlineBannerText } from './offline-text';

const at = (iso: string) => Date.parse(iso);

describe('the offline banner text', () => {
  it('says when the figures were read, in the site 24-hour time format', () => {
    expect(offlineBannerText(at('2026-11-25T14:30:00Z'), at('2026-11-25T16:05:00Z'), 'UTC')).toBe('Offline — figures from 14:30');
    expect(offlineBannerText(at('2026-11-25T09:05:00Z'), at('2026-11-25T09:06:00Z'), 'UTC')).toBe('Offline — figures from 09:05');
  });

  it('puts the day in front when the figures are not from today', () => {
    expect(formatFiguresTime(at('2026-11-24T14:30:00Z'), at('2026-11-25T08:00:00Z'), 'UTC')).toBe('24 nov, 14:30');
  });

  it('follows the visitor time zone', () => {
    expect(formatFiguresTime(at('2026-11-25T14:30:00Z'), at('2026-11-25T15:00:00Z'), 'Europe/Rome')).toBe('15:30');
  });

  it('says so when no figures were read yet', () => {
    expect(offlineBannerText(null)).toBe(OFFLINE_BANNER_NO_FIGURES);
  });
});
