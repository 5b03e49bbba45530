import { makeAutoObservable, onBecomeObserved, onBecomeUnobserved, reaction, runInAction } from 'mobx';
import {
  materialFigures,
  planVisit,
  productFigures,
  sinceLastVisit,
  stepAlert,
  WATCHLIST_MAX_ITEMS,
  watchItemId,
  type WatchAlert,
  type WatchEntry,
  type WatchFigures,
  type WatchKind,
  type WatchRow,
} from '@sbc/domain';
import type { MaterialReads, ProductReads } from '../data/gateway';
import type { WatchlistGateway } from '../data/watchlist-items';
import type { WatchItemChange } from '../data/watchlist';
import type { AuthStore } from './auth-store';
import type { LoadState } from './contract';
import { WatchlistOfflineCopy } from './watchlist-offline';

export const WATCHLIST_FULL_MESSAGE = `Your watchlist is full (${WATCHLIST_MAX_ITEMS} items). Remove an item to add another.`;
export const WATCHLIST_SAVE_FAILED = 'Your watchlist could not be saved. Please try again.';
export const WATCHLIST_LOAD_FAILED = 'Your watchlist could not be loaded.';

/** What the star needs to add an item: its identity and, when the page has them, its figures (first baseline). */
export interface WatchTarget {
  kind: WatchKind;
  /** Product document id or material name. */
  ref: string;
  slug: string;
  name: string;
  figures?: WatchFigures | null;
}

/**
 * The signed-in player's watchlist (domain rules in domain/src/watchlist.ts, storage in data/watchlist.ts).
 *
 * Reads: on sign-in ("opening the site") the entries (one read per item) and the current figures of the
 * items that have an alert (one read each), so the header badge is right from the first page; opening the
 * watchlist page reads the current figures of every item (one read each; the entries are already loaded).
 * Writes: alert transitions and the new visit baselines go in one batch per evaluation.
 */
export class WatchlistStore {
  uid: string | null = null;
  entries: WatchEntry[] = [];
  state: LoadState = 'idle';
  figuresState: LoadState = 'idle';
  /** Current figures per entry id (null: the item could not be read, e.g. deleted). */
  figures = new Map<string, WatchFigures | null>();
  /** The baseline of this page session's first watchlist visit, per entry id (planVisit). */
  private readonly sessionBaselines = new Map<string, WatchFigures | null>();
  /** Ids with a write in flight, so a double click cannot add or remove twice. */
  pending = new Set<string>();
  /** The last failed action's message (star, alert), cleared by the next successful one. */
  error: string | null = null;
  /**
   * The entry id the failed action was about (`watchItemId`), so the control that made it says so beside itself (the
   * star); null with no error.
   */
  errorItem: string | null = null;
  private readonly stopWatchingAuth: () => void;
  /** True while a rendered component reads the figures: the watchlist page is open (see followMarketUpdate). */
  private figuresShown = false;
  /**
   * When the entries and figures shown come from the offline copy (the database could not be reached), the time that
   * copy was saved; null when they were read now.
   */
  offlineCopySavedAt: number | null = null;

  constructor(
    /** The items' figures are public reads; the watchlist group is absent on a server render (a signed-out page: no user). */
    private readonly gateway: { readonly products: Pick<ProductReads, 'getBySlug'>; readonly materials: Pick<MaterialReads, 'getByName'>; readonly watchlist?: WatchlistGateway },
    auth: Pick<AuthStore, 'user'>,
    /** The offline copy (./watchlist-offline.ts); none by default. */
    private readonly offlineCopy: WatchlistOfflineCopy = new WatchlistOfflineCopy(null),
  ) {
    makeAutoObservable<WatchlistStore, 'gateway' | 'stopWatchingAuth' | 'figuresShown' | 'offlineCopy'>(
      this,
      { gateway: false, stopWatchingAuth: false, figuresShown: false, offlineCopy: false },
      { autoBind: true },
    );
    onBecomeObserved(this, 'figures', () => (this.figuresShown = true));
    onBecomeUnobserved(this, 'figures', () => (this.figuresShown = false));
    this.stopWatchingAuth = reaction(
      () => auth.user?.uid ?? null,
      (uid) => void this.setUser(uid),
      { fireImmediately: true },
    );
  }

