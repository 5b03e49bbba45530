import { formatGameDateShort, formatItalianDateLabel } from './dates';

describe('formatGameDateShort (header chip, UTC calendar date)', () => {
  it.each([
    ['2025-11-22T14:05:00Z', '22 Nov 2025'],
    ['2025-01-01T00:00:00Z', '1 Jan 2025'],
    ['2024-12-31T23:59:59Z', '31 Dec 2024'],
  ])('%s → %s', (iso, expected) => {
    expect(formatGameDateShort(new Date(iso))).toBe(expected);
  });
});

describe('formatItalianDateLabel', () => {
  it.each([
    ['2025-11-22T14:05:00Z', 'day', '22 nov'],
    ['2025-05-03T09:00:00Z', 'day', '3 mag'],
    ['2025-11-22T14:05:00Z', 'time', '14:05'],
    ['2025-11-22T04:07:00Z', 'time', '04:07'],
    ['2025-11-22T00:00:00Z', 'time', '00:00'],
  ] as const)('%s as %s → %s', (iso, kind, expected) => {
    expect(formatItalianDateLabel(new Date(iso), kind, 'UTC')).toBe(expected);
  });

  it('uses the given time zone', () => {
    expect(formatItalianDateLabel(new Date('2025-11-22T14:05:00Z'), 'time', 'Europe/Rome')).toBe('15:05');
  });
});
