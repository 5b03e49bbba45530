/**
 * Bulk edit (issue 38): set the sector, type or talent of many products, or adjust their prices by a
 * percentage, within SPEC section 5's rules (Italian messages in the add-product form's forms). The plan is
 * pure: from the products as stored and the edit it gives every change, field by field, before → after, which
 * the console previews as a diff and the data layer applies (shared/src/data/admin-catalog.ts).
 *
 * Decisions:
 * - A percentage applies to both `price_min` and `price_max`, rounded half-up to the cent (the spec's step 0.01),
 *   between BULK_PERCENT_MIN and BULK_PERCENT_MAX: −100 % and below would give 0 or a negative price, which the
 *   spec's "at least 0" allows only as 0 and which no admin means; above +1000 % is taken for a typo.
 * - A product whose values would not change is left out of the plan (nothing written, no audit entry).
 * - A price that is not a number is left as it is (reported as not changed), never invented.
 */
import { ADD_MATERIAL_LABELS } from '../validation/add-material';
import { addProductMessages, ADD_PRODUCT_LABELS } from '../validation/add-product';
import { CATEGORY_MAX_LENGTH, TALENT_MAX_LENGTH } from '../validation/limits';

export const BULK_PERCENT_MIN = -99;
export const BULK_PERCENT_MAX = 1000;
export const BULK_PRICE_FIELDS = ['price_min', 'price_max'] as const;

/** The fields a bulk edit may change (each also a field firestore.rules let the console write). */
export const BULK_EDIT_FIELDS = ['category', 'type', 'talent_required', ...BULK_PRICE_FIELDS] as const;
export type BulkEditField = (typeof BULK_EDIT_FIELDS)[number];

export const BULK_EDIT_LABELS: Record<BulkEditField, string> = {
  category: ADD_PRODUCT_LABELS.category,
  type: ADD_PRODUCT_LABELS.type,
  talent_required: ADD_PRODUCT_LABELS.talent_required,
  price_min: ADD_PRODUCT_LABELS.price_min,
  price_max: ADD_PRODUCT_LABELS.price_max,
};

export const PERCENT_LABEL = 'Variazione prezzi (%)';

export const bulkEditMessages = {
  nothingToChange: 'Scegli almeno un campo da modificare',
  percentRange: `${PERCENT_LABEL} deve essere tra ${BULK_PERCENT_MIN} e ${BULK_PERCENT_MAX}`,
  notANumber: `${PERCENT_LABEL} deve essere un numero`,
};

/** What the admin typed; an empty text (or `undefined`) leaves that field alone. */
export interface BulkEditInput {
  category?: string;
  type?: string;
  /** null = 'None'. */
  talent_required?: string | null;
  /** Percentage text, e.g. '10', '-5,5'. */
  pricePercent?: string;
}

/** A validated edit: only the fields to change. */
export interface BulkEdit {
  set: Partial<Record<'category' | 'type' | 'talent_required', string | null>>;
  pricePercent: number | null;
}

export type BulkEditErrors = Partial<Record<'category' | 'type' | 'talent_required' | 'pricePercent' | 'form', string>>;

export function validateBulkEdit(input: BulkEditInput): { edit: BulkEdit | null; errors: BulkEditErrors } {
  const errors: BulkEditErrors = {};
  const set: BulkEdit['set'] = {};
  const category = input.category?.trim() ?? '';
  if (category !== '') {
    if (category.length > CATEGORY_MAX_LENGTH) errors.category = addProductMessages.maxLength(BULK_EDIT_LABELS.category, CATEGORY_MAX_LENGTH);
    else set.category = category;
  }
  const type = input.type?.trim() ?? '';
  if (type !== '') set.type = type;
  if (input.talent_required === null) set.talent_required = null;
  else {
    const talent = input.talent_required?.trim() ?? '';
    if (talent.length > TALENT_MAX_LENGTH) errors.talent_required = addProductMessages.maxLength(BULK_EDIT_LABELS.talent_required, TALENT_MAX_LENGTH);
    else if (talent !== '') set.talent_required = talent;
  }
  let pricePercent: number | null = null;
  const percentText = input.pricePercent?.trim() ?? '';
  if (percentText !== '') {
    const n = Number(percentText.replace(',', '.'));
    if (!Number.isFinite(n)) errors.pricePercent = bulkEditMessages.notANumber;
    else if (n < BULK_PERCENT_MIN || n > BULK_PERCENT_MAX) errors.pricePercent = bulkEditMessages.percentRange;
    else if (n !== 0) pricePercent = n;
  }
  if (Object.keys(errors).length > 0) return { edit: null, errors };
  if (Object.keys(set).length === 0 && pricePercent === null) return { edit: null, errors: { form: bulkEditMessages.nothingToChange } };
  return { edit: { set, pricePercent }, errors };
}

