/**
 * Products in a file (issue 38, import and export): CSV or JSON with the same columns, parsed with the line
 * number of every row, validated with SPEC section 5's Italian messages (the add-product form's rules,
 * validation/add-product.ts), and written back by the export so that export → import is lossless (a test proves it).
 *
 * Format (both): one product per row/object with exactly PRODUCT_FILE_COLUMNS: every field the console edits (the
 * add-product form's fields, `increase` included), so that export → import changes nothing; not the market's
 * figures (average price, pieces on market, price history: the game's; a file neither carries nor changes them, a
 * new product starts them as SPEC section 7's fixed values).
 * - `increase`: any number on an update (the game stores negative changes, and an export must come back as it
 *   went); at least 0 for a new product (the add-product form's rule, and firestore.rules' on create); empty = 0.
 * - `talent_required`: text, or empty (CSV) / null (JSON) for 'None'; 'unknown' is the reader's default.
 * - `requested_materials`: a JSON object of material → quantity (CSV: its JSON text; empty = none).
 * - `enabled`: true/false. Numbers as plain decimal numbers ('.' decimal point).
 * - CSV: RFC 4180 (quotes, CRLF or LF, optional UTF-8 byte-order mark); a text cell the export guarded against
 *   spreadsheet formulas (a leading ' before = + - @, domain/src/csv.ts) is read back without the guard.
 * Decisions: a file is refused before parsing when larger than MAX_IMPORT_BYTES (a catalogue of 5,000 products is
 * about 2 MB of CSV) or when it is neither .csv nor .json; a duplicate slug in the file refuses its later rows; the
 * slug is the row's, or slugify(name) when empty (SPEC section 5, "Adding").
 */
import { csvField, CSV_BOM, parseCsv } from '../csv';
import { duplicateSlugMessage } from '../errors';
import { newProductSlug } from '../new-product';
import { productDocumentId } from '../text';
import { ADD_PRODUCT_LABELS, addProductMessages, validateAddProduct, type AddProductField, type AddProductFormValues } from '../validation/add-product';
import { reservedSlugError } from '../validation/product-slug';
import type { BulkChange, BulkValue } from './bulk-edit';

export const PRODUCT_FILE_COLUMNS = [
  'slug',
  'name',
  'category',
  'type',
  'talent_required',
  'materialId',
  'image_url',
  'originalPath',
  'price_min',
  'price_max',
  'production_cost',
  'production_time',
  'production_request_index',
  'space_required',
  'increase',
  'enabled',
  'requested_materials',
] as const;
export type ProductFileColumn = (typeof PRODUCT_FILE_COLUMNS)[number];

const NUMBER_COLUMNS = new Set<ProductFileColumn>(['price_min', 'price_max', 'production_cost', 'production_time', 'production_request_index', 'space_required', 'increase']);

/** 10 MB: far above a 5,000-product catalogue (about 2 MB), far below what would stall a tab while parsing. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

export type ProductFileFormat = 'csv' | 'json';

export const importMessages = {
  tooLarge: (bytes: number) =>
    `Il file è troppo grande (${(bytes / 1024 / 1024).toLocaleString('it-IT', { maximumFractionDigits: 1 })} MB): il limite è ${MAX_IMPORT_BYTES / 1024 / 1024} MB`,
  notCsvOrJson: 'Formato non riconosciuto: scegli un file .csv o .json',
  emptyFile: 'Il file non contiene prodotti',
  badJson: (message: string) => `JSON non valido: ${message}`,
  notAnArray: 'Il file JSON deve contenere un elenco di prodotti ([ … ])',
  notAnObject: 'La riga non è un oggetto JSON',
  unknownColumn: (name: string) => `Colonna sconosciuta: "${name}"`,
  missingColumn: (name: string) => `Colonna mancante: "${name}"`,
  badQuotes: 'Virgolette non chiuse',
  wrongCellCount: (found: number, expected: number) => `La riga ha ${found} valori invece di ${expected}`,
  notANumber: (column: string) => `${column} deve essere un numero`,
  notABoolean: 'enabled deve essere true o false',
  badMaterials: 'requested_materials deve essere un oggetto JSON di quantità, es. {"Ferro": 2}',
  duplicateInFile: (slug: string, line: number) => `Lo slug "${slug}" è già alla riga ${line} del file`,
  slugChange: (slug: string) => duplicateSlugMessage(slug),
};

/** A refusal of the whole file (before any row is looked at). */
export class ProductFileError extends Error {
  constructor(
    message: string,
    readonly line: number | null = null,
  ) {
    super(message);
  }
}

