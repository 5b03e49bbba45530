/**
 * Materials in a file (issue 38, import and export): the products' file format (./product-file.ts: CSV or JSON,
 * the same refusals before parsing, the same record reader and line numbers, the same formula guard) with the
 * columns a material's editors may change (MATERIAL_EDITABLE_FIELDS) and its name, the document id. Rows are
 * validated with Add Material's Italian rules (validation/add-material.ts); the dry run says row by row what would be
 * created, updated or left as it is, or why it is refused, and the export writes back every editable field, so that
 * export → import changes nothing (a test proves it).
 *
 * Decisions: the game's bookkeeping (numeric id, previous and start snapshots, cyclecount) is not in the file and
 * is never changed by an import; a new material gets it as Add Material gives it (toNewMaterial: the next numeric
 * id, snapshots equal to today's figures, cyclecount 0). An empty `image_url` means "no image": an update removes a
 * stored one; a stored '' and an absent one read the same. A name twice in the file refuses its later rows.
 */
import { ADD_MATERIAL_LABELS, MATERIAL_EDITABLE_FIELDS, toNewMaterial, validateAddMaterial, type AddMaterialFormValues } from '../validation/add-material';
import { CSV_BOM, csvField } from '../csv';
import type { BulkChange, BulkValue } from './bulk-edit';
import { guardQuote, type ImportPlanRow, numberCell, type ProductFileFormat, ProductFileError, readFileRecords, textCell } from './product-file';

export const MATERIAL_FILE_COLUMNS = ['name', ...MATERIAL_EDITABLE_FIELDS] as const;
export type MaterialFileColumn = (typeof MATERIAL_FILE_COLUMNS)[number];

const NUMBER_COLUMNS = new Set<MaterialFileColumn>(['spaceRequired', 'value', 'amount']);

export const materialFileMessages = {
  emptyFile: 'Il file non contiene materiali',
  notAnArray: 'Il file JSON deve contenere un elenco di materiali ([ … ])',
  duplicateInFile: (name: string, line: number) => `Il materiale "${name}" è già alla riga ${line} del file`,
};

export interface MaterialRowValues {
  name: string;
  unit: string;
  spaceRequired: number;
  value: number;
  amount: number;
  /** '' = no image. */
  image_url: string;
}

export interface ParsedMaterialRow {
  line: number;
  values: MaterialRowValues | null;
  errors: string[];
}

/** Every row of a materials file, with its line and its refusals; a file that is not one throws ProductFileError. */
export function parseMaterialFile(text: string, format: ProductFileFormat): ParsedMaterialRow[] {
  const rows = readFileRecords(text, format, MATERIAL_FILE_COLUMNS, materialFileMessages.notAnArray).map((record): ParsedMaterialRow => {
    if (record.error !== null) return { line: record.line, values: null, errors: [record.error] };
    const errors: string[] = [];
    const cell = (c: MaterialFileColumn) => (NUMBER_COLUMNS.has(c) ? numberCell(c, record.format, record.cells[c], errors) : textCell(record.format, record.cells[c]));
    const form: AddMaterialFormValues = {
      name: cell('name') as string,
      unit: cell('unit') as string,
      spaceRequired: cell('spaceRequired'),
      value: cell('value'),
      amount: cell('amount'),
      image_url: cell('image_url') as string,
    };
    const formErrors = validateAddMaterial(form);
    for (const field of Object.keys(ADD_MATERIAL_LABELS) as Array<keyof AddMaterialFormValues>) if (formErrors[field]) errors.push(formErrors[field] as string);
    if (errors.length > 0) return { line: record.line, values: null, errors };
    return {
      line: record.line,
      errors,
      values: {
        name: form.name.trim(),
        unit: form.unit.trim(),
        spaceRequired: form.spaceRequired as number,
        value: form.value as number,
        amount: form.amount as number,
        image_url: form.image_url.trim(),
      },
    };
  });
  if (rows.length === 0) throw new ProductFileError(materialFileMessages.emptyFile);
  const seen = new Map<string, number>();
  for (const row of rows) {
    if (!row.values) continue;
    const first = seen.get(row.values.name);
    if (first !== undefined) {
      row.errors.push(materialFileMessages.duplicateInFile(row.values.name, first));
      row.values = null;
    } else seen.set(row.values.name, row.line);
  }
  return rows;
}

type Stored = Record<string, unknown>;
const numberOr0 = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const textOr = (v: unknown) => (typeof v === 'string' ? v : '');

/** A stored material (its document id is the name) as a file row: what the export writes. */
export function materialToRow(name: string, fields: Stored): MaterialRowValues {
  return {
    name,
    unit: textOr(fields.unit),
    spaceRequired: numberOr0(fields.spaceRequired ?? fields.space_required),
    value: numberOr0(fields.value),
    amount: numberOr0(fields.amount),
    image_url: textOr(fields.image_url),
  };
}

/** The export: the same columns, CSV (with the byte-order mark, formulas guarded) or JSON (2-space pretty print). */
export function exportMaterialFile(materials: ReadonlyArray<{ id: string; fields: Stored }>, format: ProductFileFormat): string {
  const rows = materials.map((m) => materialToRow(m.id, m.fields));
  if (format === 'json') return `${JSON.stringify(rows, null, 2)}\n`;
  const cell = (value: string | number) => csvField(typeof value === 'string' ? guardQuote(value) : value);
  const lines = [MATERIAL_FILE_COLUMNS.join(','), ...rows.map((row) => MATERIAL_FILE_COLUMNS.map((c) => cell(row[c])).join(','))];
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/**
 * The dry run: each row → a new material (the whole document Add Material would write, the numeric ids following
 * `highestId` and each other in the file's order), an update (only the editable fields that differ, compared as the
 * export writes them, so importing an export changes nothing; an image removed is `null`), unchanged, or refused.
 * `stored` holds the materials already in the ledger, by name. A change's `productId` is the material's name
 * (its document id).
 */
export function planMaterialImport(rows: readonly ParsedMaterialRow[], stored: ReadonlyMap<string, Stored>): ImportPlanRow[] {
  let highestId = 0;
  for (const fields of stored.values()) if (typeof fields.id === 'number' && Number.isFinite(fields.id) && fields.id > highestId) highestId = fields.id;
  return rows.map((row): ImportPlanRow => {
    if (!row.values) return { line: row.line, slug: '', outcome: 'refused', errors: row.errors, change: null };
    const values = row.values;
    const existing = stored.get(values.name);
    if (!existing) {
      const { fields } = toNewMaterial({ ...values }, [highestId]);
      highestId = fields.id;
      const change: BulkChange = { productId: values.name, slug: values.name, name: values.name, before: {}, after: { ...fields } as Record<string, BulkValue>, create: true };
      return { line: row.line, slug: values.name, outcome: 'create', errors: [], change };
    }
    const now = materialToRow(values.name, existing);
    const before: Record<string, BulkValue> = {};
    const after: Record<string, BulkValue> = {};
    for (const field of MATERIAL_EDITABLE_FIELDS) {
      if (values[field] === now[field]) continue;
      before[field] = (existing[field] ?? null) as BulkValue;
      after[field] = field === 'image_url' && values.image_url === '' ? null : values[field];
    }
    if (Object.keys(after).length === 0) return { line: row.line, slug: values.name, outcome: 'unchanged', errors: [], change: null };
    return { line: row.line, slug: values.name, outcome: 'update', errors: [], change: { productId: values.name, slug: values.name, name: values.name, before, after } };
  });
}