/** value × (1 + percent / 100), half-up to the cent, never below 0. */
export function adjustPrice(value: number, percent: number): number {
  const raw = value * (1 + percent / 100);
  // Half-up on the decimal text, as the site's formatting rounds (domain/src/README.md "Rounding").
  const cents = Math.round(Number(`${raw.toFixed(6)}e2`) + Number.EPSILON);
  return Math.max(0, cents / 100);
}

/** A stored value as plain JSON. */
export type BulkValue = string | number | boolean | null | BulkValue[] | { [key: string]: BulkValue };

/**
 * One product's change: the top-level fields that change, before and after (a bulk edit's are BulkEditField;
 * an import's any product field). `create` is a new product: `after` is its whole document, `before` empty.
 */
export interface BulkChange {
  productId: string;
  slug: string;
  name: string;
  before: Record<string, BulkValue>;
  after: Record<string, BulkValue>;
  create?: true;
}

export interface BulkTarget {
  id: string;
  /** The stored fields. */
  fields: Record<string, unknown>;
}

/** Every change the edit makes, in the order of the products given; unchanged products are left out. */
export function planBulkEdit(products: readonly BulkTarget[], edit: BulkEdit): BulkChange[] {
  const changes: BulkChange[] = [];
  for (const { id, fields } of products) {
    const before: BulkChange['before'] = {};
    const after: BulkChange['after'] = {};
    for (const [field, value] of Object.entries(edit.set) as Array<[BulkEditField, string | null]>) {
      const current = (fields[field] ?? null) as BulkValue;
      if (current !== value) {
        before[field] = current;
        after[field] = value;
      }
    }
    if (edit.pricePercent !== null) {
      for (const field of BULK_PRICE_FIELDS) {
        const current = fields[field];
        if (typeof current !== 'number' || !Number.isFinite(current)) continue;
        const next = adjustPrice(current, edit.pricePercent);
        if (next !== current) {
          before[field] = current;
          after[field] = next;
        }
      }
    }
    if (Object.keys(after).length > 0) {
      changes.push({ productId: id, slug: String(fields.slug ?? id), name: String(fields.name ?? fields.slug ?? id), before, after });
    }
  }
  return changes;
}

/**
 * Products per commit of a bulk write: each product is 2 writes (the product and its audit entry) and 2 reads
 * (the same two, to skip what a previous attempt applied), so 100 products are 200 writes, under the 500 writes
 * a commit Firestore long allowed (lifted in 2023; still a prudent size), and about 1 MB with the entries' whole
 * before/after products at the demo's sizes, far under Firestore's 10 MiB a request.
 */
export const BULK_CHUNK_PRODUCTS = 100;

/** The audit entry id of one product's change in one job: how a resumed job knows what is already applied. */
export function bulkAuditEntryId(jobId: string, productId: string): string {
  return `bulk_${jobId}_${productId}`;
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const OTHER_FIELD_LABELS: Record<string, string> = {
  name: ADD_PRODUCT_LABELS.name,
  materialId: ADD_PRODUCT_LABELS.materialId,
  image_url: ADD_PRODUCT_LABELS.image_url,
  originalPath: ADD_PRODUCT_LABELS.originalPath,
  space_required: ADD_PRODUCT_LABELS.space_required,
  increase: ADD_PRODUCT_LABELS.increase,
  production: 'Produzione',
  requested_materials: 'Materiali richiesti',
  enabled: 'Abilitato',
  slug: 'Slug',
  average_market_price: 'Prezzo medio',
  pieces_on_market: 'Pezzi sul mercato',
  lastvqvalue: 'Prezzi giornalieri',
  // A material's (an import of materials; Add Material's labels).
  unit: ADD_MATERIAL_LABELS.unit,
  spaceRequired: ADD_MATERIAL_LABELS.spaceRequired,
  value: ADD_MATERIAL_LABELS.value,
  amount: ADD_MATERIAL_LABELS.amount,
};

/** A changed field's label in the preview (the add-product form's labels where it has one). */
export function bulkFieldLabel(field: string): string {
  return (BULK_EDIT_LABELS as Record<string, string>)[field] ?? OTHER_FIELD_LABELS[field] ?? field;
}

/** A value in the preview: prices to the cent, None for a null talent, objects as JSON. */
export function formatBulkValue(field: string, value: BulkValue | undefined): string {
  if (value === null || value === undefined) return field === 'talent_required' ? 'None' : '—';
  if (typeof value === 'number') return (BULK_PRICE_FIELDS as readonly string[]).includes(field) ? value.toFixed(2) : String(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