/** The row as typed values (the stored shape of each column). */
export interface ProductRowValues {
  slug: string;
  name: string;
  category: string;
  type: string;
  talent_required: string | null;
  materialId: string;
  image_url: string;
  originalPath: string;
  price_min: number;
  price_max: number;
  production_cost: number;
  production_time: number;
  production_request_index: number;
  space_required: number;
  increase: number;
  enabled: boolean;
  requested_materials: Record<string, number>;
}

export interface ParsedRow {
  /** 1-based line of the file where the row starts. */
  line: number;
  values: ProductRowValues | null;
  /** Italian messages; empty when the row can be written. */
  errors: string[];
}

/** Refuses what cannot be a product file before reading it: its size and its name. */
export function checkProductFile(file: { name: string; size: number; type?: string }): ProductFileFormat {
  if (file.size > MAX_IMPORT_BYTES) throw new ProductFileError(importMessages.tooLarge(file.size));
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv')) return 'csv';
  if (name.endsWith('.json')) return 'json';
  throw new ProductFileError(importMessages.notCsvOrJson);
}

// ---------- CSV ----------

/** RFC 4180 records with the line each starts on: the site's one CSV reader (../csv.ts), each field as in the file. */
export function parseCsvRecords(text: string): Array<{ line: number; cells: string[] }> {
  const { records, error } = parseCsv(text, { unguardFormulas: false });
  if (error) throw new ProductFileError(importMessages.badQuotes, error.recordLine);
  return records.map(({ line, fields }) => ({ line, cells: fields }));
}

/** A text the export guarded (one ' more before quotes and a formula start: csv.ts adds the first, guardQuote the rest). */
const FORMULA_GUARDED = /^'+[=+\-@\t\r]/;

function csvCell(column: ProductFileColumn, raw: string, errors: string[]): unknown {
  if (column === 'enabled') {
    if (raw === 'true' || raw === '') return true;
    if (raw === 'false') return false;
    errors.push(importMessages.notABoolean);
    return true;
  }
  if (column === 'talent_required') return raw === '' ? null : unguard(raw);
  if (column === 'requested_materials') return raw.trim() === '' ? {} : parseMaterials(raw, errors);
  return unguard(raw);
}

const unguard = (text: string) => (FORMULA_GUARDED.test(text) ? text.slice(1) : text);

function parseMaterials(raw: unknown, errors: string[]): Record<string, number> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      errors.push(importMessages.badMaterials);
      return {};
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.values(value).every((q) => typeof q === 'number' && Number.isFinite(q) && q > 0)) {
    errors.push(importMessages.badMaterials);
    return {};
  }
  return value as Record<string, number>;
}

// ---------- JSON ----------

/** The line on which each element of the top-level array starts (strings and nesting skipped). */
export function jsonElementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let expectElement = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n') line += 1;
    if (inString) {
      if (ch === '\\') i += 1;
      else if (ch === '"') inString = false;
      continue;
    }
    if (/\s/.test(ch)) continue;
    if (depth === 1 && expectElement && ch !== ']') {
      lines.push(line);
      expectElement = false;
    }
    if (ch === '"') inString = true;
    else if (ch === '[' || ch === '{') {
      depth += 1;
      if (depth === 1 && ch === '[') expectElement = true;
    } else if (ch === ']' || ch === '}') depth -= 1;
    else if (ch === ',' && depth === 1) expectElement = true;
  }
  return lines;
}

function jsonCell(column: ProductFileColumn, value: unknown, errors: string[]): unknown {
  if (column === 'enabled') {
    if (value === undefined) return true;
    if (typeof value !== 'boolean') errors.push(importMessages.notABoolean);
    return value !== false;
  }
  if (column === 'talent_required') return value === null ? null : typeof value === 'string' ? value : String(value ?? '');
  if (column === 'requested_materials') return value === undefined || value === null ? {} : parseMaterials(value, errors);
  return textCell('json', value);
}

// ---------- rows ----------

const FORM_LABEL_COLUMNS: AddProductField[] = [
  'name',
  'category',
  'type',
  'price_max',
  'price_min',
  'production_cost',
  'production_time',
  'production_request_index',
  'space_required',
  'talent_required',
  'materialId',
  'image_url',
  'originalPath',
];

