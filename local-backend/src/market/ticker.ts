/**
 * `npm start -- --market-every <s>`: the demo market advanced once at start (so a newcomer's first page is not
 * "Stale") and then every `everySeconds`. An advance still running when the next is due makes that one skip (a
 * slow machine must not pile advances up); a failed advance is logged and the next one tries again.
 */
export interface MarketTicker {
  /** Stops the timer and waits for an advance in progress. */
  stop(): Promise<void>;
}

export function startMarketTicker(options: {
  everySeconds: number;
  advance: () => Promise<unknown>;
  log: (line: string) => void;
  /** One line per advance (verbose); failures are always logged. */
  describe?: (result: unknown) => string | undefined;
}): MarketTicker {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = options
      .advance()
      .then((result) => {
        const line = options.describe?.(result);
        if (line) options.log(line);
      })
      .catch((error: unknown) => options.log(`The market advance failed (the next one tries again): ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, options.everySeconds * 1000);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
