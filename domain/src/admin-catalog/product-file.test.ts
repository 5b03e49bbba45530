import {
  checkProductFile,
  exportProductFile,
  importMessages,
  jsonElementLines,
  MAX_IMPORT_BYTES,
  parseCsvRecords,
  parseProductFile,
  planImport,
  PRODUCT_FILE_COLUMNS,
  ProductFileError,
  productToRow,
} from './product-file';
import { addProductMessages } from '../validation/add-product';
import { reservedSlugError } from '../validation/product-slug';

const HEADER = PRODUCT_FILE_COLUMNS.join(',');
const row = (over: Partial<Record<(typeof PRODUCT_FILE_COLUMNS)[number], string>> = {}) => {
  const base: Record<string, string> = {
    slug: 'solar-panel',
    name: 'Solar Panel',
    category: 'energy',
    type: 'product',
    talent_required: 'Engineering',
    materialId: 'product',
    image_url: '',
    originalPath: '',
    price_min: '10',
    price_max: '20.5',
    production_cost: '3',
    production_time: '45',
    production_request_index: '0.5',
    space_required: '1',
    increase: '0',
    enabled: 'true',
    requested_materials: '"{""Silicon"":2}"',
  };
  return PRODUCT_FILE_COLUMNS.map((c) => over[c] ?? base[c]).join(',');
};
const csv = (...lines: string[]) => [HEADER, ...lines].join('\n');

describe('checkProductFile: refused before parsing', () => {
  test.each([
    [{ name: 'catalogo.csv', size: 1000 }, 'csv'],
    [{ name: 'CATALOGO.JSON', size: 1000 }, 'json'],
  ])('%j → %s', (file, format) => {
    expect(checkProductFile(file)).toBe(format);
  });
  test.each([
    [{ name: 'huge.csv', size: 50 * 1024 * 1024 }, 'Il file è troppo grande (50 MB): il limite è 10 MB'],
    [{ name: 'edge.csv', size: MAX_IMPORT_BYTES + 1 }, 'Il file è troppo grande (10 MB): il limite è 10 MB'],
    [{ name: 'foto.png', size: 10 }, importMessages.notCsvOrJson],
    [{ name: 'catalogo.xlsx', size: 10 }, importMessages.notCsvOrJson],
  ])('%j → %s', (file, message) => {
    expect(() => checkProductFile(file)).toThrow(new ProductFileError(message));
  });
});

describe('parseCsvRecords: RFC 4180 with the line each record starts on', () => {
  test.each([
    ['a,b\r\nc,d\r\n', [{ line: 1, cells: ['a', 'b'] }, { line: 2, cells: ['c', 'd'] }]],
    ['\uFEFFa,b\nc,d', [{ line: 1, cells: ['a', 'b'] }, { line: 2, cells: ['c', 'd'] }]],
    ['a,"x\ny",z\nnext,1,2', [{ line: 1, cells: ['a', 'x\ny', 'z'] }, { line: 3, cells: ['next', '1', '2'] }]],
    ['"say ""hi""",b', [{ line: 1, cells: ['say "hi"', 'b'] }]],
    ['a\n\nb', [{ line: 1, cells: ['a'] }, { line: 3, cells: ['b'] }]],
    ['a,,', [{ line: 1, cells: ['a', '', ''] }]],
  ])('%j', (text, records) => {
    expect(parseCsvRecords(text)).toEqual(records);
  });
  it('refuses an unclosed quote with the line it starts on', () => {
    expect(() => parseCsvRecords('a\n"open,b\nc')).toThrow(new ProductFileError(importMessages.badQuotes, 2));
  });
});

describe('jsonElementLines', () => {
  test.each([
    ['[{"a":1},{"a":2}]', [1, 1]],
    ['[\n  {"a": "}{,"},\n  {\n    "b": [1, {"c": 2}]\n  }\n]', [2, 3]],
    ['[]', []],
    ['[\n  {"s": "quote \\" ]"}\n, {"x":1}]', [2, 3]],
  ])('%j → %j', (text, lines) => {
    expect(jsonElementLines(text)).toEqual(lines);
  });
});

