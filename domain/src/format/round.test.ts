import { finiteOrZero, roundTo } from './round';

describe('roundTo (half up on the decimal text)', () => {
  it.each([
    [2.345, 2, 2.35],
    [1.005, 2, 1.01],
    [15.67, 1, 15.7],
    [-2.345, 2, -2.35],
    [-0.001, 2, 0],
    [1e-7, 2, 0],
    [1e21, 2, 1e21],
    [999.5, 0, 1000],
  ])('roundTo(%p, %p) = %p', (value, decimals, expected) => {
    expect(roundTo(value, decimals)).toBe(expected);
  });
});

describe('finiteOrZero', () => {
  it.each([
    [5, 5],
    [NaN, 0],
    [Infinity, 0],
    [-Infinity, 0],
    [undefined, 0],
    [null, 0],
  ])('%p → %p', (value, expected) => {
    expect(finiteOrZero(value)).toBe(expected);
  });
});
