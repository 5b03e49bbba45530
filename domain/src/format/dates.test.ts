import { formatGameDateShort, formatItalianDateLabel } from './dates';

describe('formatGameDateShort (header chip, UTC calendar date)', () => {
  it.each([
    ['2025-11-22T14:05:00Z', '22 Nov 2025'],
    ['2025-01-01T00:00:00Z', '1 Jan 2025'],
    ['2024-12-31T23:59:59Z', '31 Dec 2024'],
    ['2025-09-05T08:00:00Z', '5 Sept 2025'],
  ])('%s → %s', (iso, expected) => {
    expect(formatGameDateShort(new Date(iso))).toBe(expected);
  });

  const intl = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

  it('writes what Intl.DateTimeFormat("en-GB", UTC) writes, for every day of 2024–2027 and at every hour of a day', () => {
    const mismatches: string[] = [];
    const check = (date: Date) => {
      if (formatGameDateShort(date) !== intl.format(date)) mismatches.push(`${date.toISOString()}: ${formatGameDateShort(date)} ≠ ${intl.format(date)}`);
    };
    for (let day = Date.UTC(2024, 0, 1); day < Date.UTC(2028, 0, 1); day += 86_400_000) check(new Date(day));
    for (let hour = 0; hour < 24; hour++) check(new Date(Date.UTC(2026, 10, 27, hour, 59, 59, 999)));
    for (const year of [1, 99, 100, 999, 1000, 1969, 1970, 9999, 12345]) {
      const date = new Date(Date.UTC(2000, 5, 15));
      date.setUTCFullYear(year);
      check(date);
    }
    expect(mismatches).toEqual([]);
  });

  it('gives the years before 1 and an invalid date to Intl, as before', () => {
    const bc = new Date(Date.UTC(2000, 0, 1));
    bc.setUTCFullYear(-50);
    expect(formatGameDateShort(bc)).toBe(intl.format(bc));
    expect(() => formatGameDateShort(new Date(Number.NaN))).toThrow(RangeError);
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

  it('writes what Intl.DateTimeFormat("it-IT") writes, in UTC and in the local zone, every day of 2025–2026 at several times', () => {
    const intl = (kind: 'day' | 'time', timeZone?: string) =>
      new Intl.DateTimeFormat('it-IT', {
        ...(kind === 'day' ? { day: 'numeric', month: 'short' } : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
        ...(timeZone ? { timeZone } : {}),
      } as Intl.DateTimeFormatOptions);
    const formatters: Record<string, Intl.DateTimeFormat> = { 'day|UTC': intl('day', 'UTC'), 'time|UTC': intl('time', 'UTC'), 'day|': intl('day'), 'time|': intl('time') };
    const mismatches: string[] = [];
    for (let day = Date.UTC(2025, 0, 1); day < Date.UTC(2027, 0, 1); day += 86_400_000) {
      for (const minutes of [0, 7, 59, 61, 720, 1439]) {
        const date = new Date(day + minutes * 60_000);
        for (const kind of ['day', 'time'] as const) {
          for (const zone of ['UTC', undefined]) {
            const expected = formatters[`${kind}|${zone ?? ''}`].format(date);
            const actual = formatItalianDateLabel(date, kind, zone);
            if (actual !== expected) mismatches.push(`${date.toISOString()} ${kind} ${zone ?? 'local'}: ${actual} ≠ ${expected}`);
          }
        }
      }
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });

  it('gives an invalid date to Intl, as before', () => {
    expect(() => formatItalianDateLabel(new Date(Number.NaN), 'day', 'UTC')).toThrow(RangeError);
  });
});
