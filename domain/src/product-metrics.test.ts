import { formatGameDuration, productHasMarketFigures, productLeadTime, productMarketCap, productSpread, requestIndexVolatility } from './product-metrics';

describe('productMarketCap (average price × pieces on market)', () => {
  it.each([
    [12.5, 4, 50],
    [0, 100, 0],
    [3, 0, 0],
  ])('%p × %p = %p', (average_market_price, pieces_on_market, expected) => {
    expect(productMarketCap({ average_market_price, pieces_on_market })).toBe(expected);
  });
});

describe('productHasMarketFigures (a price line or an average price)', () => {
  it.each<[string, number[], number, boolean]>([
    ['a traded product', [10, 11], 11, true],
    ['never traded but priced (the Prototype Drone)', [], 1769, true],
    ["an administrator's new product", [], 0, false],
    ['a document without the figures (read as 0)', [], 0, false],
  ])('%s: %p', (_name, lastvqvalue, average_market_price, expected) => {
    expect(productHasMarketFigures({ lastvqvalue, average_market_price })).toBe(expected);
  });
});

describe('productSpread (max minus min price)', () => {
  it.each([
    [10, 25, { spread: 15, min: 10, max: 25 }],
    [0, 0, { spread: 0, min: 0, max: 0 }],
  ])('min %p, max %p → %p', (price_min, price_max, expected) => {
    expect(productSpread({ price_min, price_max })).toEqual(expected);
  });
});

describe('requestIndexVolatility (population standard deviation)', () => {
  it.each([
    [[2, 4, 4, 4, 5, 5, 7, 9], 2],
    [[50, 50, 50], 0],
    [[10, 20], 5],
    [[], 0],
    [[10, NaN, 20], 5],
  ])('%p → %p', (history, expected) => {
    expect(requestIndexVolatility(history)).toBeCloseTo(expected, 10);
  });
});

describe('productLeadTime (minutes of game time)', () => {
  it.each([
    [0, '0m'],
    [45, '45m'],
    [60, '1h'],
    [150, '2h 30m'],
    [1439, '23h 59m'],
    [1440, '1d'],
    [1680, '1d 4h'],
    [1710, '1d 4h'],
    [4 * 1440 + 60, '4d 1h'],
    [-5, '0m'],
    [NaN, '0m'],
    [29.6, '30m'],
  ])('%p minutes → %p', (time, expected) => {
    expect(formatGameDuration(time)).toBe(expected);
    expect(productLeadTime({ production: { cost: 0, time, request_index: 0, request_index_history: [] } })).toBe(expected);
  });
});
