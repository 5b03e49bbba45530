/** Login and register validation, SPEC.md section 5. Each field reports its first failing rule. */
import { MIN_NAME_LENGTH, MIN_PASSWORD_LENGTH } from './limits';

/**
 * Upper limits of the registration function (functions/src/register.ts LIMITS), which the spec does not
 * name. Past them the function answers a text the spec maps to 'Registration is not allowed.', which would
 * mislead. Decision: the register inputs carry them as `maxLength` so they cannot be exceeded, and
 * validateRegister does not check them, because section 5 lists its messages literally and has none for a
 * maximum. The function's other stricter rules need nothing: an e-mail without a dot in its domain or
 * longer than 254 characters comes back as 'Invalid email address.', which is accurate.
 */
export const REGISTER_NAME_MAX_LENGTH = 100;
export const REGISTER_PASSWORD_MAX_LENGTH = 128;

export type LoginField = 'email' | 'password';
export type RegisterField = 'fullName' | 'email' | 'password' | 'confirmPassword';

export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  fullNameRequired: 'Full name is required',
  fullNameTooShort: `Name must be at least ${MIN_NAME_LENGTH} characters`,
  confirmRequired: 'Password confirmation is required',
  passwordsMismatch: 'Passwords do not match',
} as const;

/**
 * The browser's notion of a valid e-mail (the WHATWG `input type=email` rule): a local part, '@', and a
 * domain of dot-separated labels. 'a@b' is valid there too, as in Angular's email validator.
 */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

function emailError(email: string): string | undefined {
  if (email.trim() === '') return AUTH_MESSAGES.emailRequired;
  if (!isValidEmail(email)) return AUTH_MESSAGES.emailInvalid;
  return undefined;
}

/** Passwords are not trimmed: spaces are legitimate password characters. */
function passwordError(password: string): string | undefined {
  if (password === '') return AUTH_MESSAGES.passwordRequired;
  if (password.length < MIN_PASSWORD_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  return undefined;
}

function compact<F extends string>(entries: Array<[F, string | undefined]>): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const [field, message] of entries) if (message !== undefined) out[field] = message;
  return out;
}

export function validateLogin(values: { email: string; password: string }): Partial<Record<LoginField, string>> {
  return compact<LoginField>([
    ['email', emailError(values.email)],
    ['password', passwordError(values.password)],
  ]);
}

export function validateRegister(values: {
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
}): Partial<Record<RegisterField, string>> {
  const name = values.fullName.trim();
  return compact<RegisterField>([
    ['fullName', name === '' ? AUTH_MESSAGES.fullNameRequired : name.length < MIN_NAME_LENGTH ? AUTH_MESSAGES.fullNameTooShort : undefined],
    ['email', emailError(values.email)],
    ['password', passwordError(values.password)],
    [
      'confirmPassword',
      values.confirmPassword === ''
        ? AUTH_MESSAGES.confirmRequired
        : values.confirmPassword !== values.password
          ? AUTH_MESSAGES.passwordsMismatch
          : undefined,
    ],
  ]);
}
