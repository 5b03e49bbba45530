import { ADVANCE_USAGE, parseAdvanceArgs, parseResetArgs, parseStartArgs, RESET_USAGE, START_USAGE, UsageError } from '../../src/stack/cli-args';

describe('npm start options', () => {
  it('no option: built apps, kept data, default seed, a live market at the game pace', () => {
    expect(parseStartArgs([])).toEqual({ help: false, dev: false, rebuild: false, fresh: false, verbose: false, seed: {}, market: 'live' });
  });

  it('reads every flag and the seed options as numbers', () => {
    expect(
      parseStartArgs(['--dev', '--rebuild', '--fresh', '--verbose', '--seed', '7', '--products', '500', '--materials=20']),
    ).toEqual({ help: false, dev: true, rebuild: true, fresh: true, verbose: true, seed: { seed: 7, products: 500, materials: 20 }, market: 'live' });
  });

  it('takes the largest economy: --products 5000 --materials 1000', () => {
    expect(parseStartArgs(['--fresh', '--products', '5000', '--materials', '1000']).seed).toEqual({ products: 5000, materials: 1000 });
    expect(START_USAGE).toMatch(/--materials <n> +number of materials, 10–1000 \(default 44\)/);
  });

  it('--help', () => {
    expect(parseStartArgs(['--help']).help).toBe(true);
    expect(START_USAGE).toMatch(/--seed <n> .*\n.*--products <n> .*12–5000 \(default 160\)/);
    expect(START_USAGE).toMatch(/--market-every <s> +move the demo market one period every <s> seconds \(5–86400\)/);
  });

  it('--market-every: seconds between market advances, 5 to 86400', () => {
    expect(parseStartArgs(['--market-every', '60']).marketEverySeconds).toBe(60);
    expect(parseStartArgs(['--market-every=5']).marketEverySeconds).toBe(5);
    expect(parseStartArgs([])).not.toHaveProperty('marketEverySeconds');
    expect(() => parseStartArgs(['--market-every', '4'])).toThrow("--market-every must be an integer from 5 to 86400, got '4'");
    expect(() => parseStartArgs(['--market-every', '1m'])).toThrow("--market-every must be an integer from 5 to 86400, got '1m'");
    expect(() => parseResetArgs(['--market-every', '60'])).toThrow("Unknown option '--market-every'");
  });

  it('--market-still keeps the market as loaded, and contradicts --market-every', () => {
    expect(parseStartArgs(['--market-still'])).toMatchObject({ market: 'still' });
    expect(parseStartArgs(['--market-every', '60'])).toMatchObject({ market: 'live', marketEverySeconds: 60 });
    expect(() => parseStartArgs(['--market-still', '--market-every', '60'])).toThrow(UsageError);
    expect(() => parseStartArgs(['--market-still', '--market-every', '60'])).toThrow('--market-still and --market-every contradict each other');
    expect(START_USAGE).toMatch(/--market-still +keep the demo market as loaded/);
    expect(() => parseResetArgs(['--market-still'])).toThrow("Unknown option '--market-still'");
  });
});

describe('npm run market:advance options', () => {
  it('all optional: the running stack, seed 42, now', () => {
    expect(parseAdvanceArgs([])).toEqual({ help: false });
    expect(parseAdvanceArgs(['--seed', '7', '--now', '2026-11-24T10:30:00Z', '--firestore-url', 'http://127.0.0.1:8380/'])).toEqual({
      help: false,
      seed: 7,
      now: new Date('2026-11-24T10:30:00Z'),
      firestoreUrl: 'http://127.0.0.1:8380',
    });
    expect(parseAdvanceArgs(['--help']).help).toBe(true);
    expect(ADVANCE_USAGE).toContain('--firestore-url <u>');
  });

  it.each([
    [['--now', 'yesterday'], "--now must be an ISO 8601 time such as 2026-11-24T10:30:00Z, got 'yesterday'"],
    [['--now', '2026-13-40T00:00:00Z'], "--now must be an ISO 8601 time"],
    [['--firestore-url', '127.0.0.1:8080'], "--firestore-url must be the emulator's base URL such as http://127.0.0.1:8080, got '127.0.0.1:8080'"],
    [['--seed', '0'], "--seed must be a positive integer, got '0'"],
    [['--products', '12'], "Unknown option '--products'"],
  ])('rejects %j', (argv, message) => {
    expect(() => parseAdvanceArgs(argv)).toThrow(UsageError);
    expect(() => parseAdvanceArgs(argv)).toThrow(message);
  });
});

describe('npm run reset-data options', () => {
  it('seed options only', () => {
    expect(parseResetArgs([])).toEqual({ help: false, seed: {} });
    expect(parseResetArgs(['--seed', '3', '--products', '12'])).toEqual({ help: false, seed: { seed: 3, products: 12 } });
    expect(parseResetArgs(['--help']).help).toBe(true);
    expect(RESET_USAGE).toContain('--materials <n>');
  });

  it('rejects the start-only flags', () => {
    expect(() => parseResetArgs(['--fresh'])).toThrow("Unknown option '--fresh'");
  });
});

describe.each([
  ['start', parseStartArgs],
  ['reset-data', parseResetArgs],
])('%s rejects bad values with a message naming the flag', (_command, parse) => {
  it.each([
    [['--seed', '0'], "--seed must be a positive integer, got '0'"],
    [['--seed=-4'], "--seed must be a positive integer, got '-4'"],
    [['--seed', '-4'], "Option '--seed' argument is ambiguous"],
    [['--seed', '1.5'], "--seed must be a positive integer, got '1.5'"],
    [['--seed', 'abc'], "--seed must be a positive integer, got 'abc'"],
    [['--seed', '99999999999999999999'], "--seed must be a positive integer, got '99999999999999999999'"],
    [['--products', '11'], "--products must be an integer from 12 to 5000, got '11'"],
    [['--products', '5001'], "--products must be an integer from 12 to 5000, got '5001'"],
    [['--products', ''], "--products must be an integer from 12 to 5000, got ''"],
    [['--materials', '2e3'], "--materials must be an integer from 10 to 1000, got '2e3'"],
    [['--materials', '9'], "--materials must be an integer from 10 to 1000, got '9'"],
    [['--materials', '1001'], "--materials must be an integer from 10 to 1000, got '1001'"],
    [['--seed'], "Option '--seed <value>' argument missing"],
    [['--bogus'], "Unknown option '--bogus'"],
    [['extra'], "Unexpected argument 'extra'"],
  ])('%j', (argv, message) => {
    expect(() => parse(argv)).toThrow(UsageError);
    expect(() => parse(argv)).toThrow(message);
  });
});
