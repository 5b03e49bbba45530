/**
 * The market clock: how an open page learns that the market has updated, so that it can show the new figures
 * without a reload. The browser talks to Firestore through firebase/firestore/lite, which has no listeners, so the
 * clock polls ONE small document that every market update writes, last: gameParameters/gameStats (its
 * `lastUpdated`; the game stats the home page and the freshness line show anyway). It polls only around the time
 * an update is due, never in between, and never while the tab is hidden.
 *
 * The policy (nextCheckAt; P is the market period, 30 min for the game, `market.updateIntervalSeconds` of the
 * runtime config elsewhere; each check is 1 document read):
 * - The next update is due at lastUpdated + P. The first check is GRACE after that (the game writes its rows
 *   first and the game stats last, over a few seconds).
 * - No new stamp yet: again every FAST_RETRY for the first FAST_WINDOW after the due time, then every SLOW_RETRY
 *   (at most one read a minute) while the update is late, then every STOPPED_RETRY once it is a whole period
 *   late (the market has stopped: the freshness line already says so). With P = 30 min: due + 5 s, due + 35 s,
 *   then every 60 s up to due + 30 min, then every 5 min. A shorter P scales every step down with it.
 * - Between updates: no timer fires, 0 reads. An update that lands on time costs 1 read (plus what the page
 *   refetches, ./root-store.ts followMarketUpdate).
 * - The first check after a page opens is never sooner than a retry step (FAST_RETRY), even when the update is
 *   already due: a page that was just rendered or hydrated shows the figures it was given, and does not fetch again
 *   at once (the server render's reads are replayed, shell/src/ssr/hydrate.tsx).
 * - A hidden tab (document.visibilityState) has no timer at all; when it is shown again it checks at once if a
 *   check fell due while it was hidden (catching up once), else waits for the planned time.
 * - A failed check (no answer) counts as "not yet": the next retry step applies.
 * - The stamp is the server's; the due time is read on the visitor's clock: a clock that is off delays the first
 *   check by as much (the retries still find the update).
 * The clock learns the stamp from the store (whoever loaded the game stats: the page, or the clock's own checks),
 * so it does nothing on a page that shows no market data, unless it is asked to (`wanted`, ./root-store.ts: a
 * player's watchlist alerts).
 */
import { makeObservable, observable, observableRef, reaction, runInAction } from 'mobx';
import { MARKET_UPDATE_INTERVAL_MINUTES, type GameStats, type WatchEntry } from '@sbc/domain';
import type { RuntimeConfig } from '../config/runtime-config';

export const MARKET_PERIOD_MS = MARKET_UPDATE_INTERVAL_MINUTES * 60_000;
const SECOND = 1000;
/** The policy's steps for a market period of `periodMs` (see above): the game's 30 minutes give 5 s, 30 s, 60 s, 60 s, 5 min. */
export function clockSteps(periodMs: number) {
  return {
    grace: Math.min(5 * SECOND, periodMs / 12),
    fastRetry: Math.min(30 * SECOND, periodMs / 4),
    fastWindow: Math.min(60 * SECOND, periodMs / 2),
    slowRetry: Math.min(60 * SECOND, periodMs / 2),
    stoppedRetry: Math.min(5 * 60 * SECOND, periodMs),
  };
}

/** When to read the stamp next, knowing the latest stamp and that it has not changed by `now`. */
export function nextCheckAt(stamp: number, now: number, periodMs: number): number {
  const steps = clockSteps(periodMs);
  const due = stamp + periodMs + steps.grace;
  if (now < due) return due;
  const late = now - due;
  if (late < steps.fastWindow) return now + steps.fastRetry;
  if (late < periodMs) return now + steps.slowRetry;
  return now + steps.stoppedRetry;
}

