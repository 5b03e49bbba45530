/** An origin no real page has: the value is parsed against it to see where the browser would really go. */
const PROBE_ORIGIN = 'https://return-url.invalid';
/** More nested %-encodings than any real link carries; a value still changing after this many decodes is refused. */
const MAX_DECODE_ROUNDS = 5;

/**
 * The returnUrl of /login and /register, as a same-site path to navigate to, or null (then the caller goes
 * to its default target).
 *
 * Only a plain same-site path is honoured: anything else would make the login page an open redirect, or
 * worse, crash the app. The browser's URL parser drops tabs and newlines and reads `\` as `/`, so
 * `/\t/evil.example` is the protocol-relative `//evil.example` to `history.replaceState`, which throws a
 * SecurityError that unmounts the whole React tree (a blank page). So a value is refused when it, or any
 * %-decoding of it (`%2F%2F`, `%252F`, `%09`…), holds a control character or a backslash, does not start
 * with exactly one `/`, or leaves the site once the browser resolves it (dot segments such as
 * `/..//evil.example` included). What is returned is the browser's own reading of the path (dot segments
 * resolved), so the router navigates to exactly the path that was checked.
 */
export function safeReturnUrl(value: string | null): string | null {
  if (!value) return null;
  let decoded = value;
  for (let round = 0; ; round++) {
    if (!isPlainSameSitePath(decoded)) return null;
    const next = decodeAsciiEscapes(decoded);
    if (next === decoded) break;
    if (round === MAX_DECODE_ROUNDS) return null;
    decoded = next;
  }
  const url = new URL(value, PROBE_ORIGIN);
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Decodes the %-escapes of ASCII characters only: what could hide a `/`, `\`, `.` or a control character.
 * Unlike decodeURIComponent it never throws, so a legitimate literal `%` (a `%25` in a slug) is kept.
 */
function decodeAsciiEscapes(text: string): string {
  return text.replace(/%[0-7][0-9a-f]/gi, (sequence) => String.fromCharCode(parseInt(sequence.slice(1), 16)));
}

function isPlainSameSitePath(text: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(text)) return false;
  if (!text.startsWith('/') || text.startsWith('//')) return false;
  const url = new URL(text, PROBE_ORIGIN);
  return url.origin === PROBE_ORIGIN && !url.pathname.startsWith('//');
}