  get count(): number {
    return this.entries.length;
  }

  get isFull(): boolean {
    return this.entries.length >= WATCHLIST_MAX_ITEMS;
  }

  /** Entries whose alert has fired and not re-armed: the header badge and the watchlist page's alert list. */
  get firedAlerts(): WatchEntry[] {
    return this.entries.filter((e) => e.alert?.fired === true);
  }

  isWatched(kind: WatchKind, ref: string): boolean {
    const id = watchItemId(kind, ref);
    return this.entries.some((e) => e.id === id);
  }

  /** Rows of the watchlist page: current figures and the change since the previous visit. */
  get rows(): WatchRow[] {
    return this.entries.map((entry) => {
      const current = this.figures.has(entry.id) ? (this.figures.get(entry.id) ?? null) : null;
      const baseline = this.sessionBaselines.has(entry.id) ? (this.sessionBaselines.get(entry.id) ?? null) : entry.seen;
      return { entry, current, change: sinceLastVisit(baseline, current) };
    });
  }

  /**
   * Star toggle. Never throws. The list changes only once the write is saved, so the star always shows what is stored:
   * a failure leaves it as it was and sets `error` and `errorItem` (the star says it). A new try clears the previous
   * failure first, so a second failure is said again.
   */
  async toggle(target: WatchTarget): Promise<void> {
    const uid = this.uid;
    const watchlist = this.gateway.watchlist;
    if (!uid || !watchlist) return;
    const id = watchItemId(target.kind, target.ref);
    if (this.pending.has(id)) return;
    this.failed(null);
    const existing = this.entries.find((e) => e.id === id);
    if (!existing && this.isFull) {
      this.failed(WATCHLIST_FULL_MESSAGE, id);
      return;
    }
    this.pending.add(id);
    try {
      if (existing) {
        await watchlist.removeWatchItem(uid, id);
        runInAction(() => {
          this.entries = this.entries.filter((e) => e.id !== id);
          this.figures.delete(id);
          this.sessionBaselines.delete(id);
        });
      } else {
        const seen = target.figures ?? null;
        const entry = await watchlist.addWatchItem(uid, { kind: target.kind, ref: target.ref, slug: target.slug, name: target.name, seen });
        runInAction(() => {
          if (this.uid !== uid) return;
          this.entries = [...this.entries, entry].sort((a, b) => a.name.localeCompare(b.name));
          if (seen) this.figures.set(id, seen);
        });
      }
    } catch (error) {
      console.error('Watchlist change failed', error);
      this.failed(WATCHLIST_SAVE_FAILED, id);
    } finally {
      runInAction(() => this.pending.delete(id));
    }
  }

  /**
   * Sets (or, with null, removes) the alert of one item. A new alert starts armed and is evaluated at once
   * against the known figures, so a threshold that is already crossed fires now, not on the next visit.
   * Resolves false on failure (message in `error`).
   */
  async setAlert(id: string, alert: Omit<WatchAlert, 'fired'> | null): Promise<boolean> {
    const uid = this.uid;
    const watchlist = this.gateway.watchlist;
    const entry = this.entries.find((e) => e.id === id);
    if (!uid || !watchlist || !entry) return false;
    let next: WatchAlert | null = alert ? { ...alert, fired: false } : null;
    const current = this.figures.get(id);
    if (next && current) next = stepAlert(next, current).alert;
    try {
      await watchlist.updateWatchItems(uid, [{ id, alert: next }]);
      runInAction(() => {
        this.entries = this.entries.map((e) => (e.id === id ? { ...e, alert: next } : e));
      });
      this.failed(null);
      return true;
    } catch (error) {
      console.error('Saving the alert failed', error);
      this.failed(WATCHLIST_SAVE_FAILED, id);
      return false;
    }
  }

  /** Records what the player's last action failed with (null: nothing failed), and on which entry. */
  private failed(message: string | null, id: string | null = null): void {
    this.error = message;
    this.errorItem = message === null ? null : id;
  }

