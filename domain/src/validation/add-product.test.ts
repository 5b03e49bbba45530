import { ADD_PRODUCT_DEFAULTS, toNewProductInput, validateAddProduct, type AddProductFormValues } from './add-product';

const valid: AddProductFormValues = {
  ...ADD_PRODUCT_DEFAULTS,
  name: 'Bread',
  category: 'food',
  price_max: 10,
  price_min: '2.5',
  production_cost: 1,
  production_time: 150,
  production_request_index: 50,
  space_required: 0,
};

describe('ADD_PRODUCT_DEFAULTS', () => {
  it('starts with type product, materialId product, enabled true and the other fields empty', () => {
    expect(ADD_PRODUCT_DEFAULTS).toMatchObject({
      type: 'product', materialId: 'product', enabled: true, name: '', category: '', price_max: '', talent_required: '', requested_materials: {},
    });
  });

  it('is invalid as is: every required field reports', () => {
    expect(validateAddProduct(ADD_PRODUCT_DEFAULTS)).toEqual({
      name: 'Nome è obbligatorio',
      category: 'Categoria è obbligatorio',
      price_max: 'Prezzo massimo è obbligatorio',
      price_min: 'Prezzo minimo è obbligatorio',
      production_cost: 'Costo di produzione è obbligatorio',
      production_time: 'Tempo di produzione è obbligatorio',
      production_request_index: 'Indice richiesta produzione è obbligatorio',
      space_required: 'Spazio richiesto è obbligatorio',
    });
  });
});

describe('validateAddProduct (section 5 table)', () => {
  it('accepts a complete form', () => {
    expect(validateAddProduct(valid)).toEqual({});
  });

  it.each<[Partial<AddProductFormValues>, Record<string, string>]>([
    [{ name: 'B' }, { name: 'Nome deve essere di almeno 2 caratteri' }],
    [{ name: '  B  ' }, { name: 'Nome deve essere di almeno 2 caratteri' }],
    [{ name: 'x'.repeat(100) }, {}],
    [{ name: 'x'.repeat(101) }, { name: 'Nome non può superare 100 caratteri' }],
    [{ category: 'c'.repeat(50) }, {}],
    [{ category: 'c'.repeat(51) }, { category: 'Categoria non può superare 50 caratteri' }],
    [{ type: '' }, { type: 'Tipo è obbligatorio' }],
    [{ price_max: -0.01 }, { price_max: 'Prezzo massimo deve essere maggiore o uguale a 0' }],
    [{ price_min: '-1' }, { price_min: 'Prezzo minimo deve essere maggiore o uguale a 0' }],
    [{ price_min: 'abc' }, { price_min: 'Prezzo minimo è obbligatorio' }],
    [{ production_cost: -5 }, { production_cost: 'Costo di produzione deve essere maggiore o uguale a 0' }],
    [{ production_time: '' }, { production_time: 'Tempo di produzione è obbligatorio' }],
    [{ production_request_index: -1 }, { production_request_index: 'Indice richiesta produzione deve essere maggiore o uguale a 0' }],
    [{ space_required: NaN }, { space_required: 'Spazio richiesto è obbligatorio' }],
    [{ talent_required: 't'.repeat(101) }, { talent_required: 'Talento richiesto non può superare 100 caratteri' }],
    [{ talent_required: null }, {}],
    [{ materialId: 'm'.repeat(101) }, { materialId: 'ID Materiale non può superare 100 caratteri' }],
    [{ image_url: 'u'.repeat(500) }, {}],
    [{ image_url: 'u'.repeat(501) }, { image_url: 'URL Immagine non può superare 500 caratteri' }],
    [{ increase: '' }, {}],
    [{ increase: -1 }, { increase: 'Incremento deve essere maggiore o uguale a 0' }],
    [{ originalPath: 'p'.repeat(201) }, { originalPath: 'Percorso originale non può superare 200 caratteri' }],
    [{ price_min: 50, price_max: 10 }, {}],
    // The name gives the slug: one that is a fixed address of the site is refused on the name (product-slug.ts).
    [{ name: 'Profitability' }, { name: 'Lo slug "profitability" è riservato: /products/profitability è un indirizzo del sito, non la pagina di un prodotto. Scegli un altro nome' }],
    [{ name: ' Profitability! ' }, { name: 'Lo slug "profitability" è riservato: /products/profitability è un indirizzo del sito, non la pagina di un prodotto. Scegli un altro nome' }],
    [{ name: 'Profitability Index' }, {}],
    [{ name: 'Bread', slug: 'profitability' }, { name: 'Lo slug "profitability" è riservato: /products/profitability è un indirizzo del sito, non la pagina di un prodotto. Scegli un altro nome' }],
  ])('%p → %p', (overrides, expected) => {
    expect(validateAddProduct({ ...valid, ...overrides })).toEqual(expected);
  });
});

describe('toNewProductInput', () => {
  it('trims texts, parses numbers and keeps the form choices', () => {
    expect(
      toNewProductInput({ ...valid, name: ' Bread ', slug: ' ', talent_required: '', increase: '', requested_materials: { Flour: 2 } }),
    ).toEqual({
      name: 'Bread', category: 'food', type: 'product',
      price_max: 10, price_min: 2.5, production_cost: 1, production_time: 150, production_request_index: 50, space_required: 0,
      talent_required: 'unknown', materialId: 'product', image_url: '', increase: 0, originalPath: '', enabled: true,
      requested_materials: { Flour: 2 },
    });
  });

  it.each([
    [null, null],
    ['Chef', 'Chef'],
  ])('talent %p → %p', (talent_required, expected) => {
    expect(toNewProductInput({ ...valid, talent_required }).talent_required).toBe(expected);
  });

  it('keeps an explicit slug', () => {
    expect(toNewProductInput({ ...valid, slug: 'my-bread' }).slug).toBe('my-bread');
  });
});
