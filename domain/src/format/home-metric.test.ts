import { formatHomeMetric } from './home-metric';

describe('formatHomeMetric (section 5 "Home metrics")', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [12.4, '12'],
    [12.5, '13'],
    [999, '999'],
    [1000, '1k+'],
    [1999, '1k+'],
    [2500, '2k+'],
    [45_678, '45k+'],
    [999_999, '999k+'],
    [1e6, '1M'],
    [1.5e6, '1.5M'],
    [1.234e6, '1.23M'],
    [9.999e6, '10M'],
    [12.34e6, '12.3M'],
    [12e6, '12M'],
    [250.06e6, '250.1M'],
    [1e9, '1B'],
    [2.345e9, '2.35B'],
    [2.5e9, '2.5B'],
    [15.67e9, '15.7B'],
    [150e9, '150B'],
    [NaN, '0'],
    [Infinity, '0'],
    [-Infinity, '0'],
  ])('%p → %p', (value, expected) => {
    expect(formatHomeMetric(value)).toBe(expected);
  });

  it.each([undefined, null])('a missing statistic (%p) shows a dash', (value) => {
    expect(formatHomeMetric(value)).toBe('—');
  });
});