describe('parseProductFile: rows with line numbers and the spec messages', () => {
  it('reads a good CSV row as typed values', () => {
    const [parsed] = parseProductFile(csv(row()), 'csv');
    expect(parsed).toEqual({
      line: 2,
      errors: [],
      values: {
        slug: 'solar-panel', name: 'Solar Panel', category: 'energy', type: 'product', talent_required: 'Engineering', materialId: 'product',
        image_url: '', originalPath: '', price_min: 10, price_max: 20.5, production_cost: 3, production_time: 45, production_request_index: 0.5,
        space_required: 1, increase: 0, enabled: true, requested_materials: { Silicon: 2 },
      },
    });
  });

  test.each([
    ['a price below 0', row({ price_min: '-1' }), ['Prezzo minimo deve essere maggiore o uguale a 0']],
    ['a missing price', row({ price_max: '' }), ['Prezzo massimo è obbligatorio']],
    ['a price that is not a number', row({ price_max: 'tanto' }), ['price_max deve essere un numero', 'Prezzo massimo è obbligatorio']],
    ['a short name', row({ name: 'X', slug: 'x' }), ['Nome deve essere di almeno 2 caratteri']],
    ['a long category', row({ category: 'c'.repeat(51) }), ['Categoria non può superare 50 caratteri']],
    ['a reserved slug', row({ slug: 'profitability' }), [addProductMessages.reservedSlug(reservedSlugError('profitability') as string)]],
    ['a bad enabled', row({ enabled: 'yes' }), [importMessages.notABoolean]],
    ['bad materials', row({ requested_materials: 'Silicon:2' }), [importMessages.badMaterials]],
    ['an increase that is not a number', row({ increase: 'molto' }), ['increase deve essere un numero']],
    ['a row with too few cells', 'a,b', [importMessages.wrongCellCount(2, 17)]],
  ])('%s', (_label, line, errors) => {
    const [parsed] = parseProductFile(csv(line), 'csv');
    expect(parsed.values).toBeNull();
    expect(parsed.line).toBe(2);
    expect(parsed.errors).toEqual(errors);
  });

  it('refuses a slug already in the file at its later lines, naming the first', () => {
    const rows = parseProductFile(csv(row(), row({ name: 'Other' }), row({ slug: 'wind', name: 'Wind' })), 'csv');
    expect(rows.map((r) => [r.line, r.errors])).toEqual([
      [2, []],
      [3, ['Lo slug "solar-panel" è già alla riga 2 del file']],
      [4, []],
    ]);
  });

  test.each([
    ['an unknown column', `${HEADER},colour\n${row()},red`, importMessages.unknownColumn('colour'), 1],
    ['a missing column', `${HEADER.replace(',enabled', '')}\n`, importMessages.missingColumn('enabled'), 1],
    ['only a header', `${HEADER}\n`, importMessages.emptyFile, null],
  ])('CSV with %s is refused whole', (_label, text, message, line) => {
    expect(() => parseProductFile(text, 'csv')).toThrow(new ProductFileError(message, line));
    try {
      parseProductFile(text, 'csv');
    } catch (error) {
      expect((error as ProductFileError).line).toBe(line);
    }
  });

  it('JSON rows carry the line of their object; a wrong key refuses its row', () => {
    const text = `[\n  {"slug": "a", "name": "Alpha", "category": "food", "type": "product", "talent_required": null, "materialId": "", "image_url": "", "originalPath": "",\n   "price_min": 1, "price_max": 2, "production_cost": 0, "production_time": 0, "production_request_index": 0, "space_required": 0, "enabled": true, "requested_materials": {}},\n  {"slug": "b", "colour": "red"},\n  {"slug": "c", "name": "Gamma", "category": "food", "type": "product", "price_min": "1"}\n]`;
    const rows = parseProductFile(text, 'json');
    expect(rows.map((r) => [r.line, r.errors])).toEqual([
      [2, []],
      [4, [importMessages.unknownColumn('colour')]],
      [5, ['price_min deve essere un numero', 'Prezzo massimo è obbligatorio', 'Prezzo minimo è obbligatorio', 'Costo di produzione è obbligatorio', 'Tempo di produzione è obbligatorio', 'Indice richiesta produzione è obbligatorio', 'Spazio richiesto è obbligatorio']],
    ]);
    expect(rows[0].values).toMatchObject({ slug: 'a', talent_required: null, enabled: true });
  });

  test.each([
    ['not JSON', '{oops', /^JSON non valido: /],
    ['not a list', '{"slug": "a"}', importMessages.notAnArray],
    ['an empty list', '[]', importMessages.emptyFile],
  ])('JSON %s is refused whole', (_label, text, message) => {
    expect(() => parseProductFile(text, 'json')).toThrow(message);
  });
});

