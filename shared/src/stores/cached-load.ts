/**
 * The load policy every list shares (SPEC.md sections 7 and 8): the session cache first (unless forced),
 * then the gateway; a failed load is logged and falls back to the cached list, else to the list already on
 * screen, else to empty. Concurrent loads of the same list share one request.
 */
import type { CacheSlot } from '../data/session-cache';
import type { LoadState } from './contract';

export interface LoadOutcome<T> {
  items: T[];
  /** 'ready' when there is data to show (fresh, cached or fallback); 'error' when the load failed with nothing to fall back on. */
  state: Extract<LoadState, 'ready' | 'error'>;
  /** Where the items came from. */
  source: 'cache' | 'gateway' | 'fallback' | 'none';
}

export async function loadWithCache<T>(args: {
  slot: CacheSlot<T[]>;
  fetch: () => Promise<T[]>;
  force: boolean;
  current: T[];
  label: string;
}): Promise<LoadOutcome<T>> {
  if (!args.force) {
    const cached = args.slot.read();
    if (cached) return { items: cached, state: 'ready', source: 'cache' };
  }
  try {
    const items = await args.fetch();
    args.slot.write(items);
    return { items, state: 'ready', source: 'gateway' };
  } catch (error) {
    console.error(`Failed to load ${args.label}`, error);
    const fallback = args.slot.read() ?? (args.current.length > 0 ? args.current : undefined);
    return fallback
      ? { items: fallback, state: 'ready', source: 'fallback' }
      : { items: [], state: 'error', source: 'none' };
  }
}

/** Runs `task` unless one with the same key is in flight, in which case that one's promise is returned. */
export class InFlight {
  private readonly running = new Map<string, Promise<void>>();

  run(key: string, task: () => Promise<void>): Promise<void> {
    const existing = this.running.get(key);
    if (existing) return existing;
    const promise = task().finally(() => this.running.delete(key));
    this.running.set(key, promise);
    return promise;
  }
}
