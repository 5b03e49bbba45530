/**
 * The one error type the gateway throws. `code` is machine-readable (the stores branch on it); `message` is
 * the user-facing text where the spec gives one (duplicate slug, product not found), otherwise the cause's.
 * Auth failures keep the provider's code (e.g. 'auth/wrong-password') so the stores can map it (SPEC §8).
 */
export const GatewayErrorCode = {
  duplicateSlug: 'duplicate-slug',
  /** A document the write would create exists already (add material). */
  alreadyExists: 'already-exists',
  notFound: 'not-found',
  conflict: 'conflict',
  unavailable: 'unavailable',
  invalidData: 'invalid-data',
  /** The service did not answer in time (./timeout.ts). */
  timeout: 'deadline-exceeded',
} as const;

export type KnownGatewayErrorCode = (typeof GatewayErrorCode)[keyof typeof GatewayErrorCode];

export class GatewayError extends Error {
  override readonly name = 'GatewayError';

  constructor(
    /** A `GatewayErrorCode` value or a provider code such as 'auth/user-not-found'. */
    readonly code: KnownGatewayErrorCode | (string & {}),
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isGatewayError(error: unknown): error is GatewayError {
  return error instanceof GatewayError;
}

/** The code of any thrown value that carries one (GatewayError, FirebaseError), else undefined. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Wraps a Firestore/Auth failure, keeping its code. */
export function toGatewayError(error: unknown): GatewayError {
  if (error instanceof GatewayError) return error;
  return new GatewayError(errorCode(error) ?? GatewayErrorCode.unavailable, errorMessage(error), { cause: error });
}