describe('the dry run', () => {
  const stored = new Map([['solar-panel', { id: 'energy_solar_panel', fields: { slug: 'solar-panel', name: 'Solar Panel', category: 'energy', type: 'product', talent_required: 'Engineering', materialId: 'product', image_url: '', originalPath: '', price_min: 10, price_max: 20, production: { cost: 3, time: 45, request_index: 0.5, request_index_history: [0.4] }, space_required: 1, increase: 0, enabled: true, requested_materials: { Silicon: 2 } } }]]);
  it('says row by row what would be created, updated or refused', () => {
    const rows = parseProductFile(csv(row(), row({ slug: '', name: 'Wind Turbine', price_min: '-2' }), row({ slug: '', name: 'Wind Turbine' })), 'csv');
    const plan = planImport(rows, stored);
    expect(plan.map((p) => [p.line, p.outcome, p.slug, p.errors])).toEqual([
      [2, 'update', 'solar-panel', []],
      [3, 'refused', '', ['Prezzo minimo deve essere maggiore o uguale a 0']],
      [4, 'create', 'wind-turbine', []],
    ]);
    expect(plan[0].change).toMatchObject({ productId: 'energy_solar_panel', before: { price_max: 20 }, after: { price_max: 20.5 } });
    expect(plan[2].change).toMatchObject({ productId: 'energy_wind_turbine', create: true, before: {}, after: { slug: 'wind-turbine', average_market_price: 0, pieces_on_market: 0, lastvqvalue: [], production: { cost: 3, time: 45, request_index: 0.5, request_index_history: [] } } });
  });
  it('a new product whose document id another product holds is refused with the duplicate message', () => {
    const rows = parseProductFile(csv(row({ slug: 'solar-panel-2' })), 'csv');
    expect(planImport(rows, new Map([['x', { id: 'energy_solar_panel', fields: { slug: 'solar-panel' } }]]))[0]).toMatchObject({
      outcome: 'refused',
      errors: ['Un prodotto con lo slug "solar-panel" esiste già'],
    });
  });
  it('increase: an update may keep or set a negative change (the game stores them); a new product needs at least 0', () => {
    const rows = parseProductFile(csv(row({ increase: '-0.5' }), row({ slug: 'wind', name: 'Wind', increase: '-1' }), row({ slug: 'sun', name: 'Sun', increase: '' })), 'csv');
    expect(planImport(rows, stored).map((p) => [p.outcome, p.errors, p.change?.after.increase])).toEqual([
      ['update', [], -0.5],
      ['refused', ['Incremento deve essere maggiore o uguale a 0'], undefined],
      ['create', [], 0],
    ]);
  });
  it('changing production keeps its history', () => {
    const rows = parseProductFile(csv(row({ production_time: '60', price_max: '20' })), 'csv');
    expect(planImport(rows, stored)[0].change).toMatchObject({ after: { production: { cost: 3, time: 60, request_index: 0.5, request_index_history: [0.4] } } });
  });
});

describe('export → import is lossless', () => {
  const tricky = [
    { slug: 'a-1', name: 'Comma, "quote" and\nnewline', category: 'food', type: 'component', talent_required: null, materialId: '=SUM(A1)', image_url: "'=already guarded", originalPath: '+x', price_min: 0.1, price_max: 1e21, production: { cost: 1 / 3, time: 0, request_index: 2.5e-7, request_index_history: [1, 2] }, space_required: 3, increase: -0.0056, enabled: false, requested_materials: { Ferro: 2, 'Caffè, crudo': 1.5 } },
    { slug: 'b', name: 'Bé', category: 'énergie', type: 'product', talent_required: 'unknown', materialId: "''+twice", image_url: 'https://x.example/a.png?b=1,2', originalPath: '-', price_min: 5, price_max: 5, production: { cost: 0, time: 45, request_index: 1 }, space_required: 0, increase: 0, enabled: true, requested_materials: {} },
    { slug: 'c', name: 'Old one', category: 'home' },
  ];
  it('the export carries increase, so a stored increase comes back and a changed one is an update', () => {
    const rows = parseProductFile(exportProductFile([{ ...tricky[0], increase: 0.25 }], 'csv'), 'csv');
    expect(rows[0].values?.increase).toBe(0.25);
    expect(planImport(rows, new Map([['a-1', { id: 'id0', fields: tricky[0] as Record<string, unknown> }]]))[0].change).toMatchObject({ before: { increase: -0.0056 }, after: { increase: 0.25 } });
  });
  test.each(['csv', 'json'] as const)('%s: every value comes back, and importing the export changes nothing', (format) => {
    const text = exportProductFile(tricky, format);
    const rows = parseProductFile(text, format);
    expect(rows.map((r) => r.errors)).toEqual([[], [], []]);
    expect(rows.map((r) => r.values)).toEqual(tricky.map(productToRow));
    const stored = new Map(tricky.map((p, i) => [p.slug, { id: `id${i}`, fields: p as Record<string, unknown> }]));
    expect(planImport(rows, stored).map((p) => p.outcome)).toEqual(['unchanged', 'unchanged', 'unchanged']);
  });
  it('the CSV export starts with the byte-order mark and the columns, and guards formulas', () => {
    const text = exportProductFile([tricky[0]], 'csv');
    expect(text.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);
    expect(text).toContain(",'=SUM(A1),''=already guarded,'+x,");
  });
});
