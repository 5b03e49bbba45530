import { exportMaterialFile, MATERIAL_FILE_COLUMNS, materialFileMessages, materialToRow, parseMaterialFile, planMaterialImport } from './material-file';
import { importMessages, ProductFileError } from './product-file';
import { addMaterialMessages } from '../validation/add-material';

const HEADER = MATERIAL_FILE_COLUMNS.join(',');
const row = (over: Partial<Record<(typeof MATERIAL_FILE_COLUMNS)[number], string>> = {}) => {
  const base: Record<string, string> = { name: 'Ferro', unit: 'kg', spaceRequired: '0.5', value: '3.5', amount: '100', image_url: '' };
  return MATERIAL_FILE_COLUMNS.map((c) => over[c] ?? base[c]).join(',');
};
const csv = (...lines: string[]) => [HEADER, ...lines].join('\n');

describe('parseMaterialFile: rows with line numbers and Add Material messages', () => {
  it('has the name and every editable field as columns', () => {
    expect(MATERIAL_FILE_COLUMNS).toEqual(['name', 'unit', 'spaceRequired', 'value', 'amount', 'image_url']);
  });

  it('reads a good CSV row as typed values', () => {
    expect(parseMaterialFile(csv(row()), 'csv')).toEqual([{ line: 2, errors: [], values: { name: 'Ferro', unit: 'kg', spaceRequired: 0.5, value: 3.5, amount: 100, image_url: '' } }]);
  });

  test.each([
    ['a negative price', row({ value: '-1' }), ['Prezzo unitario deve essere maggiore o uguale a 0']],
    ['a missing quantity', row({ amount: '' }), ['Quantità è obbligatorio']],
    ['a price that is not a number', row({ value: 'caro' }), ['value deve essere un numero', 'Prezzo unitario è obbligatorio']],
    ['a one-letter name', row({ name: 'F' }), ['Nome deve essere di almeno 2 caratteri']],
    ['a name with a slash', row({ name: 'Fe/Ni' }), [addMaterialMessages.badName]],
    ['the bookkeeping name list', row({ name: 'list' }), [addMaterialMessages.badName]],
    ['an empty unit', row({ unit: '' }), ['Unità è obbligatorio']],
    ['a 21-character unit', row({ unit: 'u'.repeat(21) }), ['Unità non può superare 20 caratteri']],
    ['a row with too few cells', 'Ferro,kg', [importMessages.wrongCellCount(2, 6)]],
  ])('%s', (_label, line, errors) => {
    const [parsed] = parseMaterialFile(csv(line), 'csv');
    expect([parsed.line, parsed.values, parsed.errors]).toEqual([2, null, errors]);
  });

  it('refuses a name already in the file at its later lines, naming the first', () => {
    const rows = parseMaterialFile(csv(row(), row({ value: '4' }), row({ name: 'Rame' })), 'csv');
    expect(rows.map((r) => [r.line, r.errors])).toEqual([
      [2, []],
      [3, [materialFileMessages.duplicateInFile('Ferro', 2)]],
      [4, []],
    ]);
  });

  test.each([
    ['an unknown column (a products file)', 'slug,name\nsolar-panel,Solar Panel\n', importMessages.unknownColumn('slug'), 1],
    ['a missing column', `${HEADER.replace(',amount', '')}\n`, importMessages.missingColumn('amount'), 1],
    ['only a header', `${HEADER}\n`, materialFileMessages.emptyFile, null],
    ['unclosed quotes', csv(row(), '"Rame,kg'), importMessages.badQuotes, 3],
  ])('CSV with %s is refused whole, with the line', (_label, text, message, line) => {
    let thrown: unknown = null;
    try {
      parseMaterialFile(text, 'csv');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ProductFileError);
    expect([(thrown as ProductFileError).message, (thrown as ProductFileError).line]).toEqual([message, line]);
  });

  it('JSON rows carry the line of their object; a wrong key or a string number refuses its row', () => {
    const text = '[\n  {"name": "Ferro", "unit": "kg", "spaceRequired": 0.5, "value": 3.5, "amount": 100, "image_url": ""},\n  {"name": "Rame", "colore": "rosso"},\n  {"name": "Oro", "unit": "g", "spaceRequired": 0, "value": "9", "amount": 1}\n]';
    expect(parseMaterialFile(text, 'json').map((r) => [r.line, r.errors])).toEqual([
      [2, []],
      [3, [importMessages.unknownColumn('colore')]],
      [4, ['value deve essere un numero', 'Prezzo unitario è obbligatorio']],
    ]);
  });

  test.each([
    ['not JSON', '{oops', /^JSON non valido: /],
    ['not a list', '{"name": "Ferro"}', materialFileMessages.notAnArray],
    ['an empty list', '[]', materialFileMessages.emptyFile],
  ])('JSON %s is refused whole', (_label, text, message) => {
    expect(() => parseMaterialFile(text, 'json')).toThrow(message);
  });
});

