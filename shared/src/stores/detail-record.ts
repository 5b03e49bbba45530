/**
 * The one observable home of a detail page's record (a product, a material, a recipe's material): its state and the
 * record, kept by the market store per slug (MarketStore.productRecord / materialRecord). The server render loads it,
 * the browser's replay of that render loads it again from the recorded reads before hydrating, and the page reads it:
 * no side channel between the render and the page's state. While a page shows it (`observed`), a header refresh or
 * a market update reads it again (MarketStore.followMarketUpdate), keeping it shown meanwhile.
 */
import { makeAutoObservable, onBecomeObserved, onBecomeUnobserved } from 'mobx';
import type { DetailState } from './contract';

export class DetailRecord<T> {
  state: DetailState = 'loading';
  record: T | null = null;
  /** True while a rendered component reads it (as CachedList.observed). */
  observed = false;
  /** The latest read started: an older read's late answer is dropped. */
  private reads = 0;

  constructor() {
    makeAutoObservable<DetailRecord<T>, 'reads'>(this, { observed: false, reads: false }, { autoBind: true });
    onBecomeObserved(this, 'state', () => (this.observed = true));
    onBecomeUnobserved(this, 'state', () => (this.observed = false));
  }

  /** A read starts: a record in error goes back to loading (Retry); a shown record stays shown. */
  begin(): number {
    if (this.state === 'error') this.state = 'loading';
    this.reads += 1;
    return this.reads;
  }

  /**
   * The answer of read `read`, unless a later read has started since. A failed read ('error') keeps a record already
   * shown: a refresh that fails must not take the figures off the page.
   */
  settle(read: number, state: DetailState, record: T | null): void {
    if (read !== this.reads) return;
    if (state === 'error' && this.record !== null) {
      this.state = 'ready';
      return;
    }
    this.state = state;
    this.record = record;
  }

  /** After an admin write: the new copy of the record. */
  replace(record: T): void {
    this.record = record;
  }
}
