import {
  exportFileName,
  filterCategories,
  filterProducts,
  formatJson,
  jsonEditorButtons,
  jsonStatusLabel,
  jsonTextError,
  minifyJson,
  parseJsonText,
  showCategoryDropdown,
  slugEditError,
  updateErrorMessage,
  validateProductForUpdate,
} from './json-editor';
import { SLUG_CHANGE_MESSAGE } from './errors';

describe('parseJsonText', () => {
  it('gives the value of valid JSON', () => {
    expect(parseJsonText('{"slug":"a","n":[1,2]}')).toEqual({ value: { slug: 'a', n: [1, 2] } });
  });

  it.each(['{', '{"a":}', 'nope', ''])('gives the parser message for %p', (text) => {
    let parserMessage = '';
    try {
      JSON.parse(text);
    } catch (e) {
      parserMessage = (e as Error).message;
    }
    expect(parseJsonText(text)).toEqual({ error: parserMessage });
  });

  it("falls back to 'JSON non valido' when the parser gives no message", () => {
    const spy = jest.spyOn(JSON, 'parse').mockImplementation(() => {
      throw new SyntaxError('');
    });
    try {
      expect(parseJsonText('{')).toEqual({ error: 'JSON non valido' });
    } finally {
      spy.mockRestore();
    }
  });
});

describe('format and minify', () => {
  it('pretty-prints with 2 spaces', () => {
    expect(formatJson('{"a":1,"b":[true,null]}')).toBe('{\n  "a": 1,\n  "b": [\n    true,\n    null\n  ]\n}');
  });

  it('minifies', () => {
    expect(minifyJson('{\n  "a": 1,\n  "b": [ 2 ]\n}')).toBe('{"a":1,"b":[2]}');
  });

  it.each([formatJson, minifyJson])('%p throws on invalid text', (fn) => {
    expect(() => fn('{')).toThrow(SyntaxError);
  });
});

describe('jsonStatusLabel and jsonTextError', () => {
  it.each([
    ['', 'Vuoto', null],
    ['   \n', 'Vuoto', null],
    ['{"a":1}', 'Valido', null],
    ['[]', 'Valido', null],
    ['{"a":', 'Errore', 'error'],
  ])('%p → %p', (text, label, error) => {
    expect(jsonStatusLabel(text)).toBe(label);
    if (error === null) expect(jsonTextError(text)).toBeNull();
    else expect(jsonTextError(text)).toEqual(expect.any(String));
  });
});

describe('jsonEditorButtons (section 5)', () => {
  it.each([
    [{ hasSelection: false, text: '', hasError: false }, { format: false, minify: false, validate: false, save: false, reload: false, export: false }],
    [{ hasSelection: true, text: '', hasError: false }, { format: false, minify: false, validate: false, save: false, reload: true, export: false }],
    [{ hasSelection: true, text: '  ', hasError: false }, { format: false, minify: false, validate: false, save: false, reload: true, export: false }],
    [{ hasSelection: false, text: '{}', hasError: false }, { format: true, minify: true, validate: true, save: false, reload: false, export: true }],
    [{ hasSelection: true, text: '{}', hasError: false }, { format: true, minify: true, validate: true, save: true, reload: true, export: true }],
    [{ hasSelection: true, text: '{', hasError: true }, { format: false, minify: false, validate: true, save: false, reload: true, export: false }],
    [{ hasSelection: false, text: '{', hasError: true }, { format: false, minify: false, validate: true, save: false, reload: false, export: false }],
  ])('%p → %p', (state, expected) => {
    expect(jsonEditorButtons(state)).toEqual(expected);
  });
});

describe('exportFileName', () => {
  it.each([
    ['bread', 'bread.json'],
    ['', 'product.json'],
    [undefined, 'product.json'],
    [null, 'product.json'],
  ])('%p → %p', (slug, expected) => {
    expect(exportFileName(slug)).toBe(expected);
  });
});

