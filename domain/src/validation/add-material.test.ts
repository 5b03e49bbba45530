import { ADD_MATERIAL_DEFAULTS, toNewMaterial, validateAddMaterial, type AddMaterialFormValues } from './add-material';

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
