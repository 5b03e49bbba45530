/**
 * The demo market's clock in `npm start`:
 * - at the game's own pace (no `everySeconds`, what `npm start` does without options): one advance at each market
 *   update time, every MARKET_UPDATE_INTERVAL_MINUTES on the hour and the half hour (nextMarketUpdateAt of
 *   @sbc/domain), stamped with that time exactly, as the game's updates are. Nothing at start when the economy is
 *   at the latest update time (the stack has just brought it to the present, ./present.ts, `presentAt`); one advance
 *   at once when an update time passed since (a start that crossed :00 or :30 while loading), or the site would
 *   say "overdue" until the next one.
 * - with `--market-every <s>` (`everySeconds`): once at start (so a newcomer's first page moves at once) and then
 *   every `everySeconds`, stamped with the wall clock.
 * Either way an advance still running when the next is due makes that one skip (a slow machine must not pile
 * advances up); a failed advance is logged and the next one tries again.
 */
import { latestMarketUpdateAt, nextMarketUpdateAt } from '@sbc/domain';

export interface MarketTicker {
  /** Stops the timer and waits for an advance in progress. */
  stop(): Promise<void>;
}

export interface MarketTickerOptions {
  /** Seconds between advances; absent: the game's schedule (see above). */
  everySeconds?: number;
  /** One advance; `at` is the update's stamp on the game's schedule (undefined: now). */
  advance: (at?: Date) => Promise<unknown>;
  log: (line: string) => void;
  /** One line per advance (verbose); failures are always logged. */
  describe?: (result: unknown) => string | undefined;
  /** The clock (tests); default Date.now. */
  now?: () => number;
  /** The update time the economy stands at (ms), on the game's schedule; default: the latest one at start. */
  presentAt?: number;
}

export function startMarketTicker(options: MarketTickerOptions): MarketTicker {
  const now = options.now ?? Date.now;
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = (at?: Date) => {
    if (running) return;
    running = options
      .advance(at)
      .then((result) => {
        const line = options.describe?.(result);
        if (line) options.log(line);
      })
      .catch((error: unknown) => options.log(`The market advance failed (the next one tries again): ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        running = null;
      });
  };

  if (options.everySeconds !== undefined) {
    tick();
    const interval = setInterval(tick, options.everySeconds * 1000);
    return {
      async stop() {
        clearInterval(interval);
        await running;
      },
    };
  }

  // On the game's schedule: one timer to the next update time, set again after each, so that the ticks stay on
  // the half hours instead of drifting as an interval would (and a machine that slept catches up with one advance).
  let timer: NodeJS.Timeout | undefined;
  let lastStamp = options.presentAt ?? latestMarketUpdateAt(now());
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(onTime, Math.max(0, nextMarketUpdateAt(now()) - now()));
  };
  const onTime = () => {
    const stamp = latestMarketUpdateAt(now());
    // A timer that fired a moment early (a clock set back) finds no new update time yet: it waits again.
    if (stamp > lastStamp) {
      lastStamp = stamp;
      tick(new Date(stamp));
    }
    schedule();
  };
  // An update time passed while the stack started: that advance at once, then the schedule.
  if (latestMarketUpdateAt(now()) > lastStamp) onTime();
  else schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