  /**
   * The watchlist page opened: read every item's current figures, apply the alert state machine, and store
   * the figures as the baseline of the next visit (planVisit), in one batch.
   */
  async openWatchlist(): Promise<void> {
    const uid = this.uid;
    if (!uid) return;
    if (this.state !== 'ready') await this.load(uid);
    if (this.uid !== uid || this.state !== 'ready') return;
    runInAction(() => (this.figuresState = 'loading'));
    const unreachable = await this.readFigures(uid, this.entries);
    if (this.uid !== uid) return;
    if (unreachable) {
      // Offline: the figures last seen, and no visit is recorded (its baselines would be the old figures).
      runInAction(() => (this.figuresState = 'ready'));
      return;
    }
    this.offlineCopy.save(uid, this.entries, this.figures);
    const changes: WatchItemChange[] = [];
    const seenNow = new Map<string, WatchFigures>();
    runInAction(() => {
      for (const entry of this.entries) {
        const current = this.figures.get(entry.id) ?? null;
        const { baseline, write } = planVisit(entry.seen, this.sessionBaselines.get(entry.id), current);
        if (!this.sessionBaselines.has(entry.id)) this.sessionBaselines.set(entry.id, baseline);
        const change: WatchItemChange = { id: entry.id };
        if (write) {
          change.seen = write;
          seenNow.set(entry.id, write);
        }
        const alertChange = current && entry.alert ? stepAlert(entry.alert, current) : null;
        if (alertChange?.event) change.alert = alertChange.alert;
        if (change.seen || change.alert) changes.push(change);
      }
    });
    await this.persist(uid, changes, seenNow);
    runInAction(() => (this.figuresState = this.uid === uid ? 'ready' : this.figuresState));
  }

  /**
   * The market updated (the market clock, through the root store): the items with an alert are read again (one
   * read each) and their alerts stepped, so an alert that the update crossed fires now, on whatever page is open
   * (the header badge); with the watchlist page open, every item is read again (its figures are on screen) and, as
   * on opening the page, the figures become the next visit's baseline. Alert transitions and baselines are written
   * in one batch. Resolves with the entries whose alert fired with this update (none for a guest).
   */
  async followMarketUpdate(): Promise<WatchEntry[]> {
    const uid = this.uid;
    if (!uid || this.state !== 'ready') return [];
    const pageOpen = this.figuresShown && this.figuresState === 'ready';
    const targets = pageOpen ? this.entries : this.entries.filter((e) => e.alert !== null);
    if (targets.length === 0) return [];
    await this.readFigures(uid, targets);
    if (this.uid !== uid) return [];
    const changes: WatchItemChange[] = [];
    const seenNow = new Map<string, WatchFigures>();
    const fired = new Set<string>();
    const targetIds = new Set(targets.map((e) => e.id));
    for (const entry of this.entries) {
      if (!targetIds.has(entry.id)) continue;
      const current = this.figures.get(entry.id) ?? null;
      const change: WatchItemChange = { id: entry.id };
      if (pageOpen) {
        const { write } = planVisit(entry.seen, this.sessionBaselines.get(entry.id), current);
        if (write) {
          change.seen = write;
          seenNow.set(entry.id, write);
        }
      }
      const step = current && entry.alert ? stepAlert(entry.alert, current) : null;
      if (step?.event) {
        change.alert = step.alert;
        if (step.event === 'fired') fired.add(entry.id);
      }
      if (change.seen || change.alert) changes.push(change);
    }
    await this.persist(uid, changes, seenNow);
    // Only what was saved: a failed write leaves the alert armed, to fire on the next evaluation.
    return this.entries.filter((e) => fired.has(e.id) && e.alert?.fired === true);
  }

  dispose(): void {
    this.stopWatchingAuth();
  }

  private async setUser(uid: string | null): Promise<void> {
    if (uid === this.uid) return;
    runInAction(() => {
      this.uid = uid;
      this.entries = [];
      this.figures = new Map();
      this.sessionBaselines.clear();
      this.state = 'idle';
      this.figuresState = 'idle';
      this.failed(null);
    });
    if (!uid) return;
    await this.load(uid);
    if (this.uid !== uid || this.state !== 'ready') return;
    await this.evaluateAlerts(uid);
  }

