/**
 * The client a rate-limit bucket belongs to: the last X-Forwarded-For entry, which Google's front end appends
 * (entries a client sends come before it, so they cannot move it), else the socket's address. Used by
 * registerUser and the open data API.
 */
export function clientKey(forwardedFor: string | string[] | undefined, socketAddress: string | undefined): string {
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
  const last = header.split(',').map((part) => part.trim()).filter(Boolean).pop();
  return last ?? socketAddress ?? 'unknown';
}