function finishRow(line: number, cells: Record<ProductFileColumn, unknown>, errors: string[]): ParsedRow {
  const form: AddProductFormValues = {
    ...(cells as unknown as AddProductFormValues),
    slug: String(cells.slug ?? ''),
    talent_required: cells.talent_required as string | null,
    enabled: cells.enabled as boolean,
    requested_materials: cells.requested_materials as Record<string, number>,
  };
  const formErrors = validateAddProduct(form);
  for (const field of FORM_LABEL_COLUMNS) if (formErrors[field]) errors.push(formErrors[field] as string);
  // `increase`: a number of any sign here (an update may keep the game's negative change); a create's is checked by planImport.
  const slug = newProductSlug({ slug: form.slug, name: String(cells.name ?? '').trim() });
  const reserved = reservedSlugError(slug);
  if (reserved !== null && !errors.includes(reserved) && !formErrors.name) errors.push(reserved);
  if (errors.length > 0) return { line, values: null, errors };
  const text = (c: ProductFileColumn) => String(cells[c] ?? '').trim();
  const num = (c: ProductFileColumn) => cells[c] as number;
  return {
    line,
    errors,
    values: {
      slug,
      name: text('name'),
      category: text('category'),
      type: text('type'),
      talent_required: cells.talent_required === null ? null : text('talent_required'),
      materialId: text('materialId'),
      image_url: text('image_url'),
      originalPath: text('originalPath'),
      price_min: num('price_min'),
      price_max: num('price_max'),
      production_cost: num('production_cost'),
      production_time: num('production_time'),
      production_request_index: num('production_request_index'),
      space_required: num('space_required'),
      increase: cells.increase === '' ? 0 : num('increase'),
      enabled: cells.enabled as boolean,
      requested_materials: cells.requested_materials as Record<string, number>,
    },
  };
}

/** Every row of a file, with its line and its refusals; a file that is not a product file throws ProductFileError. */
export function parseProductFile(text: string, format: ProductFileFormat): ParsedRow[] {
  const rows = parseRows(text, format);
  if (rows.length === 0) throw new ProductFileError(importMessages.emptyFile);
  // A slug twice in the file: the first row wins, the later ones are refused.
  const seen = new Map<string, number>();
  for (const row of rows) {
    if (!row.values) continue;
    const first = seen.get(row.values.slug);
    if (first !== undefined) {
      row.errors.push(importMessages.duplicateInFile(row.values.slug, first));
      row.values = null;
    } else seen.set(row.values.slug, row.line);
  }
  return rows;
}

/** One record of a file, before its columns are typed: a CSV record's cells as text, a JSON object's values as they are. */
export type FileRecord<C extends string> =
  | { line: number; format: 'csv'; cells: Record<C, string>; error: null }
  | { line: number; format: 'json'; cells: Record<C, unknown>; error: null }
  | { line: number; format: ProductFileFormat; cells: null; error: string };

/**
 * The records of a CSV or JSON file with exactly `columns` (the products' and the materials' files share it): a
 * CSV header with an unknown or missing column, unclosed quotes, JSON that does not parse or is not a list refuse
 * the whole file (ProductFileError with the line); a CSV record with the wrong number of cells, a JSON element
 * that is not an object or has an unknown key refuse their row.
 */
export function readFileRecords<C extends string>(text: string, format: ProductFileFormat, columns: readonly C[], notAnArray: string): FileRecord<C>[] {
  const known = columns as readonly string[];
  if (format === 'csv') {
    const [header, ...records] = parseCsvRecords(text);
    if (!header) return [];
    const names = header.cells.map((c) => c.trim());
    for (const name of names) if (!known.includes(name)) throw new ProductFileError(importMessages.unknownColumn(name), header.line);
    for (const column of columns) if (!names.includes(column)) throw new ProductFileError(importMessages.missingColumn(column), header.line);
    return records.map(({ line, cells }): FileRecord<C> => {
      if (cells.length !== names.length) return { line, format, cells: null, error: importMessages.wrongCellCount(cells.length, names.length) };
      return { line, format, cells: Object.fromEntries(names.map((name, i) => [name, cells[i]])) as Record<C, string>, error: null };
    });
  }
  let data: unknown;
  try {
    data = JSON.parse(text.startsWith(CSV_BOM) ? text.slice(1) : text);
  } catch (error) {
    throw new ProductFileError(importMessages.badJson(error instanceof Error ? error.message : String(error)));
  }
  if (!Array.isArray(data)) throw new ProductFileError(notAnArray);
  const lines = jsonElementLines(text);
  return data.map((item, i): FileRecord<C> => {
    const line = lines[i] ?? 1;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return { line, format, cells: null, error: importMessages.notAnObject };
    const unknown = Object.keys(item).find((k) => !known.includes(k));
    if (unknown !== undefined) return { line, format, cells: null, error: importMessages.unknownColumn(unknown) };
    const record = item as Record<string, unknown>;
    return { line, format, cells: Object.fromEntries(columns.map((c) => [c, record[c]])) as Record<C, unknown>, error: null };
  });
}

