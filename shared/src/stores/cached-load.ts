/**
 * The load policy every list shares (SPEC.md sections 7 and 8): the session cache first (unless forced),
 * then the gateway; a failed load is logged and falls back to the cached list, else to the list already on
 * screen, else to empty. Concurrent loads of the same list share one request.
 */
import { makeAutoObservable, onBecomeObserved, onBecomeUnobserved, runInAction } from 'mobx';
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

  /** Resolves once every task running now, but the one of `key`, has settled. */
  async idleExcept(key: string): Promise<void> {
    await Promise.allSettled([...this.running].filter(([k]) => k !== key).map(([, promise]) => promise));
  }
}

/**
 * One list loaded with the policy above, observable: its items, its state and the load that fills them. The
 * market store keeps its products, materials, statistics and each sector in one of these, the talents store its
 * talents, instead of a copy of the load-with-cache steps per list.
 */
export class CachedList<T> {
  items: T[] = [];
  state: LoadState = 'idle';
  /**
   * True while a rendered component (a MobX observer, directly or through a computed value) reads `items`: the list
   * is on screen. A market update refetches such a list and forgets the others (MarketStore.followMarketUpdate).
   */
  observed = false;
  private readonly inFlight = new InFlight();

  constructor(
    private readonly source: {
      /** The session-cache slot (a function: some slots are per key, and caches can be swapped in tests). */
      slot: () => CacheSlot<T[]>;
      fetch: () => Promise<T[]>;
      /** For the log line of a failed load: 'products of energy'. */
      label: string;
    },
  ) {
    makeAutoObservable<CachedList<T>, 'source' | 'inFlight'>(this, { source: false, inFlight: false, observed: false }, { autoBind: true });
    onBecomeObserved(this, 'items', () => (this.observed = true));
    onBecomeUnobserved(this, 'items', () => (this.observed = false));
  }

  /** Loads unless already loaded (`force` reads the gateway even then); concurrent calls share one request. */
  load(options: { force?: boolean } = {}): Promise<void> {
    const force = options.force ?? false;
    if (!force && this.state === 'ready') return Promise.resolve();
    return this.inFlight.run(String(force), async () => {
      runInAction(() => (this.state = 'loading'));
      const outcome = await loadWithCache({ slot: this.source.slot(), fetch: this.source.fetch, force, current: this.items, label: this.source.label });
      runInAction(() => {
        this.items = outcome.items;
        this.state = outcome.state;
      });
    });
  }

  /** Replaces the items (an admin write, a sector taken from the whole list); `state` too when given. */
  set(items: T[], state?: LoadState): void {
    this.items = items;
    if (state) this.state = state;
  }

  /** A loaded list stays on screen but counts as stale: its next load reads the gateway. */
  markStale(): void {
    if (this.state === 'ready') this.state = 'idle';
  }

  /**
   * Reads the list again while the old items stay on screen (the state stays what it is: no "loading" flash), after
   * a load already in flight; the new items replace them and the session cache. A failure is logged and keeps what
   * is shown. Concurrent calls share one read.
   */
  refetch(): Promise<void> {
    return this.inFlight.run('refetch', async () => {
      await this.inFlight.idleExcept('refetch');
      try {
        const items = await this.source.fetch();
        this.source.slot().write(items);
        runInAction(() => {
          this.items = items;
          this.state = 'ready';
        });
      } catch (error) {
        console.error(`Failed to refresh ${this.source.label}`, error);
      }
    });
  }

  /** Drops the items (not on screen): the next load reads them, from the cache or the gateway. */
  forget(): void {
    this.items = [];
    this.state = 'idle';
  }
}