describe('the dry run', () => {
  const stored = new Map<string, Record<string, unknown>>([
    ['Ferro', { id: 4, unit: 'kg', spaceRequired: 0.5, value: 3.5, amount: 100, image_url: 'https://img.test/fe.png', lastqty: 90, lastvalue: 3, startqty: 50, startvalue: 2, cyclecount: 7 }],
    ['Rame', { id: 9, unit: 't', spaceRequired: 1, value: 8, amount: 5 }],
  ]);
  it('says row by row what would be created (ids after the highest), updated (only what differs) or left as it is', () => {
    const rows = parseMaterialFile(csv(row({ value: '4', image_url: 'https://img.test/fe.png' }), row({ name: 'Rame', unit: 't', spaceRequired: '1', value: '8', amount: '5' }), row({ name: 'Oro', amount: '-1' }), row({ name: 'Oro' }), row({ name: 'Argento', image_url: 'https://img.test/ag.png' })), 'csv');
    const plan = planMaterialImport(rows, stored);
    expect(plan.map((p) => [p.line, p.outcome, p.slug, p.errors])).toEqual([
      [2, 'update', 'Ferro', []],
      [3, 'unchanged', 'Rame', []],
      [4, 'refused', '', ['Quantità deve essere maggiore o uguale a 0']],
      [5, 'create', 'Oro', []],
      [6, 'create', 'Argento', []],
    ]);
    expect(plan[0].change).toEqual({ productId: 'Ferro', slug: 'Ferro', name: 'Ferro', before: { value: 3.5 }, after: { value: 4 } });
    expect(plan[3].change).toEqual({
      productId: 'Oro', slug: 'Oro', name: 'Oro', create: true, before: {},
      after: { id: 10, unit: 'kg', spaceRequired: 0.5, value: 3.5, amount: 100, lastqty: 100, lastvalue: 3.5, startqty: 100, startvalue: 3.5, cyclecount: 0 },
    });
    expect(plan[4].change?.after).toMatchObject({ id: 11, image_url: 'https://img.test/ag.png' });
  });
  it('an empty image removes a stored one (null); a stored empty image and none read the same', () => {
    const rows = parseMaterialFile(csv(row(), row({ name: 'Rame', unit: 't', spaceRequired: '1', value: '8', amount: '5' })), 'csv');
    const plan = planMaterialImport(rows, new Map([...stored, ['Rame', { ...stored.get('Rame'), image_url: '' }]]));
    expect(plan.map((p) => [p.outcome, p.change?.before, p.change?.after])).toEqual([
      ['update', { image_url: 'https://img.test/fe.png' }, { image_url: null }],
      ['unchanged', undefined, undefined],
    ]);
  });
});

describe('export → import is lossless', () => {
  const tricky: Array<{ id: string; fields: Record<string, unknown> }> = [
    { id: 'Caffè, "crudo"\ndi qualità', fields: { id: 1, unit: '=kg', spaceRequired: 1 / 3, value: 1e21, amount: 0, image_url: "'+guarded", lastqty: 1, cyclecount: 3 } },
    { id: 'Ferro', fields: { id: 2, unit: 'kg', spaceRequired: 0.5, value: 3.5, amount: 100 } },
    { id: 'Legacy', fields: { id: 3, unit: 't', space_required: 2, value: 0.0001, amount: 2.5e-7, image_url: '' } },
  ];
  test.each(['csv', 'json'] as const)('%s: every value comes back, and importing the export changes nothing', (format) => {
    const rows = parseMaterialFile(exportMaterialFile(tricky, format), format);
    expect(rows.map((r) => r.errors)).toEqual([[], [], []]);
    expect(rows.map((r) => r.values)).toEqual(tricky.map((m) => materialToRow(m.id, m.fields)));
    expect(planMaterialImport(rows, new Map(tricky.map((m) => [m.id, m.fields]))).map((p) => p.outcome)).toEqual(['unchanged', 'unchanged', 'unchanged']);
  });
  it('the CSV export starts with the byte-order mark and the columns, and guards formulas', () => {
    const text = exportMaterialFile([tricky[0]], 'csv');
    expect(text.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);
    expect(text).toContain(",'=kg,");
    expect(text).toContain(",''+guarded\r\n");
  });
});
