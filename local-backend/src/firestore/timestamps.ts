/**
 * Timestamps are kept as bigint nanoseconds since the epoch so preconditions compare exactly, whatever the
 * number of fractional digits the client used ("…123456Z" and "…123456000Z" are equal).
 */

const RFC3339 = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/;

export type Nanos = bigint;

/** Firestore's (and protobuf Timestamp's) range: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z. */
export const MIN_TIMESTAMP: Nanos = -62_135_596_800n * 1_000_000_000n;
export const MAX_TIMESTAMP: Nanos = 253_402_300_800n * 1_000_000_000n - 1n;

function inRange(nanos: Nanos, value: unknown): Nanos {
  if (nanos < MIN_TIMESTAMP || nanos > MAX_TIMESTAMP) {
    throw new TypeError(`Timestamp ${JSON.stringify(value)} is outside 0001-01-01T00:00:00Z..9999-12-31T23:59:59.999999999Z`);
  }
  return nanos;
}

/** Client timestamps: RFC 3339 text or `{seconds, nanos}`. Malformed or out of range → TypeError (400 upstream). */
export function parseTimestamp(value: unknown): Nanos {
  if (value && typeof value === 'object') {
    const { seconds, nanos } = value as { seconds?: unknown; nanos?: unknown };
    const s = seconds ?? 0;
    const n = Number(nanos ?? 0);
    if (!/^-?\d+$/.test(String(s)) || !Number.isInteger(n) || n < 0 || n > 999_999_999) {
      throw new TypeError(`Invalid timestamp ${JSON.stringify(value)}`);
    }
    return inRange(BigInt(String(s)) * 1_000_000_000n + BigInt(n), value);
  }
  const match = RFC3339.exec(String(value));
  if (!match) throw new TypeError(`Invalid timestamp ${JSON.stringify(value)}`);
  const [, base, fraction = '', zone] = match;
  const millis = Date.parse(`${base}${zone}`);
  if (Number.isNaN(millis)) throw new TypeError(`Invalid timestamp ${JSON.stringify(value)}`);
  return inRange(BigInt(millis) * 1_000_000n + BigInt(fraction.padEnd(9, '0')), value);
}

/** RFC 3339 in UTC with 9 fractional digits (the SDKs accept 0–9). */
export function formatTimestamp(nanos: Nanos): string {
  const second = nanos >= 0n ? nanos / 1_000_000_000n : -((-nanos + 999_999_999n) / 1_000_000_000n);
  const fraction = nanos - second * 1_000_000_000n;
  const iso = new Date(Number(second) * 1000).toISOString().slice(0, 19);
  return `${iso}.${fraction.toString().padStart(9, '0')}Z`;
}

/**
 * Commit/read times: wall clock at microsecond granularity, forced strictly increasing so two commits in the
 * same microsecond still get distinct, ordered update times.
 */
export class MonotonicClock {
  private last: Nanos = 0n;

  now(): Nanos {
    const wall = BigInt(Date.now()) * 1_000_000n;
    this.last = wall > this.last ? wall : this.last + 1_000n;
    return this.last;
  }

  /** Never hand out a time at or before one already stored (after loading persisted data). */
  observe(time: Nanos): void {
    if (time > this.last) this.last = time;
  }
}