/** A number cell: '' (CSV) or null/absent (JSON) is '' (no value); anything else not a finite number adds `${column} deve essere un numero`. */
export function numberCell(column: string, format: ProductFileFormat, value: unknown, errors: string[]): number | '' {
  if (format === 'csv') {
    const raw = String(value ?? '');
    if (raw.trim() === '') return '';
    const n = Number(raw.trim());
    if (!Number.isFinite(n)) errors.push(importMessages.notANumber(column));
    return Number.isFinite(n) ? n : '';
  }
  if (value === '' || value === null || value === undefined) return '';
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    errors.push(importMessages.notANumber(column));
    return '';
  }
  return value;
}

/** A text cell: a CSV text without the export's formula guard; a JSON value as text ('' for null/absent). */
export function textCell(format: ProductFileFormat, value: unknown): string {
  if (format === 'csv') return unguard(String(value ?? ''));
  return typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
}

function typedCell(record: FileRecord<ProductFileColumn> & { error: null }, column: ProductFileColumn, errors: string[]): unknown {
  const value = record.cells[column];
  if (NUMBER_COLUMNS.has(column)) return numberCell(column, record.format, value, errors);
  return record.format === 'csv' ? csvCell(column, value as string, errors) : jsonCell(column, value, errors);
}

function parseRows(text: string, format: ProductFileFormat): ParsedRow[] {
  return readFileRecords(text, format, PRODUCT_FILE_COLUMNS, importMessages.notAnArray).map((record) => {
    if (record.error !== null) return { line: record.line, values: null, errors: [record.error] };
    const errors: string[] = [];
    const values = Object.fromEntries(PRODUCT_FILE_COLUMNS.map((c) => [c, typedCell(record, c, errors)])) as Record<ProductFileColumn, unknown>;
    return finishRow(record.line, values, errors);
  });
}

// ---------- stored products ↔ rows ----------

type Stored = Record<string, unknown>;
const numberOr0 = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const textOr = (v: unknown, fallback = '') => (typeof v === 'string' ? v : fallback);

/** A stored product as a file row (what the export writes). */
export function productToRow(fields: Stored): ProductRowValues {
  const production = (fields.production ?? {}) as Stored;
  const materials = fields.requested_materials;
  return {
    slug: textOr(fields.slug),
    name: textOr(fields.name),
    category: textOr(fields.category, 'uncategorized'),
    type: textOr(fields.type, 'product'),
    talent_required: fields.talent_required === null ? null : textOr(fields.talent_required, 'unknown'),
    materialId: textOr(fields.materialId),
    image_url: textOr(fields.image_url),
    originalPath: textOr(fields.originalPath),
    price_min: numberOr0(fields.price_min),
    price_max: numberOr0(fields.price_max),
    production_cost: numberOr0(production.cost),
    production_time: numberOr0(production.time),
    production_request_index: numberOr0(production.request_index),
    space_required: numberOr0(fields.space_required),
    increase: numberOr0(fields.increase),
    enabled: fields.enabled === true,
    requested_materials: materials !== null && typeof materials === 'object' && !Array.isArray(materials) ? (materials as Record<string, number>) : {},
  };
}

/** The stored fields a row sets (production merged into the stored production map, its history kept). */
export function rowToFields(row: ProductRowValues, stored: Stored | null): Stored {
  const production = (stored?.production ?? {}) as Stored;
  return {
    name: row.name,
    category: row.category,
    type: row.type,
    talent_required: row.talent_required,
    materialId: row.materialId,
    image_url: row.image_url,
    originalPath: row.originalPath,
    price_min: row.price_min,
    price_max: row.price_max,
    production: { ...production, cost: row.production_cost, time: row.production_time, request_index: row.production_request_index },
    space_required: row.space_required,
    increase: row.increase,
    enabled: row.enabled,
    requested_materials: row.requested_materials,
  };
}

