import { buildNewProductDocument, EMPTY_SLUG_MESSAGE, newProductSlug, takenIdMessage } from './new-product';
import type { NewProductInput } from './types';

const input: NewProductInput = {
  name: 'Caffè Latte',
  category: 'food',
  type: 'component',
  price_max: 10,
  price_min: 2,
  production_cost: 1.5,
  production_time: 90,
  production_request_index: 40,
  space_required: 3,
  talent_required: null,
  materialId: 'product',
  image_url: 'https://img/x.png',
  increase: 7,
  originalPath: 'old/path',
  enabled: false,
  requested_materials: { Latte: 2 },
};
const NOW = new Date('2025-11-22T14:05:00Z');

describe('buildNewProductDocument (section 7 fixed values)', () => {
  it('writes the form values with the fixed values of the add call', () => {
    expect(buildNewProductDocument(input, NOW)).toEqual({
      slug: 'caffe-latte',
      name: 'Caffè Latte',
      category: 'food',
      type: 'product',
      materialId: 'product',
      image_url: 'https://img/x.png',
      originalPath: '',
      average_market_price: 0,
      price_max: 10,
      price_min: 2,
      pieces_on_market: 0,
      increase: 0,
      lastvqvalue: [],
      production: { cost: 1.5, time: 90, request_index: 40, request_index_history: [] },
      requested_materials: { Latte: 2 },
      space_required: 3,
      talent_required: null,
      enabled: false,
      createdAt: NOW,
      updatedAt: NOW,
    });
  });

  it('defaults enabled to true when the input omits it', () => {
    const { enabled: _omitted, ...rest } = input;
    expect(buildNewProductDocument(rest as NewProductInput, NOW).enabled).toBe(true);
  });

  it('does not share the requested materials object with the input', () => {
    const doc = buildNewProductDocument(input, NOW);
    doc.requested_materials.Latte = 99;
    expect(input.requested_materials.Latte).toBe(2);
  });
});

describe('newProductSlug', () => {
  it.each([
    [{ name: 'Super Bread', slug: undefined }, 'super-bread'],
    [{ name: 'Super Bread', slug: '' }, 'super-bread'],
    [{ name: 'Super Bread', slug: '  ' }, 'super-bread'],
    [{ name: 'Super Bread', slug: ' my-slug ' }, 'my-slug'],
    [{ name: 'Steel_Beam', slug: undefined }, 'steelbeam'],
    [{ name: '!!', slug: undefined }, ''],
    [{ name: '日本', slug: undefined }, ''],
  ])('%p → %p', (value, expected) => {
    expect(newProductSlug(value)).toBe(expected);
  });

  it('an empty slug has an Italian message that says what to change', () => {
    expect(EMPTY_SLUG_MESSAGE).toMatch(/^Impossibile generare lo slug dal nome/);
  });
});

describe('takenIdMessage (the category_name id is already used)', () => {
  it.each([
    ['steel-beam', 'steelbeam', 'Un prodotto con lo slug "steel-beam" esiste già'],
    [undefined, 'steelbeam', 'Un prodotto con lo slug "steelbeam" esiste già'],
    ['  ', 'steelbeam', 'Un prodotto con lo slug "steelbeam" esiste già'],
    [42, 'steelbeam', 'Un prodotto con lo slug "steelbeam" esiste già'],
  ])('stored slug %p, new slug %p → %p', (stored, fresh, expected) => {
    expect(takenIdMessage(stored, fresh)).toBe(expected);
  });
});
