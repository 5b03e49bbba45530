import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStoreApi } from '@sbc/shared';
import { hourKeyOf, summarizeReleases, type ReleaseHealth, type TelemetryHour } from '@sbc/domain';

export const HEALTH_LOAD_FAILED = 'Impossibile caricare i dati sulle release. Riprova.';
/** The window the page compares releases over. */
export const HEALTH_WINDOW_HOURS = 48;
/** How often the page reads again (only the current and previous hour: older hours no longer change). */
export const HEALTH_REFRESH_MS = 60_000;

const HOUR_MS = 3_600_000;

/**
 * The Salute page's state: the telemetry hour documents of the last HEALTH_WINDOW_HOURS, read once, then the last
 * two hours again every HEALTH_REFRESH_MS (reports are added to the hour they arrive in, so only those change).
 */
export class HealthStore {
  private hours = new Map<string, TelemetryHour>();
  state: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  loadedAt: Date | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly root: RootStoreApi,
    private readonly now: () => number = Date.now,
  ) {
    makeAutoObservable<HealthStore, 'root' | 'now' | 'timer'>(this, { root: false, now: false, timer: false }, { autoBind: true });
  }

  get releases(): ReleaseHealth[] {
    return summarizeReleases([...this.hours.values()]);
  }

  async load(whole = true): Promise<void> {
    if (whole) this.state = 'loading';
    const since = hourKeyOf(this.now() - (whole ? HEALTH_WINDOW_HOURS - 1 : 1) * HOUR_MS);
    try {
      const hours = await this.root.admin.loadTelemetryHours(since);
      runInAction(() => {
        if (whole) this.hours.clear();
        for (const hour of hours) this.hours.set(`${hour.app} ${hour.release} ${hour.hour}`, hour);
        this.loadedAt = new Date(this.now());
        this.state = 'ready';
      });
    } catch {
      runInAction(() => {
        if (whole || this.state !== 'ready') this.state = 'error';
      });
    }
  }

  /** Loads, then keeps the figures live; returns the stop. */
  start(): () => void {
    void this.load(true);
    this.timer = setInterval(() => void this.load(false), HEALTH_REFRESH_MS);
    return () => {
      if (this.timer) clearInterval(this.timer);
      this.timer = null;
    };
  }
}
