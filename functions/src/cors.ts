/**
 * CORS from an allow-list: only the site's own origins may call registerUser from a browser (with `cors: true`
 * any website could, through its visitors' browsers). Requests without an Origin (curl, server-to-server) are not
 * browser cross-site requests and get no CORS headers.
 */

/** "https://a.web.app, https://b.example" → exact origins; blanks dropped, trailing slashes removed. */
export function parseAllowedOrigins(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);
}

export function isAllowedOrigin(origin: string, allowed: readonly string[]): boolean {
  return allowed.includes(origin);
}

/** The headers for a response to `origin` (none when it is not allowed, so the browser blocks the reply). */
export function corsHeaders(origin: string | undefined, allowed: readonly string[]): Record<string, string> {
  if (origin === undefined || !isAllowedOrigin(origin, allowed)) return { Vary: 'Origin' };
  return {
    Vary: 'Origin',
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type, X-Firebase-AppCheck',
    'Access-Control-Max-Age': '3600',
  };
}
