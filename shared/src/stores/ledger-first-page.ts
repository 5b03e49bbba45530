/**
 * What /materials shows before the whole ledger is read (issue 36): the ledger's first rows, its count and the four
 * tiles' totals (gateway materials.getFirstView). The market store keeps one beside the whole ledger
 * (MarketStore.loadMaterialsFirstPage, ledgerRows); the whole ledger, once read, takes over.
 *
 * Not kept in the session cache: the whole ledger, which is cached, is taken instead whenever it is there.
 */
import { makeAutoObservable, onBecomeObserved, onBecomeUnobserved, runInAction } from 'mobx';
import type { Material, MaterialsTotals } from '@sbc/domain';
import type { MaterialsFirstView } from '../data/materials-first-view';
import { InFlight } from './cached-load';
import type { LoadState } from './contract';

export class LedgerFirstPage {
  items: Material[] = [];
  /** The ledger's number of materials (not the length of `items`). */
  total = 0;
  totals: MaterialsTotals | null = null;
  state: LoadState = 'idle';
  /** True while a rendered component reads `items` (as CachedList.observed): a market update reads it again. */
  observed = false;
  private readonly inFlight = new InFlight();

  constructor(private readonly fetch: () => Promise<MaterialsFirstView>) {
    makeAutoObservable<LedgerFirstPage, 'fetch' | 'inFlight'>(this, { fetch: false, inFlight: false, observed: false }, { autoBind: true });
    onBecomeObserved(this, 'items', () => (this.observed = true));
    onBecomeUnobserved(this, 'items', () => (this.observed = false));
  }

  /** Loads unless already loaded (`force`: even then); a failure keeps what is shown, else leaves 'error'. */
  load(options: { force?: boolean } = {}): Promise<void> {
    if (!options.force && this.state === 'ready') return Promise.resolve();
    return this.inFlight.run('load', async () => {
      runInAction(() => (this.state = 'loading'));
      try {
        const view = await this.fetch();
        runInAction(() => this.set(view));
      } catch (error) {
        console.error('Failed to load the first materials', error);
        runInAction(() => (this.state = this.items.length > 0 ? 'ready' : 'error'));
      }
    });
  }

  /** Reads it again while the old rows stay on screen (a market update); a failure keeps them. */
  refetch(): Promise<void> {
    return this.inFlight.run('refetch', async () => {
      await this.inFlight.idleExcept('refetch');
      try {
        const view = await this.fetch();
        runInAction(() => this.set(view));
      } catch (error) {
        console.error('Failed to refresh the first materials', error);
      }
    });
  }

  set(view: MaterialsFirstView): void {
    this.items = view.items;
    this.total = view.total;
    this.totals = view.totals;
    this.state = 'ready';
  }

  /** Stays on screen but counts as stale: the next load reads the gateway. */
  markStale(): void {
    if (this.state === 'ready') this.state = 'idle';
  }

  forget(): void {
    this.items = [];
    this.total = 0;
    this.totals = null;
    this.state = 'idle';
  }
}
