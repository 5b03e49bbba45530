import { formatDelta, normalizePriceChange } from './delta';

describe('formatDelta (section 5 "Deltas")', () => {
  it.each([
    [1.5, 2, '+1.50', 'positive'],
    [-1.5, 2, '−1.50', 'negative'],
    [0, 2, '0.00', 'neutral'],
    [-0, 2, '0.00', 'neutral'],
    [0.004, 2, '0.00', 'neutral'],
    [-0.004, 2, '0.00', 'neutral'],
    [0.005, 2, '+0.01', 'positive'],
    [1234.5, 2, '+1,234.50', 'positive'],
    [-42, 0, '−42', 'negative'],
    [1.23456, 3, '+1.235', 'positive'],
    [NaN, 2, '0.00', 'neutral'],
    [Infinity, 2, '0.00', 'neutral'],
    [-Infinity, 2, '0.00', 'neutral'],
  ])('formatDelta(%p, %p) → %p (%s)', (value, decimals, text, tone) => {
    expect(formatDelta(value, decimals)).toEqual({ text, tone });
  });

  it('uses two decimals by default and U+2212 for the minus', () => {
    expect(formatDelta(-2).text).toBe('\u22122.00');
  });
});

describe('normalizePriceChange (section 5)', () => {
  it.each([
    [0, 0],
    [0.0004, 0],
    [-0.0004, 0],
    [0.0005, 0.0005],
    [0.25, 0.25],
    [-0.5, -0.5],
    [1, 1],
    [1.5, 0.015],
    [-12, -0.12],
    [250, 2.5],
    [NaN, 0],
    [Infinity, 0],
  ])('%p → %p', (value, expected) => {
    expect(normalizePriceChange(value)).toBeCloseTo(expected, 12);
  });
});
