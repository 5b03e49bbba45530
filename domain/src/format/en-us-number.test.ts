import { formatEnUsNumber } from './en-us-number';

const intl = (value: number, min: number, max: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max }).format(value);

describe('formatEnUsNumber: en-US digits without Intl', () => {
  test.each([
    [12345, 0, 0, '12,345'],
    [2.5, 0, 0, '3'],
    [-2.5, 0, 0, '-3'],
    [1.005, 2, 2, '1.01'],
    [2.345, 2, 2, '2.35'],
    [999.995, 2, 2, '1,000.00'],
    [1234567.891, 2, 2, '1,234,567.89'],
    [0.125, 2, 2, '0.13'],
    [-0.001, 2, 2, '-0.00'],
    [-0, 0, 0, '-0'],
    [0, 2, 2, '0.00'],
    [2.5, 0, 2, '2.5'],
    [12345, 0, 2, '12,345'],
    [0.0012345, 0, 5, '0.00123'],
    [1.25e-7, 0, 8, '0.00000013'],
    [1.15e-7, 0, 8, '0.00000012'],
    [16, 1, 1, '16.0'],
    [1e21, 2, 2, '1,000,000,000,000,000,000,000.00'],
    [Number.NaN, 2, 2, 'NaN'],
    [Number.NEGATIVE_INFINITY, 0, 0, '-∞'],
  ])('%p with %p–%p decimals → %p', (value, min, max, text) => {
    expect(formatEnUsNumber(value, min, max)).toBe(text);
    expect(intl(value, min, max)).toBe(text);
  });

  test('writes what Intl.NumberFormat("en-US") writes, over 20,000 values of every size, sign and tie', () => {
    // A fixed-seed generator: the same values on every run, so a failure can be replayed.
    let seed = 26;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const mismatches: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const magnitude = 10 ** Math.floor(random() * 26 - 10);
      const base = random() * magnitude;
      // Every fourth value sits on a tie at some number of decimals (x.5, x.05, x.125 …).
      const value = (random() < 0.5 ? -1 : 1) * (i % 4 === 0 ? Math.round(base * 1000) / 1000 + 0.0005 : base);
      const max = Math.floor(random() * 9);
      const min = Math.floor(random() * (max + 1));
      const ours = formatEnUsNumber(value, min, max);
      const theirs = intl(value, min, max);
      if (ours !== theirs) mismatches.push(`${value} (${min}–${max}): ${ours} ≠ ${theirs}`);
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });
});
