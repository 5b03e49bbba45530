/** Pure rules of the admin JSON editor, SPEC.md sections 2, 4 and 5 ("JSON editor"). */
import { JSON_EDITOR_MESSAGES, SLUG_CHANGE_MESSAGE } from './errors';
import { reservedSlugError } from './validation/product-slug';

export const JSON_INDENT = 2;
export const JSON_EDITOR_MESSAGE_TIMEOUT_MS = 5000;
export const JSON_EDITOR_MOBILE_BREAKPOINT_PX = 768;
export const JSON_STATUS = { error: 'Errore', valid: 'Valido', empty: 'Vuoto' } as const;
export type JsonStatusLabel = (typeof JSON_STATUS)[keyof typeof JSON_STATUS];

export type JsonParseResult = { value: unknown } | { error: string };

function isBlank(text: string): boolean {
  return text.trim() === '';
}

/** Parses the text; the error is the parser's own message, or 'JSON non valido' when it has none. */
export function parseJsonText(text: string): JsonParseResult {
  try {
    return { value: JSON.parse(text) };
  } catch (e) {
    const message = e instanceof Error ? e.message : '';
    return { error: message.trim() !== '' ? message : JSON_EDITOR_MESSAGES.invalidJson };
  }
}

/** The syntax-error banner text: null for empty text (nothing to complain about) and for valid JSON. */
export function jsonTextError(text: string): string | null {
  if (isBlank(text)) return null;
  const result = parseJsonText(text);
  return 'error' in result ? result.error : null;
}

/** Pretty-prints with 2 spaces. Throws the parser's SyntaxError on invalid text. */
export function formatJson(text: string): string {
  return JSON.stringify(JSON.parse(text), null, JSON_INDENT);
}

/** Removes all insignificant whitespace. Throws the parser's SyntaxError on invalid text. */
export function minifyJson(text: string): string {
  return JSON.stringify(JSON.parse(text));
}

export function jsonStatusLabel(text: string): JsonStatusLabel {
  if (isBlank(text)) return JSON_STATUS.empty;
  return jsonTextError(text) === null ? JSON_STATUS.valid : JSON_STATUS.error;
}

export interface JsonEditorButtons {
  format: boolean;
  minify: boolean;
  validate: boolean;
  save: boolean;
  reload: boolean;
  export: boolean;
}

/** Which buttons are enabled (section 5). Whitespace-only text counts as empty. */
export function jsonEditorButtons(state: { hasSelection: boolean; text: string; hasError: boolean }): JsonEditorButtons {
  const hasText = !isBlank(state.text);
  return {
    format: hasText && !state.hasError,
    minify: hasText && !state.hasError,
    validate: hasText,
    save: state.hasSelection && hasText && !state.hasError,
    reload: state.hasSelection,
    // Invalid JSON is never exported: the file would not load anywhere a product JSON is expected.
    export: hasText && !state.hasError,
  };
}

/** '{slug}.json', or 'product.json' without a slug. */
export function exportFileName(slug: string | null | undefined): string {
  const s = (slug ?? '').trim();
  return `${s === '' ? 'product' : s}.json`;
}

/**
 * null when the object can be sent as an update; otherwise the spec's message. slug and name must be
 * non-blank strings: the database rules refuse anything else, and a number would only fail there, in English.
 */
export function validateProductForUpdate(obj: unknown): string | null {
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) return JSON_EDITOR_MESSAGES.missingSlugOrName;
  const { slug, name } = obj as Record<string, unknown>;
  const present = (v: unknown) => typeof v === 'string' && v.trim() !== '';
  return present(slug) && present(name) ? null : JSON_EDITOR_MESSAGES.missingSlugOrName;
}

/**
 * null when the edited slug is the stored one; otherwise the message that refuses the save. The slug names the
 * product in the site's addresses, so it never changes (SLUG_CHANGE_MESSAGE); a slug the site reserves for a
 * fixed address (validation/product-slug.ts) is refused by name, since no product may ever take it.
 * Decision: a product already stored under a reserved slug stays editable (its slug cannot change, so refusing
 * it would leave it impossible to fix or disable).
 */
export function slugEditError(edited: unknown, stored: string): string | null {
  if (edited === stored) return null;
  return (typeof edited === 'string' ? reservedSlugError(edited) : null) ?? SLUG_CHANGE_MESSAGE;
}

/** Provider codes whose own text is English and technical: the admin gets the spec's update message instead. */
const UPDATE_FALLBACK_CODES = new Set(['permission-denied', 'unauthenticated']);

/**
 * The text shown when a JSON editor save fails (section 8): the error's own message (ours are the spec's
 * Italian texts, e.g. product not found), or 'Errore durante l'aggiornamento del prodotto' when it has none
 * or when the database refused the write (its message is the provider's English text).
 */
export function updateErrorMessage(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : undefined;
  if (typeof code === 'string' && UPDATE_FALLBACK_CODES.has(code.replace(/^firestore\//, ''))) {
    return JSON_EDITOR_MESSAGES.updateFailed;
  }
  const message = error instanceof Error ? error.message.trim() : '';
  return message !== '' ? message : JSON_EDITOR_MESSAGES.updateFailed;
}

/** Case-insensitive match on name, slug or category; a blank query keeps every product. */
export function filterProducts<T extends { name: string; slug: string; category: string }>(products: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [...products];
  return products.filter((p) => [p.name, p.slug, p.category].some((field) => (field ?? '').toLowerCase().includes(q)));
}

/** The category autocomplete: a case-insensitive substring match; blank text matches everything. */
export function filterCategories(categories: readonly string[], text: string): string[] {
  const q = text.trim().toLowerCase();
  return categories.filter((c) => c.toLowerCase().includes(q));
}

/** The category dropdown shows only when the text is non-empty and something matches (section 5). */
export function showCategoryDropdown(text: string, matches: readonly string[]): boolean {
  return !isBlank(text) && matches.length > 0;
}

export const NO_CATEGORY_FOUND = 'Nessuna categoria trovata';
export const CATEGORY_DROPDOWN_HIDE_DELAY_MS = 200;
