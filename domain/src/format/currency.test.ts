import { formatEur, formatInventoryValue, formatSbc, formatUnitPrice, formatValueDelta } from './currency';

describe('formatSbc', () => {
  it.each([
    [1234.5, 2, '1,234.50 SBC'],
    [0, 2, '0.00 SBC'],
    [1234567.891, 2, '1,234,567.89 SBC'],
    [-12.3, 1, '-12.3 SBC'],
    [999.5, 0, '1,000 SBC'],
    [NaN, 2, '0.00 SBC'],
  ])('formatSbc(%p, %p) → %p', (value, decimals, expected) => {
    expect(formatSbc(value, decimals)).toBe(expected);
  });
});

describe('unit price (2 decimals) and inventory value (0 decimals)', () => {
  it.each([
    [2.5, '2.50 SBC', '3 SBC'],
    [1234.567, '1,234.57 SBC', '1,235 SBC'],
    [Infinity, '0.00 SBC', '0 SBC'],
  ])('%p → %p / %p', (value, unitPrice, inventory) => {
    expect(formatUnitPrice(value)).toBe(unitPrice);
    expect(formatInventoryValue(value)).toBe(inventory);
  });
});

describe('formatValueDelta (sbc unit)', () => {
  it.each([
    [12.5, 2, '+12.50 sbc', 'positive'],
    [-3, 2, '−3.00 sbc', 'negative'],
    [0, 0, '0 sbc', 'neutral'],
    [1500, 0, '+1,500 sbc', 'positive'],
  ])('%p → %p', (value, decimals, text, tone) => {
    expect(formatValueDelta(value, decimals)).toEqual({ text, tone });
  });
});

describe('formatEur (Italian locale)', () => {
  it.each([
    [12.5, '12,50\u00a0€'],
    [1234.5, '1234,50\u00a0€'],
    [12345.5, '12.345,50\u00a0€'],
    [0, '0,00\u00a0€'],
    [NaN, '0,00\u00a0€'],
  ])('%p → %p', (value, expected) => {
    expect(formatEur(value)).toBe(expected);
  });
});
