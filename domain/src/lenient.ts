/**
 * Lenient primitives for reading stored documents: data in the live database was written by several tools
 * over the years, so a malformed field must degrade to a default instead of breaking a whole screen.
 */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Finite numbers as they are, numeric strings parsed, anything else 0. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : 0;
  }
  return 0;
}

/** Keeps finite numbers and numeric strings (parsed); drops everything else. Non-arrays give []. */
export function toNumberArray(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const out: number[] = [];
  for (const item of value) {
    if (typeof item === 'number' && Number.isFinite(item)) out.push(item);
    else if (typeof item === 'string' && isNumeric(item)) out.push(Number(item.trim()));
  }
  return out;
}

function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value.trim()));
}

/** Strings as they are, finite numbers stringified, anything else the fallback. */
export function toText(value: unknown, fallback = ''): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return fallback;
}

/** Like toText, but an empty or blank string also gives the fallback. */
export function toNonEmptyText(value: unknown, fallback: string): string {
  const text = toText(value, '');
  return text.trim() === '' ? fallback : text;
}

function validDate(date: Date): Date | undefined {
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * Normalises every timestamp shape we meet to a Date: Firestore Timestamp (anything with toDate()),
 * {seconds, nanoseconds} (also the admin SDK's JSON form {_seconds, _nanoseconds}), Date, ISO string,
 * or a number of milliseconds since the epoch. Anything unreadable gives undefined.
 */
export function toInstant(value: unknown): Date | undefined {
  if (value instanceof Date) return validDate(new Date(value.getTime()));
  if (typeof value === 'number') return Number.isFinite(value) ? validDate(new Date(value)) : undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : validDate(new Date(value));
  if (!isRecord(value)) return undefined;
  if (typeof value.toDate === 'function') {
    try {
      const date = (value.toDate as () => unknown)();
      return date instanceof Date ? validDate(date) : undefined;
    } catch {
      return undefined;
    }
  }
  const seconds = value.seconds ?? value._seconds;
  const nanoseconds = value.nanoseconds ?? value._nanoseconds;
  if (!isNumeric(seconds)) return undefined;
  return validDate(new Date(toNumber(seconds) * 1000 + Math.floor(toNumber(nanoseconds) / 1e6)));
}
