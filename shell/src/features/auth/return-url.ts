/**
 * Only same-site paths are honoured as a returnUrl: `//evil.example` or `https://…` would turn the login
 * page into an open redirect.
 */
export function safeReturnUrl(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