  private async load(uid: string): Promise<void> {
    const watchlist = this.gateway.watchlist;
    if (!watchlist) return;
    runInAction(() => (this.state = 'loading'));
    try {
      const entries = await watchlist.listWatchItems(uid);
      runInAction(() => {
        if (this.uid !== uid) return;
        this.entries = entries;
        this.state = 'ready';
        this.offlineCopySavedAt = null;
      });
      this.offlineCopy.save(uid, entries);
    } catch (error) {
      console.error('Failed to load the watchlist', error);
      // Without the database (offline), the watchlist as last seen on this device, if it was kept.
      const copy = this.offlineCopy.read(uid);
      runInAction(() => {
        if (this.uid !== uid) return;
        if (copy) {
          this.entries = copy.entries;
          for (const [id, figures] of copy.figures) this.figures.set(id, figures);
          this.offlineCopySavedAt = copy.savedAt;
          this.state = 'ready';
        } else this.state = 'error';
      });
    }
  }

  /** Opening the site: only the items with an alert are read, so the badge costs one read per alert. */
  private async evaluateAlerts(uid: string): Promise<void> {
    const withAlerts = this.entries.filter((e) => e.alert !== null);
    if (withAlerts.length === 0) return;
    await this.readFigures(uid, withAlerts);
    const changes: WatchItemChange[] = [];
    for (const entry of withAlerts) {
      const current = this.figures.get(entry.id);
      if (!current || !entry.alert) continue;
      const step = stepAlert(entry.alert, current);
      if (step.event) changes.push({ id: entry.id, alert: step.alert });
    }
    await this.persist(uid, changes, new Map());
  }

  /**
   * Reads the figures of `entries`. Resolves true when not one item could be read (the database is out of reach): the
   * figures already known (the offline copy's) are kept then, instead of becoming "could not be read".
   */
  private async readFigures(uid: string, entries: WatchEntry[]): Promise<boolean> {
    let failures = 0;
    const results = await Promise.all(
      entries.map(async (entry): Promise<[string, WatchFigures | null]> => {
        try {
          if (entry.kind === 'product') {
            const product = await this.gateway.products.getBySlug(entry.ref);
            return [entry.id, product ? productFigures(product) : null];
          }
          const material = await this.gateway.materials.getByName(entry.ref);
          return [entry.id, material ? materialFigures(material) : null];
        } catch (error) {
          console.error(`Failed to read the figures of ${entry.name}`, error);
          failures += 1;
          return [entry.id, null];
        }
      }),
    );
    const unreachable = entries.length > 0 && failures === entries.length;
    if (unreachable && this.offlineCopySavedAt !== null) return true;
    runInAction(() => {
      if (this.uid !== uid) return;
      for (const [id, figures] of results) this.figures.set(id, figures);
    });
    return unreachable;
  }

  /** Writes the batch; on success the entries take the new baselines and alert states. */
  private async persist(uid: string, changes: WatchItemChange[], seenNow: Map<string, WatchFigures>): Promise<void> {
    const watchlist = this.gateway.watchlist;
    if (changes.length === 0 || !watchlist) return;
    try {
      await watchlist.updateWatchItems(uid, changes);
    } catch (error) {
      // The alert states stay as stored, so they are evaluated again on the next visit; nothing is lost.
      console.error('Failed to save the watchlist visit', error);
      return;
    }
    const byId = new Map(changes.map((c) => [c.id, c]));
    runInAction(() => {
      if (this.uid !== uid) return;
      this.entries = this.entries.map((entry) => {
        const change = byId.get(entry.id);
        if (!change) return entry;
        return {
          ...entry,
          ...(seenNow.has(entry.id) ? { seen: seenNow.get(entry.id)!, seenAt: new Date() } : {}),
          ...(change.alert !== undefined ? { alert: change.alert } : {}),
        };
      });
    });
  }
}
