/**
 * Add-material form rules (admin console, Italian; issue 18). Not in the spec, so they follow the add-product
 * form's style and messages: a material is a document whose id is its name (SPEC section 3).
 */
import { addProductMessages, parseNumericInput, type NumericInput } from './add-product';
import { IMAGE_URL_MAX_LENGTH, MATERIAL_NAME_MAX_LENGTH, MATERIAL_UNIT_MAX_LENGTH, MIN_NAME_LENGTH } from './limits';

export interface AddMaterialFormValues {
  name: string;
  unit: string;
  spaceRequired: NumericInput;
  value: NumericInput;
  amount: NumericInput;
  image_url: string;
}

export type AddMaterialField = keyof AddMaterialFormValues;

export const ADD_MATERIAL_LABELS: Record<AddMaterialField, string> = {
  name: 'Nome',
  unit: 'Unità',
  spaceRequired: 'Spazio richiesto',
  value: 'Prezzo unitario',
  amount: 'Quantità',
  image_url: 'URL Immagine',
};

export const ADD_MATERIAL_DEFAULTS: AddMaterialFormValues = Object.freeze({
  name: '',
  unit: '',
  spaceRequired: '',
  value: '',
  amount: '',
  image_url: '',
}) as AddMaterialFormValues;

export const addMaterialMessages = {
  ...addProductMessages,
  /** Firestore ids cannot hold '/', and 'list' is the bookkeeping document readers skip (SPEC section 3). */
  badName: 'Nome non valido: non può contenere "/" né essere "list", "." o ".."',
  exists: (name: string) => `Esiste già un materiale chiamato "${name}"`,
  success: (name: string) => `Materiale "${name}" aggiunto con successo!`,
  failed: "Errore durante l'aggiunta del materiale",
};

/** Names a material document cannot have: a path separator, the ignored 'list', Firestore's reserved ids. */
export function isUsableMaterialName(name: string): boolean {
  return !name.includes('/') && !['list', '.', '..'].includes(name) && !/^__.*__$/.test(name);
}

function textError(label: string, raw: string, { required, maxLength, minLength }: { required: boolean; maxLength: number; minLength?: number }) {
  const text = raw.trim();
  if (text === '') return required ? addProductMessages.required(label) : undefined;
  if (minLength !== undefined && text.length < minLength) return addProductMessages.minLength(label, minLength);
  if (text.length > maxLength) return addProductMessages.maxLength(label, maxLength);
  return undefined;
}

function numberError(label: string, raw: NumericInput): string | undefined {
  const n = parseNumericInput(raw);
  if (n === undefined) return addProductMessages.required(label);
  if (n < 0) return addProductMessages.min(label, 0);
  return undefined;
}

/**
 * The first failing rule of every field. `existingNames` are the materials already in the ledger: a name is
 * compared as the document id it becomes (trimmed, case-sensitive, as Firestore ids are).
 */
export function validateAddMaterial(values: AddMaterialFormValues, existingNames: ReadonlySet<string> = new Set()): Partial<Record<AddMaterialField, string>> {
  const errors: Partial<Record<AddMaterialField, string>> = {};
  const L = ADD_MATERIAL_LABELS;
  const name = values.name.trim();
  errors.name =
    textError(L.name, values.name, { required: true, minLength: MIN_NAME_LENGTH, maxLength: MATERIAL_NAME_MAX_LENGTH }) ??
    (isUsableMaterialName(name) ? undefined : addMaterialMessages.badName) ??
    (existingNames.has(name) ? addMaterialMessages.exists(name) : undefined);
  errors.unit = textError(L.unit, values.unit, { required: true, maxLength: MATERIAL_UNIT_MAX_LENGTH });
  errors.spaceRequired = numberError(L.spaceRequired, values.spaceRequired);
  errors.value = numberError(L.value, values.value);
  errors.amount = numberError(L.amount, values.amount);
  errors.image_url = textError(L.image_url, values.image_url, { required: false, maxLength: IMAGE_URL_MAX_LENGTH });
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined));
}

