/**
 * What a long list shows before the whole list is read (issue 36): its first rows and how many rows the whole list
 * has, plus whatever else the first view carries (the ledger's tiles' totals). The market store keeps one per sector
 * beside the sector's whole list (MarketStore.loadCategoryFirstPage, sectorRows) and one for /materials beside the
 * whole ledger (MarketStore.loadMaterialsFirstPage, ledgerRows); the whole list, once read, takes over.
 *
 * Not kept in the session cache: it costs its page's reads (plus a count), and the whole list, which is cached, is
 * taken instead whenever it is there.
 */
import { makeAutoObservable, onBecomeObserved, onBecomeUnobserved, runInAction } from 'mobx';
import { InFlight } from './cached-load';
import type { LoadState } from './contract';

/** A first view: the first rows, and the whole list's number of rows (not the length of `items`). */
export interface FirstView<Item> {
  items: Item[];
  total: number;
}

export class FirstRows<Item, View extends FirstView<Item> = FirstView<Item>> {
  view: View | null = null;
  state: LoadState = 'idle';
  /** True while a rendered component reads `items` (as CachedList.observed): a market update reads it again. */
  observed = false;
  private readonly inFlight = new InFlight();

  constructor(
    private readonly source: {
      fetch: () => Promise<View>;
      /** For the log line of a failed load: 'the first products of energy'. */
      label: string;
    },
  ) {
    makeAutoObservable<FirstRows<Item, View>, 'source' | 'inFlight'>(this, { source: false, inFlight: false, observed: false }, { autoBind: true });
    onBecomeObserved(this, 'items', () => (this.observed = true));
    onBecomeUnobserved(this, 'items', () => (this.observed = false));
  }

  get items(): Item[] {
    return this.view?.items ?? [];
  }

  /** The whole list's number of rows. */
  get total(): number {
    return this.view?.total ?? 0;
  }

  /** Loads unless already loaded (`force`: even then); a failure keeps what is shown, else leaves 'error'. */
  load(options: { force?: boolean } = {}): Promise<void> {
    if (!options.force && this.state === 'ready') return Promise.resolve();
    return this.inFlight.run('load', async () => {
      runInAction(() => (this.state = 'loading'));
      try {
        const view = await this.source.fetch();
        runInAction(() => this.set(view));
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
        const view = await this.source.fetch();
        runInAction(() => this.set(view));
      } catch (error) {
        console.error(`Failed to refresh ${this.source.label}`, error);
      }
    });
  }

  set(view: View): void {
    this.view = view;
    this.state = 'ready';
  }

  /** The rows shown change (an admin write), the whole list's count and the rest of the view do not. */
  setItems(items: Item[]): void {
    if (this.view) this.view = { ...this.view, items };
  }

  /** Stays on screen but counts as stale: the next load reads the gateway. */
  markStale(): void {
    if (this.state === 'ready') this.state = 'idle';
  }

  forget(): void {
    this.view = null;
    this.state = 'idle';
  }
}
