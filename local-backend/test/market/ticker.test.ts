import { startMarketTicker } from '../../src/market/ticker';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** Lets the promise callbacks of a settled advance run. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('the market ticker of npm start -- --market-every', () => {
  it('advances at once, then every period', async () => {
    const advance = jest.fn(async () => 'moved');
    const log = jest.fn();
    const ticker = startMarketTicker({ everySeconds: 60, advance, log, describe: (r) => `advance: ${r}` });
    expect(advance).toHaveBeenCalledTimes(1);
    await settle();
    jest.advanceTimersByTime(59_999);
    expect(advance).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(advance).toHaveBeenCalledTimes(2);
    await settle();
    expect(log).toHaveBeenCalledWith('advance: moved');
    await ticker.stop();
    jest.advanceTimersByTime(600_000);
    expect(advance).toHaveBeenCalledTimes(2);
  });

  it('skips a tick while an advance still runs, and stop() waits for it', async () => {
    let finish!: () => void;
    const advance = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const ticker = startMarketTicker({ everySeconds: 10, advance, log: jest.fn() });
    jest.advanceTimersByTime(35_000);
    expect(advance).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = ticker.stop().then(() => (stopped = true));
    await settle();
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('logs a failed advance and tries again at the next tick', async () => {
    const advance = jest.fn().mockRejectedValueOnce(new Error('emulator down')).mockResolvedValue(undefined);
    const log = jest.fn();
    const ticker = startMarketTicker({ everySeconds: 5, advance, log });
    await settle();
    expect(log).toHaveBeenCalledWith('The market advance failed (the next one tries again): emulator down');
    jest.advanceTimersByTime(5_000);
    expect(advance).toHaveBeenCalledTimes(2);
    await ticker.stop();
  });
});
