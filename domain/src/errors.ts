/** The error catalogue of SPEC.md section 8. Codes are accepted with or without the 'auth/' prefix. */

function bareCode(code: string | null | undefined): string {
  return (code ?? '').trim().replace(/^auth\//, '');
}

export const LOGIN_ERROR_MESSAGES = {
  'user-not-found': 'User not found.',
  'wrong-password': 'Incorrect password.',
  'invalid-email': 'Invalid email address.',
  'user-disabled': 'This account has been disabled.',
  'too-many-requests': 'Too many login attempts. Please try again later.',
} as const;
export const LOGIN_ERROR_FALLBACK = 'Login error. Please try again.';

/**
 * Decision: Firebase's newer 'auth/invalid-credential' (sent instead of user-not-found / wrong-password when
 * e-mail enumeration protection is on) is not in the spec's table, so it gets the 'anything else' message.
 */
export function loginErrorMessage(code: string | null | undefined): string {
  const key = bareCode(code);
  return Object.hasOwn(LOGIN_ERROR_MESSAGES, key)
    ? LOGIN_ERROR_MESSAGES[key as keyof typeof LOGIN_ERROR_MESSAGES]
    : LOGIN_ERROR_FALLBACK;
}

export const REGISTRATION_ERROR_MESSAGES = {
  'email-already-in-use': 'This email is already in use.',
  'invalid-email': 'Invalid email address.',
  'weak-password': 'Password is too weak.',
  'operation-not-allowed': 'Registration is not allowed.',
} as const;
export const REGISTRATION_ERROR_FALLBACK = 'Registration error. Please try again.';
/** The registration function answered success false without an error text. */
export const REGISTRATION_FAILED = 'Registration failed';

export type RegistrationErrorCode = keyof typeof REGISTRATION_ERROR_MESSAGES;

export function registrationErrorMessage(code: string | null | undefined): string {
  const key = bareCode(code);
  return Object.hasOwn(REGISTRATION_ERROR_MESSAGES, key)
    ? REGISTRATION_ERROR_MESSAGES[key as RegistrationErrorCode]
    : REGISTRATION_ERROR_FALLBACK;
}

/**
 * The nested error text of an HTTP error from the registration function → a registration code.
 * Matching is case-insensitive so that 'invalid email' and 'Invalid email' read the same.
 */
export function registrationCodeFromHttpErrorText(text: string | null | undefined): RegistrationErrorCode {
  const t = (text ?? '').toLowerCase();
  if (t.includes('already in use')) return 'email-already-in-use';
  if (t.includes('invalid email')) return 'invalid-email';
  if (t.includes('too weak')) return 'weak-password';
  return 'operation-not-allowed';
}

// --- Product add and update ---
export const ADD_PRODUCT_ERROR_FALLBACK = "Si è verificato un errore durante l'aggiunta del prodotto";
export const addProductSuccessMessage = (name: string) => `Prodotto "${name}" aggiunto con successo!`;
export const duplicateSlugMessage = (slug: string) => `Un prodotto con lo slug "${slug}" esiste già`;
export const productNotFoundMessage = (slug: string) => `Prodotto con slug "${slug}" non trovato`;
/** Service-level log lines. */
export const PRODUCT_ADDED_LOG = 'Prodotto aggiunto con successo';
export const PRODUCT_UPDATED_LOG = 'Prodotto aggiornato con successo';

/** The add form shows the error's own message, or the fallback when it has none. */
export function addProductErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return message.trim() !== '' ? message : ADD_PRODUCT_ERROR_FALLBACK;
}

// --- JSON editor ---
export const JSON_EDITOR_MESSAGES = {
  loadProductsFailed: 'Errore nel caricamento dei prodotti',
  productNotFound: 'Prodotto non trovato',
  updateSuccess: 'Prodotto aggiornato con successo!',
  updateFailed: "Errore durante l'aggiornamento del prodotto",
  formatSuccess: 'JSON formattato con successo!',
  minifySuccess: 'JSON minificato con successo!',
  validSuccess: 'JSON valido!',
  exportSuccess: 'JSON esportato con successo!',
  invalidJson: 'JSON non valido',
  formatFailed: 'Errore durante la formattazione del JSON',
  minifyFailed: 'Errore durante la minificazione del JSON',
  exportFailed: "Errore durante l'esportazione del JSON",
  missingSlugOrName: 'Il prodotto deve avere almeno slug e name',
} as const;
/** The slug identifies the product (URLs, links): an edit may not change it (SPEC section 5; the rules refuse it). */
export const SLUG_CHANGE_MESSAGE =
  "Lo slug non può essere modificato: identifica il prodotto negli indirizzi del sito. Ripristina lo slug originale per salvare.";

// --- Other ---
export const CHART_LOAD_FAILED_LOG = 'Failed to load Chart.js';
export const CHART_SETUP_FAILED_LOG = 'Chart setup failed';
