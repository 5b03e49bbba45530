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
  /** Counts an attempt of `client`; answers 0 when it may go ahead, else the seconds until it may try again. */
  rateLimit?: { take(client: string): number };
}

export function tooManyRegistrationsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many registration attempts from this address: try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export interface RegisterRequest {
  method: string;
  /** Parsed JSON (object), a raw JSON string/Buffer, or anything a client sent. */
  body: unknown;
  /** The Content-Type header; only application/json is accepted (an HTML form on another site cannot send it). */
  contentType?: string;
  /** The body's size in bytes as received. */
  bodyBytes?: number;
  /** Who is asking, for the rate limit (see clientKey in index.ts). */
  client?: string;
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
  /** A registration body is three short strings: 4 KiB is generous. */
  bodyBytesMax: 4096,
} as const;

export const MESSAGES = {
  methodNotAllowed: 'Method not allowed: use POST',
  unsupportedMediaType: 'Unsupported content type: send the registration as application/json',
  bodyTooLarge: `Request body too large: at most ${LIMITS.bodyBytesMax} bytes`,
  displayNameControl: 'Display name must not contain control characters',
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

// C0 and C1 controls, DEL, and the bidirectional overrides/isolates that reorder how a name reads to others.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

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
  if (CONTROL_CHARACTERS.test(trimmedName)) throw new ValidationError(MESSAGES.displayNameControl);
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

/** application/json, with or without parameters (charset=utf-8), in any letter case. */
export function isJsonContentType(contentType: string | undefined): boolean {
  return /^application\/json\s*(;|$)/i.test((contentType ?? '').trim());
}

export async function handleRegister(request: RegisterRequest, deps: RegisterDeps): Promise<RegisterResponse> {
  if (request.method.toUpperCase() !== 'POST') return fail(405, MESSAGES.methodNotAllowed, { Allow: 'POST' });
  if ((request.bodyBytes ?? 0) > LIMITS.bodyBytesMax) return fail(413, MESSAGES.bodyTooLarge);
  // JSON only: text/plain, form-urlencoded and multipart are what a cross-site <form> or a preflight-free fetch
  // can send, so refusing them means another website cannot register accounts through its visitors' browsers.
  if (!isJsonContentType(request.contentType)) return fail(415, MESSAGES.unsupportedMediaType);
  if (deps.rateLimit && request.client !== undefined) {
    const retryAfterSeconds = deps.rateLimit.take(request.client);
    if (retryAfterSeconds > 0) {
      return fail(429, tooManyRegistrationsMessage(retryAfterSeconds), { 'Retry-After': String(retryAfterSeconds) });
    }
  }

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