describe('slugEditError: the slug never changes, and a reserved one is refused by name', () => {
  const reserved = 'Lo slug "profitability" è riservato: /products/profitability è un indirizzo del sito, non la pagina di un prodotto';
  it.each<[unknown, string, string | null]>([
    ['bread', 'bread', null],
    ['pane', 'bread', SLUG_CHANGE_MESSAGE],
    ['profitability', 'bread', reserved],
    [' Profitability ', 'bread', 'Lo slug "Profitability" è riservato: /products/Profitability è un indirizzo del sito, non la pagina di un prodotto'],
    [7, 'bread', SLUG_CHANGE_MESSAGE],
    [undefined, 'bread', SLUG_CHANGE_MESSAGE],
    // Already stored under a reserved slug: still editable, or it could never be fixed or disabled.
    ['profitability', 'profitability', null],
  ])('%p (stored %p) → %p', (edited, stored, expected) => {
    expect(slugEditError(edited, stored)).toBe(expected);
  });
});

describe('validateProductForUpdate', () => {
  it.each([
    [{ slug: 'a', name: 'A' }, null],
    [{ slug: 'a' }, 'Il prodotto deve avere almeno slug e name'],
    [{ name: 'A' }, 'Il prodotto deve avere almeno slug e name'],
    [{ slug: '', name: 'A' }, 'Il prodotto deve avere almeno slug e name'],
    [{ slug: 'a', name: '   ' }, 'Il prodotto deve avere almeno slug e name'],
    [{ slug: 'a', name: 7 }, 'Il prodotto deve avere almeno slug e name'],
    [{ slug: 1, name: 'A' }, 'Il prodotto deve avere almeno slug e name'],
    [{ slug: 'a', name: null }, 'Il prodotto deve avere almeno slug e name'],
    [{ slug: ['a'], name: 'A' }, 'Il prodotto deve avere almeno slug e name'],
    [{ slug: 'a', name: { it: 'A' } }, 'Il prodotto deve avere almeno slug e name'],
    [[], 'Il prodotto deve avere almeno slug e name'],
    [null, 'Il prodotto deve avere almeno slug e name'],
    ['text', 'Il prodotto deve avere almeno slug e name'],
  ])('%p → %p', (obj, expected) => {
    expect(validateProductForUpdate(obj)).toBe(expected);
  });
});

describe('updateErrorMessage (section 8)', () => {
  const coded = (code: string, message: string) => Object.assign(new Error(message), { code });
  it.each([
    ['a refused write', coded('permission-denied', 'Missing or insufficient permissions.'), "Errore durante l'aggiornamento del prodotto"],
    ['an expired session', coded('unauthenticated', 'Request had no credentials.'), "Errore durante l'aggiornamento del prodotto"],
    ['a prefixed refused write', coded('firestore/permission-denied', 'Missing or insufficient permissions.'), "Errore durante l'aggiornamento del prodotto"],
    ['our not-found error', coded('not-found', 'Prodotto con slug "x" non trovato'), 'Prodotto con slug "x" non trovato'],
    ['an error without text', new Error(''), "Errore durante l'aggiornamento del prodotto"],
    ['a thrown string', 'boom', "Errore durante l'aggiornamento del prodotto"],
    ['undefined', undefined, "Errore durante l'aggiornamento del prodotto"],
  ])('%s', (_label, error, expected) => {
    expect(updateErrorMessage(error)).toBe(expected);
  });
});

describe('filterProducts (name, slug or category, case-insensitive)', () => {
  const products = [
    { name: 'Bread', slug: 'bread', category: 'food' },
    { name: 'Chip', slug: 'chip-x', category: 'Tech' },
    { name: 'Wine', slug: 'vino', category: 'drinks' },
  ];
  it.each([
    ['', ['Bread', 'Chip', 'Wine']],
    ['BRE', ['Bread']],
    ['chip-', ['Chip']],
    ['tech', ['Chip']],
    ['VIN', ['Wine']],
    ['  food ', ['Bread']],
    ['zzz', []],
  ])('%p → %p', (query, expected) => {
    expect(filterProducts(products, query).map((p) => p.name)).toEqual(expected);
  });
});

describe('filterCategories and the dropdown', () => {
  const categories = ['Food', 'Fast Food', 'Tech'];
  it.each([
    ['foo', ['Food', 'Fast Food'], true],
    ['TECH', ['Tech'], true],
    ['xyz', [], false],
    ['', ['Food', 'Fast Food', 'Tech'], false],
  ])('%p → %p (dropdown %p)', (text, expected, visible) => {
    const matches = filterCategories(categories, text);
    expect(matches).toEqual(expected);
    expect(showCategoryDropdown(text, matches)).toBe(visible);
  });
});