/** One market update as this page showed it. */
export interface MarketUpdate {
  /** 1, 2, … per update this page followed. */
  sequence: number;
  /** The update's lastUpdated. */
  stamp: Date;
  /** When this page had the new figures (the refetch done). */
  shownAt: Date;
  /** The signed-in player's watchlist alerts that fired with this update. */
  firedAlerts: WatchEntry[];
}

export type MarketClockStatus = 'stopped' | 'idle' | 'waiting' | 'paused' | 'checking' | 'updating';

/** How the clock sees the page: hidden or not, and when that changes (document.visibilityState by default). */
export interface PageVisibility {
  hidden(): boolean;
  onChange(listener: () => void): () => void;
}

/** What the environment says about its market: the runtime config's `market`, or the test hook's (docs/live-market.md). */
export interface MarketClockSettings {
  /** How often the market updates; default the game's MARKET_UPDATE_INTERVAL_MINUTES. */
  periodMs?: number;
}

/** The test hook a browser journey sets before the page loads: `window.__SBC_MARKET_CLOCK__ = { updateIntervalSeconds: 6 }`. */
export const MARKET_CLOCK_HOOK = '__SBC_MARKET_CLOCK__';

/**
 * The clock's settings for this page: the test hook (a global set before the page's scripts run) over the runtime
 * config's `market`, over the game's period.
 */
export function marketClockSettings(config?: Pick<RuntimeConfig, 'market'> | null, scope: object = globalThis): MarketClockSettings {
  const hook = (scope as Record<string, unknown>)[MARKET_CLOCK_HOOK] as { updateIntervalSeconds?: unknown } | undefined;
  const seconds = [hook?.updateIntervalSeconds, config?.market?.updateIntervalSeconds].find(
    (value): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0,
  );
  return seconds === undefined ? {} : { periodMs: seconds * SECOND };
}

export interface MarketClockOptions extends MarketClockSettings {
  /** The one read: the game stats document (undefined when it could not be read). */
  read: () => Promise<GameStats | undefined>;
  /** The latest stamp the store knows (observed: a page's own load of the game stats counts). */
  known: () => Date | undefined;
  /** The market updated: refetch what is shown, then resolve with the alerts that fired. */
  onUpdate: (stats: GameStats) => Promise<WatchEntry[]>;
  /** The page shows nothing the clock follows, but something needs the stamp (observed). */
  wanted?: () => boolean;
  /** Loads the stamp for `wanted` (once). */
  loadStamp?: () => void;
  /** Default: the document's visibilityState; null: always visible. */
  visibility?: PageVisibility | null;
}

function documentVisibility(): PageVisibility | null {
  if (typeof document === 'undefined') return null;
  return {
    hidden: () => document.visibilityState === 'hidden',
    onChange(listener) {
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    },
  };
}

export class MarketClock {
  status: MarketClockStatus = 'stopped';
  /** When the next check is planned (ms since the epoch), or null. */
  nextCheck: number | null = null;
  /** The latest update this page followed; null until one happens while it is open. */
  lastUpdate: MarketUpdate | null = null;
  /** Reads of the stamp made by the clock on this page (tests and the docs' figures). */
  checks = 0;

  private stamp: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private started = 0;
  private startedAt = 0;
  private stops: Array<() => void> = [];
  private busy = false;
  private readonly periodMs: number;

  constructor(private readonly options: MarketClockOptions) {
    this.periodMs = options.periodMs ?? MARKET_PERIOD_MS;
    makeObservable(this, { status: observable, nextCheck: observable, lastUpdate: observableRef, checks: observable });
  }

  /** The market period this clock expects (ms). */
  get period(): number {
    return this.periodMs;
  }

