import { GatewayError, GatewayErrorCode } from './errors';

/**
 * How long the site waits for one call to the authentication service (sign-in, the registration function)
 * or for the user-document read and writes that follow a sign-in, before giving up with the spec's error
 * text. Without it a hanging service leaves the form on 'Signing In...' / 'Creating Account...' forever.
 *
 * Decision, 15 s: far above a healthy answer (well under a second; a cold-started registration function
 * takes a few seconds), below the point where people give up on a spinner, and below the Auth SDK's own
 * 30 s network timeout, so the message is ours and arrives first.
 */
export const AUTH_SERVICE_TIMEOUT_MS = 15_000;

/**
 * `promise`, or a GatewayError with code `deadline-exceeded` (Firestore's name for it) once `ms` have passed.
 * The call itself cannot be cancelled: a late answer is ignored by the caller.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new GatewayError(GatewayErrorCode.timeout, `${what} did not answer within ${ms / 1000} s`)),
      ms,
    );
  });
  return Promise.race([promise, expiry]).finally(() => clearTimeout(timer));
}

export function isTimeout(error: unknown): boolean {
  return error instanceof GatewayError && error.code === GatewayErrorCode.timeout;
}
