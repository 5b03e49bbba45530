import { formatCount, formatCountIt, formatDateTimeIt, formatIndex, formatPercent, formatSignedSbc } from './numbers';

describe('number texts', () => {
  test.each([
    [formatCount, 12345, '12,345'],
    [formatCount, 2.5, '3'],
    [formatCount, Number.NaN, '0'],
    [formatIndex, 61.236, '61.24'],
    [formatIndex, 1.005, '1.01'],
    [formatSignedSbc, -1.5, '\u22121.50 SBC'],
    [formatSignedSbc, 2, '2.00 SBC'],
    [formatPercent, 16, '16.0%'],
    [formatPercent, -20, '\u221220.0%'],
    [formatCountIt, 12345, '12.345'],
    [formatCountIt, Number.POSITIVE_INFINITY, '0'],
  ] as Array<[(v: number) => string, number, string]>)('%p(%p) → %p', (format, value, text) => {
    expect(format(value)).toBe(text);
  });

  test('the admin console dates in Italian, day first', () => {
    const date = new Date(2026, 10, 24, 9, 5, 0);
    expect(formatDateTimeIt(date)).toBe('24/11/2026, 09:05:00');
    expect(formatDateTimeIt(date)).toBe(date.toLocaleString('it-IT'));
  });
});