/** The document fields of a new material (SPEC section 3), without its id (the document id is the name). */
export interface NewMaterialDocument {
  id: number;
  unit: string;
  spaceRequired: number;
  value: number;
  amount: number;
  image_url?: string;
  lastqty: number;
  lastvalue: number;
  startqty: number;
  startvalue: number;
  cyclecount: number;
}

/**
 * Form values → the material's fields. Decisions: the numeric `id` is the next after the highest in the ledger
 * (the game numbers materials in order); the previous and start snapshots equal today's figures and cyclecount
 * is 0, so a new material shows no movement yet (every change 0) rather than invented history.
 */
export function toNewMaterial(values: AddMaterialFormValues, existingIds: readonly number[]): { name: string; fields: NewMaterialDocument } {
  const num = (v: NumericInput) => parseNumericInput(v) ?? 0;
  const value = num(values.value);
  const amount = num(values.amount);
  const image = values.image_url.trim();
  return {
    name: values.name.trim(),
    fields: {
      id: existingIds.reduce((max, id) => (Number.isFinite(id) && id > max ? id : max), 0) + 1,
      unit: values.unit.trim(),
      spaceRequired: num(values.spaceRequired),
      value,
      amount,
      ...(image === '' ? {} : { image_url: image }),
      lastqty: amount,
      lastvalue: value,
      startqty: amount,
      startvalue: value,
      cyclecount: 0,
    },
  };
}

/**
 * Editing a material (issue 38): the fields the console may change, from the form or the JSON editor. The rest of
 * the document (its numeric id, the previous and start snapshots, cyclecount: the game's bookkeeping) is kept as
 * stored; firestore.rules (materials, update) refuse any other change. `updatedAt` and `auditId` are the write's
 * own bookkeeping.
 */
export const MATERIAL_EDITABLE_FIELDS = ['unit', 'spaceRequired', 'value', 'amount', 'image_url'] as const;
export type MaterialEditableField = (typeof MATERIAL_EDITABLE_FIELDS)[number];

export const editMaterialMessages = {
  ...addMaterialMessages,
  notEditable: (field: string) => `Il campo "${field}" non è modificabile: lo gestisce il gioco`,
  notNumber: (label: string) => `${label} deve essere un numero`,
  success: (name: string) => `Materiale "${name}" aggiornato con successo!`,
  failed: "Errore durante l'aggiornamento del materiale",
  notFound: (name: string) => `Materiale "${name}" non trovato`,
  conflict: (name: string) => `Il materiale "${name}" è stato modificato da un'altra sessione: ricarica prima di salvare`,
};

/**
 * A material document as the console would write it (the JSON editor's whole document, or the form's fields over the
 * stored ones), checked against the stored one: the first failing rule of every editable field (the add-material
 * form's rules), and a message for each other field whose value differs from the stored one. Empty when valid.
 */
export function validateMaterialEdit(next: Record<string, unknown>, stored: Record<string, unknown>): string[] {
  const L = ADD_MATERIAL_LABELS;
  const problems: string[] = [];
  const text = (key: 'unit' | 'image_url', required: boolean, maxLength: number) => {
    const value = next[key];
    if (value === undefined || value === null) return required ? addProductMessages.required(L[key]) : undefined;
    if (typeof value !== 'string') return addProductMessages.required(L[key]);
    return textError(L[key], value, { required, maxLength });
  };
  const number = (key: 'spaceRequired' | 'value' | 'amount') => {
    const value = next[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value)) return editMaterialMessages.notNumber(L[key]);
    return value < 0 ? addProductMessages.min(L[key], 0) : undefined;
  };
  for (const problem of [
    text('unit', true, MATERIAL_UNIT_MAX_LENGTH),
    number('spaceRequired'),
    number('value'),
    number('amount'),
    text('image_url', false, IMAGE_URL_MAX_LENGTH),
  ]) {
    if (problem !== undefined) problems.push(problem);
  }
  const editable = new Set<string>([...MATERIAL_EDITABLE_FIELDS, 'updatedAt', 'auditId', 'name']);
  const keys = new Set([...Object.keys(next), ...Object.keys(stored)]);
  for (const key of [...keys].sort()) {
    if (editable.has(key)) continue;
    if (JSON.stringify(next[key]) !== JSON.stringify(stored[key])) problems.push(editMaterialMessages.notEditable(key));
  }
  return problems;
}