/** A new product's whole document from a row: the row's fields (its `increase` too), the market figures empty (SPEC section 7's fixed values). */
export function rowToNewDocument(row: ProductRowValues): { id: string; fields: Stored } {
  const fields = rowToFields(row, { production: { request_index_history: [] } });
  return {
    id: productDocumentId(row.category, row.name),
    fields: { slug: row.slug, ...fields, average_market_price: 0, pieces_on_market: 0, lastvqvalue: [] },
  };
}

/** A text cell of a CSV export: one ' more before a formula start (csvField adds the first), read back by textCell. */
export const guardQuote = (text: string) => (FORMULA_GUARDED.test(text) ? `'${text}` : text);

/** The export: the same columns, CSV (with the byte-order mark) or JSON (2-space pretty print). */
export function exportProductFile(products: readonly Stored[], format: ProductFileFormat): string {
  const rows = products.map(productToRow);
  if (format === 'json') return `${JSON.stringify(rows, null, 2)}\n`;
  const cell = (row: ProductRowValues, column: ProductFileColumn): string => {
    const value = row[column];
    if (column === 'requested_materials') return csvField(Object.keys(value as object).length === 0 ? '' : guardQuote(JSON.stringify(value)));
    if (column === 'talent_required' && value === null) return '';
    if (typeof value === 'string') return csvField(guardQuote(value));
    return csvField(value as number | boolean);
  };
  const lines = [PRODUCT_FILE_COLUMNS.join(','), ...rows.map((row) => PRODUCT_FILE_COLUMNS.map((c) => cell(row, c)).join(','))];
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

// ---------- the dry run ----------

export type ImportOutcome = 'create' | 'update' | 'unchanged' | 'refused';

export interface ImportPlanRow {
  line: number;
  slug: string;
  outcome: ImportOutcome;
  errors: string[];
  /** What would be written (create and update only). */
  change: BulkChange | null;
}

const json = (v: unknown) => JSON.stringify(v ?? null);

/**
 * The dry run: each row → what would be created, updated (only the fields that differ, compared as the export
 * writes them, so importing an export changes nothing) or left unchanged, or why it is refused. `stored` holds
 * the products already in the catalogue with a slug of the file, by slug.
 */
export function planImport(rows: readonly ParsedRow[], stored: ReadonlyMap<string, { id: string; fields: Stored }>): ImportPlanRow[] {
  return rows.map((row) => {
    if (!row.values) return { line: row.line, slug: '', outcome: 'refused', errors: row.errors, change: null };
    const values = row.values;
    const existing = stored.get(values.slug);
    if (!existing) {
      if (values.increase < 0) return { line: row.line, slug: values.slug, outcome: 'refused', errors: [addProductMessages.min(ADD_PRODUCT_LABELS.increase, 0)], change: null };
      const { id, fields } = rowToNewDocument(values);
      const taken = [...stored.values()].find((p) => p.id === id);
      if (taken) return { line: row.line, slug: values.slug, outcome: 'refused', errors: [importMessages.slugChange(textOr(taken.fields.slug, values.slug))], change: null };
      const after = JSON.parse(JSON.stringify(fields)) as Record<string, BulkValue>;
      return { line: row.line, slug: values.slug, outcome: 'create', errors: [], change: { productId: id, slug: values.slug, name: values.name, before: {}, after, create: true } };
    }
    const next = rowToFields(values, existing.fields);
    const now = rowToFields(productToRow(existing.fields), existing.fields);
    const before: Record<string, BulkValue> = {};
    const after: Record<string, BulkValue> = {};
    for (const [field, value] of Object.entries(next)) {
      if (json(value) !== json(now[field])) {
        before[field] = (existing.fields[field] ?? null) as BulkValue;
        after[field] = JSON.parse(json(value)) as BulkValue;
      }
    }
    if (Object.keys(after).length === 0) return { line: row.line, slug: values.slug, outcome: 'unchanged', errors: [], change: null };
    return { line: row.line, slug: values.slug, outcome: 'update', errors: [], change: { productId: existing.id, slug: values.slug, name: values.name, before, after } };
  });
}
