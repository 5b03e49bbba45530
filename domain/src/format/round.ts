/**
 * Half-up rounding on the decimal text of the number: 2.345 is stored as 2.34499…, and toFixed would give
 * '2.34', while a reader of '2.345' expects '2.35'. Shifting through the exponent avoids the binary error.
 */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const sign = value < 0 ? -1 : 1;
  const text = String(Math.abs(value));
  // Numbers already printed in exponent form (1e-7, 1e21) are far from any rounding tie: plain maths is fine.
  if (text.includes('e')) {
    if (Math.abs(value) >= 1) return value; // ≥ 1e21: already an integer
    const factor = 10 ** decimals;
    const plain = (sign * Math.round(Math.abs(value) * factor)) / factor;
    return Object.is(plain, -0) ? 0 : plain;
  }
  const shifted = Math.round(Number(`${text}e${decimals}`));
  const result = sign * Number(`${shifted}e-${decimals}`);
  return Object.is(result, -0) ? 0 : result;
}

/** Non-finite numbers (NaN, ±Infinity) count as 0 everywhere the spec formats numbers. */
export function finiteOrZero(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
