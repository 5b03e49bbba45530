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

describe("the market ticker of npm start without options: the game's schedule", () => {
  const stamps = (advance: jest.Mock) => advance.mock.calls.map(([at]) => (at as Date).toISOString());

  it('advances nothing at start, then at each half hour, stamped with that time exactly', async () => {
    jest.setSystemTime(new Date('2026-11-27T10:17:42.500Z'));
    const advance = jest.fn(async () => 'moved');
    const ticker = startMarketTicker({ advance, log: jest.fn() });
    expect(advance).not.toHaveBeenCalled();
    // 10:29:59.999: not yet.
    jest.advanceTimersByTime(12 * 60_000 + 17_499);
    expect(advance).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(stamps(advance)).toEqual(['2026-11-27T10:30:00.000Z']);
    await settle();
    jest.advanceTimersByTime(30 * 60_000);
    await settle();
    jest.advanceTimersByTime(30 * 60_000);
    expect(stamps(advance)).toEqual(['2026-11-27T10:30:00.000Z', '2026-11-27T11:00:00.000Z', '2026-11-27T11:30:00.000Z']);
    await ticker.stop();
    jest.advanceTimersByTime(3 * 3_600_000);
    expect(advance).toHaveBeenCalledTimes(3);
  });

  it.each([
    // start, the first advance's stamp
    ['2026-11-27T10:00:00.000Z', '2026-11-27T10:30:00.000Z'],
    ['2026-11-27T10:29:59.000Z', '2026-11-27T10:30:00.000Z'],
    ['2026-11-27T23:45:10.000Z', '2026-11-28T00:00:00.000Z'],
  ])('started at %s, the first advance is stamped %s', (start, first) => {
    jest.setSystemTime(new Date(start));
    const advance = jest.fn(async () => undefined);
    const ticker = startMarketTicker({ advance, log: jest.fn() });
    jest.advanceTimersByTime(30 * 60_000);
    expect(stamps(advance)).toEqual([first]);
    return ticker.stop();
  });

  it.each([
    // the economy's update time, started at, the advances in the first 30 minutes
    ['2026-11-27T10:00:00.000Z', '2026-11-27T10:17:42.000Z', ['2026-11-27T10:30:00.000Z']],
    // loaded at 10:29:58, the ticker starts at 10:30:03: 10:30 at once, then 11:00
    ['2026-11-27T10:00:00.000Z', '2026-11-27T10:30:03.000Z', ['2026-11-27T10:30:00.000Z', '2026-11-27T11:00:00.000Z']],
    // an economy two updates behind catches up with one advance (the last one's stamp), as after a sleep
    ['2026-11-27T09:30:00.000Z', '2026-11-27T10:30:03.000Z', ['2026-11-27T10:30:00.000Z', '2026-11-27T11:00:00.000Z']],
  ])('the economy at %s, started at %s: advances %j', async (presentAt, start, expected) => {
    jest.setSystemTime(new Date(start));
    const advance = jest.fn(async () => undefined);
    const ticker = startMarketTicker({ advance, log: jest.fn(), presentAt: Date.parse(presentAt) });
    await settle();
    jest.advanceTimersByTime(30 * 60_000);
    expect(stamps(advance)).toEqual(expected);
    await ticker.stop();
  });

  it('skips an update time while the previous advance still runs', async () => {
    jest.setSystemTime(new Date('2026-11-27T10:29:00.000Z'));
    let finish!: () => void;
    const advance = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const ticker = startMarketTicker({ advance, log: jest.fn() });
    jest.advanceTimersByTime(31 * 60_000);
    expect(stamps(advance)).toEqual(['2026-11-27T10:30:00.000Z']);
    finish();
    await settle();
    jest.advanceTimersByTime(30 * 60_000);
    expect(stamps(advance)).toEqual(['2026-11-27T10:30:00.000Z', '2026-11-27T11:30:00.000Z']);
    finish();
    await ticker.stop();
  });
});