  /**
   * Starts watching (the shell does, once the page runs in the browser; never on the server). Returns the stop
   * function; starting twice needs two stops (React's strict effects).
   */
  start(): () => void {
    this.started += 1;
    if (this.started === 1) this.begin();
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      this.started -= 1;
      if (this.started === 0) this.end();
    };
  }

  /** Stops for good, however often it was started (the page's store is disposed). */
  dispose(): void {
    if (this.started === 0) return;
    this.started = 0;
    this.end();
  }

  /** Reads the stamp now (a visitor's catch-up; tests). Resolves true when the market had updated. */
  async checkNow(): Promise<boolean> {
    if (this.busy || this.started === 0) return false;
    this.clearTimer();
    this.busy = true;
    this.setStatus('checking');
    let updated = false;
    try {
      runInAction(() => (this.checks += 1));
      const stats = await this.options.read().catch(() => undefined);
      const stamp = stats?.lastUpdated?.getTime();
      if (stats && stamp !== undefined && this.stamp !== null && stamp > this.stamp && this.started > 0) {
        this.stamp = stamp;
        this.setStatus('updating');
        const fired = await this.options.onUpdate(stats).catch((error: unknown) => {
          console.error('Following the market update failed', error);
          return [];
        });
        runInAction(() => {
          this.lastUpdate = { sequence: (this.lastUpdate?.sequence ?? 0) + 1, stamp: new Date(stamp), shownAt: new Date(), firedAlerts: fired };
        });
        updated = true;
      } else if (stamp !== undefined && this.stamp === null) {
        this.stamp = stamp;
      }
    } finally {
      this.busy = false;
      this.plan();
    }
    return updated;
  }

  private begin(): void {
    this.startedAt = Date.now();
    const visibility = this.options.visibility === undefined ? documentVisibility() : this.options.visibility;
    if (visibility) {
      this.stops.push(visibility.onChange(() => this.visibilityChanged(visibility.hidden())));
      this.hidden = () => visibility.hidden();
    }
    this.stops.push(
      reaction(
        () => this.options.known()?.getTime() ?? null,
        (stamp) => this.learn(stamp),
        { fireImmediately: true },
      ),
    );
    if (this.options.wanted && this.options.loadStamp) {
      const load = this.options.loadStamp;
      this.stops.push(
        reaction(
          () => this.options.wanted?.() === true && this.stamp === null && this.options.known() === undefined,
          (needed) => needed && load(),
          { fireImmediately: true },
        ),
      );
    }
    this.plan();
  }

  private end(): void {
    for (const stop of this.stops.splice(0)) stop();
    this.clearTimer();
    this.hidden = () => false;
    this.setStatus('stopped');
    runInAction(() => (this.nextCheck = null));
  }

  private hidden: () => boolean = () => false;

  /** A stamp the store learned from elsewhere (the page's own load): the new baseline, not an update. */
  private learn(stamp: number | null): void {
    if (stamp === null || (this.stamp !== null && stamp <= this.stamp)) return;
    this.stamp = stamp;
    if (!this.busy) this.plan();
  }

  /** Plans the next check from the stamp (and arms the timer unless the page is hidden). */
  private plan(): void {
    this.clearTimer();
    if (this.started === 0 || this.busy) return;
    if (this.stamp === null) {
      this.setStatus('idle');
      runInAction(() => (this.nextCheck = null));
      return;
    }
    const now = Date.now();
    const at = Math.max(nextCheckAt(this.stamp, now, this.periodMs), this.startedAt + clockSteps(this.periodMs).fastRetry);
    runInAction(() => (this.nextCheck = at));
    if (this.hidden()) {
      this.setStatus('paused');
      return;
    }
    this.setStatus('waiting');
    this.timer = setTimeout(() => void this.checkNow(), Math.max(0, at - now));
  }

  private visibilityChanged(hidden: boolean): void {
    if (this.started === 0 || this.busy) return;
    if (hidden) {
      this.clearTimer();
      if (this.stamp !== null) this.setStatus('paused');
      return;
    }
    // Shown again: catch up once if a check fell due meanwhile, else wait for the planned time.
    if (this.nextCheck !== null && this.nextCheck <= Date.now()) void this.checkNow();
    else this.plan();
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private setStatus(status: MarketClockStatus): void {
    if (this.status !== status) runInAction(() => (this.status = status));
  }
}
