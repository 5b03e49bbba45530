import { makeAutoObservable, reaction, runInAction } from 'mobx';
import { itemKey, sellExceedsHolding, tradeMessages, type Trade, type TradeInput, type TradeKind } from '@sbc/domain';
import type { DataGateway } from '../data/gateway';
import { GatewayError, GatewayErrorCode } from '../data/errors';
import type { AuthStore } from './auth-store';
import type { LoadState } from './contract';

export const TRADE_BOOK_LOAD_FAILED = 'Your trade book could not be loaded.';
export const TRADE_BOOK_SAVE_FAILED = 'Your trade book could not be saved. Nothing was changed; please try again.';

/**
 * The records a trade book values its items by: the market store's, each item's one observable home (issue 36). A
 * product's price is its average market price, a material's its unit price.
 */
export interface TradedItemPrices {
  /** Loads the item's record (no read when it is known this market period). */
  load(kind: TradeKind, item: string): Promise<unknown>;
  /** The item's current price as its record says (observable); null while it is unknown, not found or not loaded. */
  current(kind: TradeKind, item: string): number | null;
}

let sequence = 0;
/** A trade id, unique within a book (time and a counter, base 36). */
export function newTradeId(now = Date.now()): string {
  sequence = (sequence + 1) % 1_000_000;
  return `${now.toString(36)}-${sequence.toString(36)}-${Math.floor(Math.random() * 36 ** 4).toString(36)}`;
}

/**
 * The signed-in player's trade book (issue 37; rules in domain/src/trade-book.ts, storage in data/trade-book.ts).
 *
 * Reads: opening the trade book page reads the book once per sign-in (1 read) and the record of each item held or
 * traded (through the detail loads: 0 when the product or material is already known this session, else 1 for a
 * material and 1–3 for a product named by its name). The prices are those records', not a copy: while the page shows
 * them, a market update or a header refresh reads them again (MarketStore.followMarketUpdate) and an admin's save
 * replaces them, and the page follows without asking. Every change is one transaction (1 read,
 * 1 write) on the stored book, so another tab's trades are kept; a change that would sell more than is held is
 * refused there, with the stored book, and nothing is written. A failed save changes nothing on screen either.
 */
export class TradeBookStore {
  trades: Trade[] = [];
  state: LoadState = 'idle';
  saving = false;
  /** The last failure's text (load or save); cleared by the next try. */
  error: string | null = null;
  private uid: string | null = null;
  private readonly stopWatchingAuth: () => void;

  constructor(
    /** No trade book group on a server render (a signed-out page): no user, so nothing to read or write. */
    private readonly gateway: Partial<Pick<DataGateway, 'tradeBook'>>,
    auth: Pick<AuthStore, 'user'>,
    private readonly prices: TradedItemPrices,
  ) {
    makeAutoObservable<TradeBookStore, 'gateway' | 'stopWatchingAuth' | 'prices' | 'uid'>(
      this,
      { gateway: false, stopWatchingAuth: false, prices: false, uid: false },
      { autoBind: true },
    );
    this.stopWatchingAuth = reaction(
      () => auth.user?.uid ?? null,
      (uid) => {
        this.uid = uid;
        this.trades = [];
        this.state = 'idle';
        this.error = null;
      },
      { fireImmediately: true },
    );
  }

  get signedIn(): boolean {
    return this.uid !== null;
  }

  /** Loads the book once per sign-in (`force` reads it again). */
  async load(options: { force?: boolean } = {}): Promise<void> {
    const uid = this.uid;
    const tradeBook = this.gateway.tradeBook;
    if (!uid || !tradeBook || (!options.force && (this.state === 'ready' || this.state === 'loading'))) return;
    this.state = 'loading';
    this.error = null;
    try {
      const trades = await tradeBook.get(uid);
      runInAction(() => {
        if (this.uid !== uid) return;
        this.trades = trades;
        this.state = 'ready';
      });
    } catch (error) {
      console.error('Failed to load the trade book', error);
      runInAction(() => {
        if (this.uid !== uid) return;
        this.state = 'error';
        this.error = TRADE_BOOK_LOAD_FAILED;
      });
    }
  }

  /**
   * Loads the record of every item of the book (see the class comment for the reads). A page calls it when the book's
   * items change; a market update or a refresh revalues the records without it.
   */
  async loadPrices(): Promise<void> {
    const items = new Map(this.trades.map((t) => [itemKey(t), t] as const));
    await Promise.all(
      [...items.values()].map(async (t) => {
        try {
          await this.prices.load(t.kind, t.item);
        } catch (error) {
          console.error(`Failed to read the price of ${t.item}`, error);
        }
      }),
    );
  }

  /** The current price of an item, or null (unknown, not found or not loaded). Observable: it follows the market. */
  priceOf(kind: TradeKind, item: string): number | null {
    return this.prices.current(kind, item);
  }

  /** Records trades (one, or an import's accepted lines) in one write. Never throws; false when refused or failed (see `error`). */
  add(inputs: readonly TradeInput[]): Promise<boolean> {
    const added: Trade[] = inputs.map((t) => ({ ...t, id: newTradeId() }));
    return this.change((current) => {
      const next = [...current, ...added];
      const over = sellExceedsHolding(next);
      if (over) throw new GatewayError(GatewayErrorCode.invalidData, tradeMessages.exceeds(over.trade.item, over.held));
      return next;
    });
  }

  /** Deletes one trade; refused when the trades left would sell more than is held. */
  remove(id: string): Promise<boolean> {
    return this.change((current) => {
      const next = current.filter((t) => t.id !== id);
      const over = sellExceedsHolding(next);
      if (over) throw new GatewayError(GatewayErrorCode.invalidData, tradeMessages.exceeds(over.trade.item, over.held));
      return next;
    });
  }

  private async change(apply: (current: Trade[]) => Trade[]): Promise<boolean> {
    const uid = this.uid;
    const tradeBook = this.gateway.tradeBook;
    if (!uid || !tradeBook || this.saving) return false;
    this.saving = true;
    this.error = null;
    try {
      const trades = await tradeBook.update(uid, apply);
      runInAction(() => {
        if (this.uid !== uid) return;
        this.trades = trades;
        this.state = 'ready';
      });
      void this.loadPrices();
      return true;
    } catch (error) {
      console.error('Failed to save the trade book', error);
      runInAction(() => (this.error = error instanceof GatewayError && error.code === GatewayErrorCode.invalidData ? error.message : TRADE_BOOK_SAVE_FAILED));
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  dispose(): void {
    this.stopWatchingAuth();
  }
}
