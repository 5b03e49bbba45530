/**
 * The reads behind the API, kept per market period in the memory of one function instance (or of the local
 * static server), so that N callers within a period cost about one set of Firestore reads: the first caller's
 * read is shared by everyone who asks during the period, concurrent first callers included.
 *
 * Decisions (as the render server's read cache, shell/src/ssr/render.tsx):
 * - An entry lasts to the end of its market period (@sbc/domain periodRemainingMs, at most `maxSeconds`).
 * - A failed read is not kept: the next caller tries again.
 * - At most `maxEntries` entries (a caller asking for many unknown slugs cannot grow the memory without bound):
 *   expired entries go first, then the oldest.
 */
import { periodRemainingMs } from '@sbc/domain';

export interface PeriodCacheOptions {
  now: () => number;
  maxSeconds: number;
  maxEntries?: number;
}

export const DEFAULT_MAX_ENTRIES = 2000;

export class PeriodCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>();

  constructor(private readonly options: PeriodCacheOptions) {}

  /**
   * The period's answer for `key`, running `read` only when there is none. `keep`: whether a read value may serve the
   * rest of the period (callers waiting on it get it either way); a value it refuses is read again by the next caller
   * (what a function writes after the market update, read before it wrote: ./handler.ts, the movers and history).
   */
  get<T>(key: string, read: () => Promise<T>, keep?: (value: T) => boolean): Promise<T> {
    const now = this.options.now();
    const cached = this.entries.get(key);
    if (cached && cached.expires > now) return cached.value as Promise<T>;
    this.makeRoom(now);
    const value = read();
    const entry = { expires: now + periodRemainingMs(now, this.options.maxSeconds), value };
    this.entries.set(key, entry);
    const forget = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    value.then((v) => keep && !keep(v) && forget(), forget);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }

  private makeRoom(now: number): void {
    const max = this.options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    if (this.entries.size < max) return;
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
    for (const key of this.entries.keys()) {
      if (this.entries.size < max) break;
      this.entries.delete(key);
    }
  }
}
