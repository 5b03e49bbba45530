import { ADD_MATERIAL_DEFAULTS, editMaterialMessages, toNewMaterial, validateAddMaterial, validateMaterialEdit, type AddMaterialFormValues } from './add-material';

const valid: AddMaterialFormValues = { name: 'Cobalt', unit: 'kg', spaceRequired: '0.5', value: '42.1', amount: '300', image_url: '' };

describe('validateAddMaterial', () => {
  it('accepts a complete material', () => {
    expect(validateAddMaterial(valid)).toEqual({});
  });

  it('an empty form names every required field', () => {
    expect(validateAddMaterial(ADD_MATERIAL_DEFAULTS)).toEqual({
      name: 'Nome è obbligatorio',
      unit: 'Unità è obbligatorio',
      spaceRequired: 'Spazio richiesto è obbligatorio',
      value: 'Prezzo unitario è obbligatorio',
      amount: 'Quantità è obbligatorio',
    });
  });

  it.each<[string, Partial<AddMaterialFormValues>, string, string]>([
    ['a one-letter name', { name: 'C' }, 'name', 'Nome deve essere di almeno 2 caratteri'],
    ['a 101-character name', { name: 'x'.repeat(101) }, 'name', 'Nome non può superare 100 caratteri'],
    ['a name with a slash', { name: 'Iron/Steel' }, 'name', 'Nome non valido: non può contenere "/" né essere "list", "." o ".."'],
    ["the reserved 'list'", { name: 'list' }, 'name', 'Nome non valido: non può contenere "/" né essere "list", "." o ".."'],
    ['an existing name (trimmed)', { name: ' Copper ' }, 'name', 'Esiste già un materiale chiamato "Copper"'],
    ['a 21-character unit', { unit: 'u'.repeat(21) }, 'unit', 'Unità non può superare 20 caratteri'],
    ['a negative price', { value: '-1' }, 'value', 'Prezzo unitario deve essere maggiore o uguale a 0'],
    ['a negative amount', { amount: -5 }, 'amount', 'Quantità deve essere maggiore o uguale a 0'],
    ['a space that is not a number', { spaceRequired: 'abc' }, 'spaceRequired', 'Spazio richiesto è obbligatorio'],
    ['a 501-character image URL', { image_url: `https://x.test/${'a'.repeat(486)}` }, 'image_url', 'URL Immagine non può superare 500 caratteri'],
  ])('refuses %s', (_case, change, field, message) => {
    expect(validateAddMaterial({ ...valid, ...change }, new Set(['Copper']))).toEqual({ [field]: message });
  });

  it('compares names as document ids: another case is another material', () => {
    expect(validateAddMaterial({ ...valid, name: 'copper' }, new Set(['Copper']))).toEqual({});
  });
});

describe('toNewMaterial', () => {
  it('trims, parses, numbers after the highest id, and starts with no movement', () => {
    expect(toNewMaterial({ ...valid, name: ' Cobalt ', unit: ' kg ', value: '42,1' }, [3, 17, 5])).toEqual({
      name: 'Cobalt',
      fields: { id: 18, unit: 'kg', spaceRequired: 0.5, value: 42.1, amount: 300, lastqty: 300, lastvalue: 42.1, startqty: 300, startvalue: 42.1, cyclecount: 0 },
    });
  });

  it('keeps an image URL when given; the first material is id 1', () => {
    expect(toNewMaterial({ ...valid, image_url: ' https://img.test/c.png ' }, []).fields).toMatchObject({ id: 1, image_url: 'https://img.test/c.png' });
  });
});

describe('validateMaterialEdit (issue 38: a material edited from the form or the JSON editor)', () => {
  const stored = { id: 4, unit: 'kg', spaceRequired: 0.5, value: 42.1, amount: 300, lastqty: 280, lastvalue: 40, startqty: 100, startvalue: 30, cyclecount: 7 };
  it.each<[string, Record<string, unknown>, string[]]>([
    ['the stored document', {}, []],
    ['a new price, quantity, space and unit', { value: 50, amount: 0, spaceRequired: 2, unit: 't' }, []],
    ['an image URL of 500 characters', { image_url: 'x'.repeat(500) }, []],
    ['the name the reader adds (ignored: the name is the document id)', { name: 'Cobalt' }, []],
    ['a negative price', { value: -1 }, [editMaterialMessages.min('Prezzo unitario', 0)]],
    ['a quantity as text', { amount: '300' }, [editMaterialMessages.notNumber('Quantità')]],
    ['no unit', { unit: undefined }, [editMaterialMessages.required('Unità')]],
    ['a 21-character unit', { unit: 'u'.repeat(21) }, [editMaterialMessages.maxLength('Unità', 20)]],
    ['an image URL of 501 characters', { image_url: 'x'.repeat(501) }, [editMaterialMessages.maxLength('URL Immagine', 500)]],
    ["the game's id", { id: 5 }, [editMaterialMessages.notEditable('id')]],
    ["the game's snapshot and a new field", { cyclecount: 0, credits: 1 }, [editMaterialMessages.notEditable('credits'), editMaterialMessages.notEditable('cyclecount')]],
  ])('%s', (_, changes, problems) => {
    const next: Record<string, unknown> = { ...stored, ...changes };
    for (const [key, value] of Object.entries(changes)) if (value === undefined) delete next[key];
    expect(validateMaterialEdit(next, stored)).toEqual(problems);
  });
});
