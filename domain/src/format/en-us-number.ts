/**
 * The site's number text, en-US: ',' between thousands, '.' before the decimals, '-' before a negative number,
 * rounded half away from zero on the number's shortest decimal text (2.345 → '2.35', as a reader of '2.345'
 * expects), at most `maxDecimals` and at least `minDecimals` decimals shown. It writes exactly what
 * `new Intl.NumberFormat('en-US', { minimumFractionDigits, maximumFractionDigits }).format(value)` writes
 * (en-us-number.test.ts compares the two over thousands of values), without Intl: the first NumberFormat a page
 * builds loads the browser's number-formatting data, 35–55 ms of a phone's CPU (4x slower) in the middle of its
 * start-up, between the first paint and the page answering (issue 26). The public pages show no other locale.
 */

/** For the cases the digits below do not cover (NaN, ±Infinity, |value| ≥ 1e21): built on first use. */
const intlFormatters = new Map<string, Intl.NumberFormat>();
function intlFormat(value: number, minDecimals: number, maxDecimals: number): string {
  const key = `${minDecimals}|${maxDecimals}`;
  let formatter = intlFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: minDecimals, maximumFractionDigits: maxDecimals });
    intlFormatters.set(key, formatter);
  }
  return formatter.format(value);
}

/** The integer and fraction digits of a finite |value| < 1e21, from its shortest text ('1.5e-7' expanded). */
function decimalDigits(abs: number): { integer: string; fraction: string } {
  const text = String(abs);
  const exponentAt = text.indexOf('e');
  if (exponentAt === -1) {
    const [integer, fraction = ''] = text.split('.');
    return { integer, fraction };
  }
  // Only small numbers print with an exponent below 1e21: '1.25e-7' → 0.000000125.
  const exponent = Number(text.slice(exponentAt + 1));
  const mantissa = text.slice(0, exponentAt).replace('.', '');
  return { integer: '0', fraction: `${'0'.repeat(-exponent - 1)}${mantissa}` };
}

/** Adds one to a string of decimal digits: '0999' → '1000', '99' → '100'. */
function incremented(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

const groupThousands = (integer: string) => integer.replace(/\B(?=(\d{3})+$)/g, ',');

export function formatEnUsNumber(value: number, minDecimals: number, maxDecimals: number = minDecimals): string {
  const abs = Math.abs(value);
  if (!Number.isFinite(value) || abs >= 1e21) return intlFormat(value, minDecimals, maxDecimals);
  const { integer, fraction } = decimalDigits(abs);
  // Round at maxDecimals: the first dropped digit decides (half away from zero).
  let kept = `${integer}${fraction.slice(0, maxDecimals).padEnd(maxDecimals, '0')}`;
  if ((fraction[maxDecimals] ?? '0') >= '5') kept = incremented(kept);
  let whole = kept.slice(0, kept.length - maxDecimals) || '0';
  whole = whole.replace(/^0+(?=\d)/, '');
  let decimals = kept.slice(kept.length - maxDecimals);
  while (decimals.length > minDecimals && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  const digits = decimals ? `${groupThousands(whole)}.${decimals}` : groupThousands(whole);
  // Intl keeps the sign of a negative number that rounds to zero ('-0.00') and of -0.
  return value < 0 || Object.is(value, -0) ? `-${digits}` : digits;
}
