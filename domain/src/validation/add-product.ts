/** Add-product form rules, SPEC.md section 5 "Add product" (Italian messages). */
import {
  CATEGORY_MAX_LENGTH,
  IMAGE_URL_MAX_LENGTH,
  MATERIAL_ID_MAX_LENGTH,
  MIN_NAME_LENGTH,
  ORIGINAL_PATH_MAX_LENGTH,
  PRODUCT_NAME_MAX_LENGTH,
  TALENT_MAX_LENGTH,
} from './limits';
import { reservedSlugError } from './product-slug';
import { newProductSlug } from '../new-product';
import type { NewProductInput } from '../types';

/** A number input's value: a number, or the text the user typed ('' when empty). */
export type NumericInput = number | string;

export interface AddProductFormValues {
  name: string;
  slug?: string;
  category: string;
  type: string;
  price_max: NumericInput;
  price_min: NumericInput;
  production_cost: NumericInput;
  production_time: NumericInput;
  production_request_index: NumericInput;
  space_required: NumericInput;
  /** '' is the blank choice, null is 'None'. */
  talent_required: string | null;
  materialId: string;
  image_url: string;
  increase: NumericInput;
  originalPath: string;
  enabled: boolean;
  requested_materials: Record<string, number>;
}

export type AddProductField = Exclude<keyof AddProductFormValues, 'slug' | 'enabled' | 'requested_materials'>;

export const ADD_PRODUCT_LABELS: Record<AddProductField, string> = {
  name: 'Nome',
  category: 'Categoria',
  type: 'Tipo',
  price_max: 'Prezzo massimo',
  price_min: 'Prezzo minimo',
  production_cost: 'Costo di produzione',
  production_time: 'Tempo di produzione',
  production_request_index: 'Indice richiesta produzione',
  space_required: 'Spazio richiesto',
  talent_required: 'Talento richiesto',
  materialId: 'ID Materiale',
  image_url: 'URL Immagine',
  increase: 'Incremento',
  originalPath: 'Percorso originale',
};

/** Type select options (value → label). */
export const PRODUCT_TYPE_OPTIONS = [
  { value: 'product', label: 'Product' },
  { value: 'component', label: 'Component' },
] as const;

/** Talent select: the blank choice ('') and 'None' (stored as null) come before the talents. */
export const TALENT_NONE_LABEL = 'None';

/** The form's initial values and what it resets to 3 s after a successful add (section 4). */
export const ADD_PRODUCT_DEFAULTS: AddProductFormValues = Object.freeze({
  name: '',
  slug: '',
  category: '',
  type: 'product',
  price_max: '',
  price_min: '',
  production_cost: '',
  production_time: '',
  production_request_index: '',
  space_required: '',
  talent_required: '',
  materialId: 'product',
  image_url: '',
  increase: '',
  originalPath: '',
  enabled: true,
  requested_materials: {},
}) as AddProductFormValues;

export const addProductMessages = {
  required: (label: string) => `${label} è obbligatorio`,
  minLength: (label: string, n: number) => `${label} deve essere di almeno ${n} caratteri`,
  maxLength: (label: string, n: number) => `${label} non può superare ${n} caratteri`,
  min: (label: string, n: number) => `${label} deve essere maggiore o uguale a ${n}`,
  /** The name gives the slug (slugify), so the admin changes the name: see reservedSlugError. */
  reservedSlug: (refusal: string) => `${refusal}. Scegli un altro nome`,
};

interface FieldRule {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  numeric?: boolean;
}

const RULES: Record<AddProductField, FieldRule> = {
  name: { required: true, minLength: MIN_NAME_LENGTH, maxLength: PRODUCT_NAME_MAX_LENGTH },
  category: { required: true, maxLength: CATEGORY_MAX_LENGTH },
  type: { required: true },
  price_max: { required: true, numeric: true, min: 0 },
  price_min: { required: true, numeric: true, min: 0 },
  production_cost: { required: true, numeric: true, min: 0 },
  production_time: { required: true, numeric: true, min: 0 },
  production_request_index: { required: true, numeric: true, min: 0 },
  space_required: { required: true, numeric: true, min: 0 },
  talent_required: { maxLength: TALENT_MAX_LENGTH },
  materialId: { maxLength: MATERIAL_ID_MAX_LENGTH },
  image_url: { maxLength: IMAGE_URL_MAX_LENGTH },
  increase: { numeric: true, min: 0 },
  originalPath: { maxLength: ORIGINAL_PATH_MAX_LENGTH },
};

/** Empty text (or text that is not a number, which a number input cannot hold) reads as "no value". */
export function parseNumericInput(value: NumericInput | null | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const n = Number(value.trim().replace(',', '.'));
  return Number.isFinite(n) ? n : undefined;
}

function fieldError(field: AddProductField, raw: unknown): string | undefined {
  const rule = RULES[field];
  const label = ADD_PRODUCT_LABELS[field];
  if (rule.numeric) {
    const n = parseNumericInput(raw as NumericInput);
    if (n === undefined) return rule.required ? addProductMessages.required(label) : undefined;
    if (rule.min !== undefined && n < rule.min) return addProductMessages.min(label, rule.min);
    return undefined;
  }
  // Text is measured trimmed, since it is stored trimmed.
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (text === '') return rule.required ? addProductMessages.required(label) : undefined;
  if (rule.minLength !== undefined && text.length < rule.minLength) return addProductMessages.minLength(label, rule.minLength);
  if (rule.maxLength !== undefined && text.length > rule.maxLength) return addProductMessages.maxLength(label, rule.maxLength);
  return undefined;
}

/**
 * The first failing rule of every field (required → min length → max length → minimum value; then, for the name,
 * a slug the site reserves).
 * Decisions: 'step 0.01' is an input attribute, not a rule; text that is not a number counts as empty for
 * a numeric field (a browser number input reports it as empty); the spec shows no price_min ≤ price_max rule.
 */
export function validateAddProduct(values: AddProductFormValues): Partial<Record<AddProductField, string>> {
  const errors: Partial<Record<AddProductField, string>> = {};
  for (const field of Object.keys(RULES) as AddProductField[]) {
    const message = fieldError(field, values[field]);
    if (message !== undefined) errors[field] = message;
  }
  // A slug that is a fixed address of the site (product-slug.ts) would give a product no page can open.
  const reserved = errors.name === undefined ? reservedSlugError(newProductSlug({ slug: values.slug, name: values.name })) : null;
  if (reserved !== null) errors.name = addProductMessages.reservedSlug(reserved);
  return errors;
}

/** Form values → NewProductInput (texts trimmed; numbers parsed, missing ones 0). Validate first. */
export function toNewProductInput(values: AddProductFormValues): NewProductInput {
  const num = (v: NumericInput) => parseNumericInput(v) ?? 0;
  const slug = values.slug?.trim();
  const talent = values.talent_required === null ? null : values.talent_required.trim();
  return {
    name: values.name.trim(),
    ...(slug ? { slug } : {}),
    category: values.category.trim(),
    type: values.type,
    price_max: num(values.price_max),
    price_min: num(values.price_min),
    production_cost: num(values.production_cost),
    production_time: num(values.production_time),
    production_request_index: num(values.production_request_index),
    space_required: num(values.space_required),
    // The blank choice stores the reader's default 'unknown'; 'None' stays null.
    talent_required: talent === '' ? 'unknown' : talent,
    materialId: values.materialId.trim(),
    image_url: values.image_url.trim(),
    increase: num(values.increase),
    originalPath: values.originalPath.trim(),
    enabled: values.enabled,
    requested_materials: { ...values.requested_materials },
  };
}
