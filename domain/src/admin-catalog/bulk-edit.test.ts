import {
  adjustPrice,
  BULK_CHUNK_PRODUCTS,
  bulkAuditEntryId,
  bulkEditMessages,
  chunk,
  planBulkEdit,
  validateBulkEdit,
  type BulkEdit,
} from './bulk-edit';

describe('adjustPrice: a percentage, half-up to the cent, never below 0', () => {
  test.each([
    [100, 10, 110],
    [100, -10, 90],
    [19.99, 10, 21.99], // 21.989 → 21.99
    [1.005, 0.0001, 1.01], // half-up on the text, not binary floating point's 1.00
    [0.05, 10, 0.06], // 0.055 → 0.06
    [0, 50, 0],
    [10, -99, 0.1],
    [2.5, 1000, 27.5],
    [3.33, -33.3, 2.22], // 2.22111
  ])('%s %+s%% → %s', (value, percent, expected) => {
    expect(adjustPrice(value, percent)).toBe(expected);
  });
});

describe('validateBulkEdit (Italian messages, SPEC section 5 forms)', () => {
  test.each([
    ['nothing chosen', {}, { form: bulkEditMessages.nothingToChange }],
    ['only blanks', { category: '  ', pricePercent: ' ' }, { form: bulkEditMessages.nothingToChange }],
    ['0 % is no change', { pricePercent: '0' }, { form: bulkEditMessages.nothingToChange }],
    ['category too long', { category: 'x'.repeat(51) }, { category: 'Categoria non può superare 50 caratteri' }],
    ['talent too long', { talent_required: 'x'.repeat(101) }, { talent_required: 'Talento richiesto non può superare 100 caratteri' }],
    ['percent not a number', { pricePercent: 'dieci' }, { pricePercent: 'Variazione prezzi (%) deve essere un numero' }],
    ['percent below the range', { pricePercent: '-100' }, { pricePercent: 'Variazione prezzi (%) deve essere tra -99 e 1000' }],
    ['percent above the range', { pricePercent: '1000.5' }, { pricePercent: 'Variazione prezzi (%) deve essere tra -99 e 1000' }],
  ])('%s', (_label, input, errors) => {
    const result = validateBulkEdit(input);
    expect(result.edit).toBeNull();
    expect(result.errors).toEqual(errors);
  });

  test.each([
    ['category trimmed', { category: ' energy ' }, { set: { category: 'energy' }, pricePercent: null }],
    ['talent None', { talent_required: null }, { set: { talent_required: null }, pricePercent: null }],
    ['Italian decimal comma', { pricePercent: '-5,5' }, { set: {}, pricePercent: -5.5 }],
    ['range ends allowed', { pricePercent: '-99' }, { set: {}, pricePercent: -99 }],
    ['several fields', { type: 'component', pricePercent: '1000' }, { set: { type: 'component' }, pricePercent: 1000 }],
  ])('%s', (_label, input, edit) => {
    expect(validateBulkEdit(input)).toEqual({ edit, errors: {} });
  });
});

describe('planBulkEdit: every change, before → after', () => {
  const products = [
    { id: 'a', fields: { slug: 'alpha', name: 'Alpha', category: 'food', type: 'product', talent_required: 'unknown', price_min: 10, price_max: 20 } },
    { id: 'b', fields: { slug: 'beta', name: 'Beta', category: 'energy', type: 'product', price_min: 0, price_max: 'n/a' } },
  ];
  test.each<[string, BulkEdit, unknown]>([
    ['set a sector: the product already in it is left out', { set: { category: 'energy' }, pricePercent: null }, [
      { productId: 'a', slug: 'alpha', name: 'Alpha', before: { category: 'food' }, after: { category: 'energy' } },
    ]],
    ['a missing field counts as null', { set: { talent_required: 'Cooking' }, pricePercent: null }, [
      { productId: 'a', slug: 'alpha', name: 'Alpha', before: { talent_required: 'unknown' }, after: { talent_required: 'Cooking' } },
      { productId: 'b', slug: 'beta', name: 'Beta', before: { talent_required: null }, after: { talent_required: 'Cooking' } },
    ]],
    ['prices: 0 stays 0, a text price is left alone', { set: {}, pricePercent: 10 }, [
      { productId: 'a', slug: 'alpha', name: 'Alpha', before: { price_min: 10, price_max: 20 }, after: { price_min: 11, price_max: 22 } },
    ]],
    ['nothing changes', { set: { type: 'product' }, pricePercent: null }, []],
  ])('%s', (_label, edit, changes) => {
    expect(planBulkEdit(products, edit)).toEqual(changes);
  });
});

describe('batches and idempotency keys', () => {
  it('keeps a commit within 500 writes (2 a product)', () => {
    expect(BULK_CHUNK_PRODUCTS * 2).toBeLessThanOrEqual(500);
  });
  test.each([
    [0, 100, []],
    [1, 100, [1]],
    [250, 100, [100, 100, 50]],
  ])('%s items in chunks of %s', (n, size, sizes) => {
    expect(chunk(Array.from({ length: n }, (_, i) => i), size).map((c) => c.length)).toEqual(sizes);
  });
  it('one entry id per job and product', () => {
    expect(bulkAuditEntryId('job1', 'food_bread')).toBe('bulk_job1_food_bread');
    expect(bulkAuditEntryId('job2', 'food_bread')).not.toBe(bulkAuditEntryId('job1', 'food_bread'));
  });
});
