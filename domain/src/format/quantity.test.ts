import { formatQuantity, formatQuantityDelta } from './quantity';

describe('formatQuantity: whole numbers plain, small values with their significant digits', () => {
  test.each([
    [0, '0'],
    [9, '9'],
    [12345, '12,345'],
    [2.5, '2.5'],
    [2.345, '2.35'],
    [1.004, '1'],
    [0.5, '0.5'],
    [0.001, '0.001'],
    [0.0015, '0.0015'],
    [0.012345, '0.0123'],
    [0.00012345, '0.000123'],
    [-0.25, '-0.25'],
    [Number.NaN, '0'],
    [Number.POSITIVE_INFINITY, '0'],
  ])('%p → %p', (value, text) => {
    expect(formatQuantity(value)).toBe(text);
  });
});

describe('formatQuantityDelta: SPEC.md section 5 deltas, two decimals and an explicit sign', () => {
  test.each([
    [71, '+71.00', 'positive'],
    [-3.5, '\u22123.50', 'negative'],
    [-3, '\u22123.00', 'negative'],
    [1234, '+1,234.00', 'positive'],
    [2.5, '+2.50', 'positive'],
    [70.999, '+71.00', 'positive'],
    [0.004, '0.00', 'neutral'],
    [-0.004, '0.00', 'neutral'],
    [0, '0.00', 'neutral'],
    [-0, '0.00', 'neutral'],
    [Number.NaN, '0.00', 'neutral'],
    [Number.NEGATIVE_INFINITY, '0.00', 'neutral'],
  ])('%p → %p (%s)', (value, text, tone) => {
    expect(formatQuantityDelta(value)).toEqual({ text, tone });
  });
});
