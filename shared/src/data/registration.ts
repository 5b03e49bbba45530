/**
 * The registration cloud function call (SPEC.md section 7): POST JSON {email, password, displayName}; the
 * reply's `success` and `error` are read. Nothing throws: a network failure or HTTP error is a reply with
 * success false, and `httpStatus` tells the store the text came from an HTTP error (mapped by
 * `registrationCodeFromHttpErrorText`, section 8).
 */
import type { RegistrationInput, RegistrationResult } from './gateway';

export async function register(
  registerUrl: string,
  input: RegistrationInput,
  fetchImpl: typeof fetch = fetch,
): Promise<RegistrationResult> {
  let response: Response;
  try {
    response = await fetchImpl(registerUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: input.email, password: input.password, displayName: input.displayName }),
    });
  } catch (error) {
    console.error('Registration request failed', error);
    return { success: false, networkError: true };
  }
  const body = await readJson(response);
  if (!response.ok) {
    return { success: false, error: nestedErrorText(body) ?? response.statusText, httpStatus: response.status };
  }
  if (isRecord(body) && body.success === true) return { success: true };
  const error = nestedErrorText(body);
  return error ? { success: false, error } : { success: false };
}

/** The error text of a reply: `error` as text, or `error.message` when the error is an object. */
export function nestedErrorText(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() === '' ? undefined : body;
  if (!isRecord(body)) return undefined;
  const error = body.error;
  if (typeof error === 'string' && error.trim() !== '') return error;
  if (isRecord(error) && typeof error.message === 'string' && error.message.trim() !== '') return error.message;
  if (typeof body.message === 'string' && body.message.trim() !== '') return body.message;
  return undefined;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
