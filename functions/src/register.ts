/**
 * The registration handler, free of Firebase: `index.ts` injects the real Auth and Firestore calls, tests inject fakes.
 *
 * Error texts are a contract with the browser (SPEC section 8): it maps a text containing 'already in use',
 * 'Invalid email' or 'too weak' to its own messages, anything else to "Registration is not allowed."
 */

export interface RegistrationInput {
  email: string;
  password: string;
  displayName: string;
}

export interface CreatedAuthUser {
  uid: string;
  /** The e-mail as the provider stored it (it lower-cases it). */
  email?: string;
}

export interface UserProfile {
  uid: string;
  email: string;
  displayName: string;
}

export interface RegisterDeps {
  createAuthUser(input: RegistrationInput): Promise<CreatedAuthUser>;
  /** Writes users/{uid}; the real one adds isAdmin false and server timestamps. */
  writeUserDoc(profile: UserProfile): Promise<void>;
  /** Compensation when the profile cannot be written, so that the e-mail is not left taken by a half-made account. */
  deleteAuthUser?(uid: string): Promise<void>;
  log?(message: string, error?: unknown): void;
}

export interface RegisterRequest {
  method: string;
  /** Parsed JSON (object), a raw JSON string/Buffer, or anything a client sent. */
  body: unknown;
}

export type RegisterResult = { success: true; uid: string } | { success: false; error: string };

export interface RegisterResponse {
  status: number;
  body: RegisterResult;
  headers?: Record<string, string>;
}

export const LIMITS = {
  emailMax: 254,
  passwordMin: 6,
  passwordMax: 128,
  displayNameMin: 2,
  displayNameMax: 100,
} as const;

export const MESSAGES = {
  methodNotAllowed: 'Method not allowed: use POST',
  malformedBody: 'Malformed request body: expected a JSON object with email, password and displayName',
  emailMissing: 'Invalid email address: email is required',
  emailInvalid: 'Invalid email address',
  emailTooLong: `Invalid email address: at most ${LIMITS.emailMax} characters`,
  passwordMissing: 'Password is too weak: password is required',
  passwordTooShort: `Password is too weak: it must be at least ${LIMITS.passwordMin} characters`,
  passwordTooLong: `Password is too long: at most ${LIMITS.passwordMax} characters`,
  displayNameMissing: 'Display name is required',
  displayNameLength: `Display name must be ${LIMITS.displayNameMin} to ${LIMITS.displayNameMax} characters`,
  emailInUse: 'The email address is already in use by another account',
  profileWriteFailed: 'Registration failed: the user profile could not be saved',
  internal: 'Registration failed: internal error',
} as const;

// Deliberately loose (what browsers' type=email accepts, minus quoting): the Auth provider has the final word.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

class ValidationError extends Error {}

function fail(status: number, error: string, headers?: Record<string, string>): RegisterResponse {
  return { status, body: { success: false, error }, ...(headers ? { headers } : {}) };
}

function parseBody(body: unknown): Record<string, unknown> {
  let value = body;
  if (typeof value === 'string' || value instanceof Uint8Array) {
    const text = typeof value === 'string' ? value : Buffer.from(value).toString('utf8');
    try {
      value = JSON.parse(text);
    } catch {
      throw new ValidationError(MESSAGES.malformedBody);
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError(MESSAGES.malformedBody);
  }
  return value as Record<string, unknown>;
}

export function validateRegistration(body: unknown): RegistrationInput {
  const fields = parseBody(body);
  const { email, password, displayName } = fields;

  if (email === undefined || email === null || email === '') throw new ValidationError(MESSAGES.emailMissing);
  if (typeof email !== 'string') throw new ValidationError(MESSAGES.emailInvalid);
  const trimmedEmail = email.trim();
  if (trimmedEmail.length > LIMITS.emailMax) throw new ValidationError(MESSAGES.emailTooLong);
  if (!EMAIL_PATTERN.test(trimmedEmail)) throw new ValidationError(MESSAGES.emailInvalid);

  if (password === undefined || password === null || password === '') throw new ValidationError(MESSAGES.passwordMissing);
  if (typeof password !== 'string') throw new ValidationError(MESSAGES.passwordTooShort);
  // Not trimmed: spaces are legitimate password characters.
  if (password.length < LIMITS.passwordMin) throw new ValidationError(MESSAGES.passwordTooShort);
  if (password.length > LIMITS.passwordMax) throw new ValidationError(MESSAGES.passwordTooLong);

  if (displayName === undefined || displayName === null) throw new ValidationError(MESSAGES.displayNameMissing);
  if (typeof displayName !== 'string') throw new ValidationError(MESSAGES.displayNameLength);
  const trimmedName = displayName.trim();
  if (trimmedName === '') throw new ValidationError(MESSAGES.displayNameMissing);
  if (trimmedName.length < LIMITS.displayNameMin || trimmedName.length > LIMITS.displayNameMax) {
    throw new ValidationError(MESSAGES.displayNameLength);
  }

  return { email: trimmedEmail, password, displayName: trimmedName };
}

/** Maps a firebase-admin Auth error (code `auth/...`) to the HTTP status and the text the browser maps. */
export function mapAuthError(error: unknown): { status: number; error: string } {
  const code = typeof error === 'object' && error !== null ? String((error as { code?: unknown }).code ?? '') : '';
  switch (code) {
    case 'auth/email-already-exists':
    case 'auth/email-already-in-use':
      return { status: 409, error: MESSAGES.emailInUse };
    case 'auth/invalid-email':
      return { status: 400, error: MESSAGES.emailInvalid };
    case 'auth/invalid-password':
    case 'auth/weak-password':
      return { status: 400, error: MESSAGES.passwordTooShort };
    case 'auth/invalid-display-name':
      return { status: 400, error: MESSAGES.displayNameLength };
    default:
      return { status: 500, error: MESSAGES.internal };
  }
}

export async function handleRegister(request: RegisterRequest, deps: RegisterDeps): Promise<RegisterResponse> {
  if (request.method.toUpperCase() !== 'POST') return fail(405, MESSAGES.methodNotAllowed, { Allow: 'POST' });

  let input: RegistrationInput;
  try {
    input = validateRegistration(request.body);
  } catch (error) {
    if (error instanceof ValidationError) return fail(400, error.message);
    throw error;
  }

  let created: CreatedAuthUser;
  try {
    created = await deps.createAuthUser(input);
  } catch (error) {
    const mapped = mapAuthError(error);
    if (mapped.status === 500) deps.log?.('registerUser: createUser failed', error);
    return fail(mapped.status, mapped.error);
  }

  try {
    await deps.writeUserDoc({ uid: created.uid, email: created.email ?? input.email, displayName: input.displayName });
  } catch (error) {
    deps.log?.('registerUser: writing users/{uid} failed', error);
    try {
      await deps.deleteAuthUser?.(created.uid);
    } catch (cleanupError) {
      deps.log?.('registerUser: deleting the half-made auth user failed', cleanupError);
    }
    return fail(500, MESSAGES.profileWriteFailed);
  }

  return { status: 200, body: { success: true, uid: created.uid } };
}
