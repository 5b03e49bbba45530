/**
 * The first page of one sector's products, and how many products the sector has: what the sector's panel shows
 * before the whole sector is read (issue 36). The market store keeps one per sector beside the sector's whole list
 * (MarketStore.loadCategoryFirstPage, sectorRows); the whole list, once read, takes over.
 *
 * Not kept in the session cache: it costs its page's reads plus one, and the whole sector, which is cached, is
 * taken instead whenever it is there (MarketStore.loadCategoryFirstPage).
 */
import { makeAutoObservable, onBecomeObserved, onBecomeUnobserved, runInAction } from 'mobx';
import type { Product } from '@sbc/domain';
import { InFlight } from './cached-load';
import type { LoadState } from './contract';

export class SectorFirstPage {
  items: Product[] = [];
  /** The sector's number of products (counted by the database, not the length of `items`). */
  total = 0;
  state: LoadState = 'idle';
  /** True while a rendered component reads `items` (as CachedList.observed): a market update reads it again. */
  observed = false;
  private readonly inFlight = new InFlight();

  constructor(
    private readonly source: {
      fetch: () => Promise<{ items: Product[]; total: number }>;
      /** For the log line of a failed load: 'the first products of energy'. */
      label: string;
    },
  ) {
    makeAutoObservable<SectorFirstPage, 'source' | 'inFlight'>(this, { source: false, inFlight: false, observed: false }, { autoBind: true });
    onBecomeObserved(this, 'items', () => (this.observed = true));
    onBecomeUnobserved(this, 'items', () => (this.observed = false));
  }

  /** Loads unless already loaded (`force`: even then); a failure keeps what is shown, else leaves 'error'. */
  load(options: { force?: boolean } = {}): Promise<void> {
    if (!options.force && this.state === 'ready') return Promise.resolve();
    return this.inFlight.run('load', async () => {
      runInAction(() => (this.state = 'loading'));
      try {
        const { items, total } = await this.source.fetch();
        runInAction(() => this.set(items, total));
      } catch (error) {
        console.error(`Failed to load ${this.source.label}`, error);
        runInAction(() => (this.state = this.items.length > 0 ? 'ready' : 'error'));
      }
    });
  }

  /** Reads it again while the old rows stay on screen (a market update); a failure keeps them. */
  refetch(): Promise<void> {
    return this.inFlight.run('refetch', async () => {
      await this.inFlight.idleExcept('refetch');
      try {
        const { items, total } = await this.source.fetch();
        runInAction(() => this.set(items, total));
      } catch (error) {
        console.error(`Failed to refresh ${this.source.label}`, error);
      }
    });
  }

  set(items: Product[], total: number): void {
    this.items = items;
    this.total = total;
    this.state = 'ready';
  }

  /** After an admin write: `product` replaces its old copy (or leaves, when it moved to another sector). */
  replace(product: Product, category: string): void {
    if (!this.items.some((p) => p.id === product.id)) return;
    const without = this.items.filter((p) => p.id !== product.id);
    this.items = product.category === category ? [...without, product].sort((a, b) => a.name.localeCompare(b.name)) : without;
  }

  /** Stays on screen but counts as stale: the next load reads the gateway. */
  markStale(): void {
    if (this.state === 'ready') this.state = 'idle';
  }

  forget(): void {
    this.items = [];
    this.total = 0;
    this.state = 'idle';
  }
}
