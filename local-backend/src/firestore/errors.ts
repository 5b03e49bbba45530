/**
 * API errors. Lite maps the HTTP status to its error code and keeps only `message`. firebase-admin 13 (its
 * google-gax 4.6) ignores `error.status` and maps the body's `error.code` as an HTTP status (400 invalid-argument,
 * 404 not-found, 409 aborted, any other 4xx failed-precondition...). Both must get a usable code, hence the
 * separate body code.
 */
export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly status: string,
    message: string,
    /** `error.code` in the body; defaults to the HTTP status. */
    readonly bodyCode: number = httpStatus,
  ) {
    super(message);
  }

  toBody(): { error: { code: number; message: string; status: string } } {
    return { error: { code: this.bodyCode, message: `${this.status}: ${this.message}`, status: this.status } };
  }
}

export const invalidArgument = (message: string): ApiError => new ApiError(400, 'INVALID_ARGUMENT', message);
export const notFound = (message: string): ApiError => new ApiError(404, 'NOT_FOUND', message);
export const unauthenticated = (message: string): ApiError => new ApiError(401, 'UNAUTHENTICATED', message);
export const permissionDenied = (message: string): ApiError => new ApiError(403, 'PERMISSION_DENIED', message);
export const aborted = (message: string): ApiError => new ApiError(409, 'ABORTED', message);
/**
 * HTTP 409 so lite maps it to `aborted` and retries its transaction. Admin cannot receive ALREADY_EXISTS
 * through an HTTP code: body code 400 makes it INVALID_ARGUMENT (3) with "ALREADY_EXISTS: ..." in the message,
 * instead of ABORTED which admin would retry for minutes.
 */
export const alreadyExists = (message: string): ApiError => new ApiError(409, 'ALREADY_EXISTS', message, 400);
/**
 * An `updateTime` precondition that no longer holds: HTTP 409 makes lite retry its transaction; body code 412
 * reaches admin as FAILED_PRECONDITION (9), which it does not retry.
 */
export const stalePrecondition = (message: string): ApiError => new ApiError(409, 'FAILED_PRECONDITION', message, 412);
/**
 * A query no declared index serves (./index-requirements.ts): HTTP 400 FAILED_PRECONDITION as Firestore answers it;
 * lite reads the status name, admin the body code (412: failed-precondition).
 */
export const missingIndex = (message: string): ApiError => new ApiError(400, 'FAILED_PRECONDITION', message, 412);
