import { formatRank } from './rank';

describe('formatRank (2 integer digits)', () => {
  it.each([
    [1, '01'],
    [9, '09'],
    [10, '10'],
    [123, '123'],
    [0, '00'],
    [NaN, '00'],
  ])('%p → %p', (n, expected) => {
    expect(formatRank(n)).toBe(expected);
  });
});
