import { parseWholeQuantity, productDocumentId, slugify, upperFirst } from './text';

describe('slugify (section 5 "Adding")', () => {
  it.each([
    ['Bread', 'bread'],
    ['  Super Bread  ', 'super-bread'],
    ['Hello, World!', 'hello-world'],
    ['a  b   c', 'a-b-c'],
    ['pre--built -- kit', 'pre-built-kit'],
    ['-edge-', 'edge'],
    [' - spaced - ', 'spaced'],
    ['Caffè Latte', 'caffe-latte'],
    ['Perché Sì', 'perche-si'],
    ['snake_case name', 'snakecase-name'],
    ['Prodotto #1 (v2)', 'prodotto-1-v2'],
    ['Ünïcødé', 'unicde'],
    ['€€€', ''],
    ['', ''],
  ])('%p → %p', (name, expected) => {
    expect(slugify(name)).toBe(expected);
  });
});

describe('productDocumentId (section 7)', () => {
  it.each([
    ['food', 'Bread', 'food_bread'],
    ['Food & Drinks', 'Caffè Latte', 'food___drinks_caff__latte'],
    ['tech', 'Chip-X 2000', 'tech_chip_x_2000'],
    ['', 'a', '_a'],
    ['tech', 'Rocket 🚀', 'tech_rocket__'],
  ])('(%p, %p) → %p', (category, name, expected) => {
    expect(productDocumentId(category, name)).toBe(expected);
  });
});

describe('upperFirst (materials picker)', () => {
  it.each([
    ['ferro', 'Ferro'],
    ['Legno', 'Legno'],
    ['  acqua ', 'Acqua'],
    ['èlite', 'Èlite'],
    ['', ''],
  ])('%p → %p', (s, expected) => {
    expect(upperFirst(s)).toBe(expected);
  });
});

describe('parseWholeQuantity', () => {
  it.each([
    ['3', 3],
    [' 12 ', 12],
    [5, 5],
    ['2.7', 2],
    ['0', null],
    [0, null],
    ['-4', null],
    ['0.5', null],
    ['', null],
    ['abc', null],
    ['3abc', null],
    [NaN, null],
    [null, null],
    [undefined, null],
  ])('%p → %p', (input, expected) => {
    expect(parseWholeQuantity(input)).toBe(expected);
  });
});
