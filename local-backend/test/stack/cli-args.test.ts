import { parseResetArgs, parseStartArgs, RESET_USAGE, START_USAGE, UsageError } from '../../src/stack/cli-args';

describe('npm start options', () => {
  it('no option: built apps, kept data, default seed', () => {
    expect(parseStartArgs([])).toEqual({ help: false, dev: false, rebuild: false, fresh: false, verbose: false, seed: {} });
  });

  it('reads every flag and the seed options as numbers', () => {
    expect(
      parseStartArgs(['--dev', '--rebuild', '--fresh', '--verbose', '--seed', '7', '--products', '500', '--materials=20']),
    ).toEqual({ help: false, dev: true, rebuild: true, fresh: true, verbose: true, seed: { seed: 7, products: 500, materials: 20 } });
  });

  it('--help', () => {
    expect(parseStartArgs(['--help']).help).toBe(true);
    expect(START_USAGE).toMatch(/--seed <n> .*\n.*--products <n> .*12–5000 \(default 160\)/);
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
    [['--seed'], "Option '--seed <value>' argument missing"],
    [['--bogus'], "Unknown option '--bogus'"],
    [['extra'], "Unexpected argument 'extra'"],
  ])('%j', (argv, message) => {
    expect(() => parse(argv)).toThrow(UsageError);
    expect(() => parse(argv)).toThrow(message);
  });
});
