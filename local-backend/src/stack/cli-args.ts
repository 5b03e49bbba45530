/**
 * The options of `npm start` / `npm run dev` (bin/start.mjs), `npm run reset-data` (bin/reset-data.mjs) and
 * `npm run market:advance` (bin/advance-market.mjs), parsed
 * by pure functions so the rules are tested without starting anything. Bad input throws `UsageError`; the bins
 * print its message and the usage text and exit with code 2.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { DEFAULT_SEED_OPTIONS, SEED_LIMITS, type SeedOptions } from '../seed';

export class UsageError extends Error {}

type Flags = NonNullable<ParseArgsConfig['options']>;
type Values = Record<string, string | boolean | undefined>;

const SEED_FLAGS: Flags = {
  seed: { type: 'string' },
  products: { type: 'string' },
  materials: { type: 'string' },
  help: { type: 'boolean' },
};

const { products: P, materials: M } = SEED_LIMITS;
const D = DEFAULT_SEED_OPTIONS;
const SEED_HELP = `  --seed <n>        demo economy seed, a positive integer (default ${D.seed}; the same seed gives the same data)
  --products <n>    number of products, ${P.min}–${P.max} (default ${D.products})
  --materials <n>   number of materials, ${M.min}–${M.max} (default ${D.materials})`;

/** `--market-every <seconds>`: from a few seconds (watching it move) to a day. */
export const MARKET_EVERY_LIMITS = Object.freeze({ min: 5, max: 86_400 });

export const START_USAGE = `Usage: npm start [-- options]   |   npm run dev [-- options]
  --rebuild         rebuild the three apps first (otherwise only missing or outdated ones)
  --fresh           start from empty data (the demo data is loaded again)
  --verbose         echo the emulators' and servers' output (it always goes to .local-data/logs/)
  --dev             webpack dev servers instead of the built apps (what npm run dev passes)
  --market-every <s>  move the demo market one period every <s> seconds (${MARKET_EVERY_LIMITS.min}–${MARKET_EVERY_LIMITS.max}), once at
                    start too; open pages follow within the period. Without it the market is live at the
                    game's pace: brought to the present at start, then moved every 30 min, on the hour and
                    the half hour
  --market-still    keep the demo market as loaded (its 2025 date, "Stale"): nothing moves it but
                    npm run market:advance
${SEED_HELP}
  --help            this text
The demo data is loaded on a first start, after --fresh or after npm run reset-data; with data already
loaded, --seed/--products/--materials need --fresh.`;

export const RESET_USAGE = `Usage: npm run reset-data [-- options]
Restores the demo economy and the demo accounts (in place when the stack runs, else at the next npm start).
${SEED_HELP}
  --help            this text`;

export const ADVANCE_USAGE = `Usage: npm run market:advance [-- options]
Moves the demo market of the running stack (npm start) by one period, as the game does every 30 min: new
prices and stock within each item's bounds, a new history point per product, the sector and home statistics,
lastUpdated. Open pages show the new figures within their polling window (docs/live-market.md).
  --seed <n>           the market walk's seed, a positive integer (default ${D.seed}); with the stored period
                       number it decides the moves, so the same seed and period give the same market
  --now <ISO time>     the update's time stamp (default: now)
  --firestore-url <u>  the Firestore emulator to move (default: the running npm start's, from .local-data)
  --help               this text`;

export interface StartArgs {
  help: boolean;
  dev: boolean;
  rebuild: boolean;
  fresh: boolean;
  verbose: boolean;
  /** Only the options given on the command line. */
  seed: SeedOptions;
  /**
   * `--market-still` gives 'still'; otherwise 'live' (StackOptions.market): brought to the present at start and
   * moved at the game's pace, or every `marketEverySeconds`.
   */
  market: 'live' | 'still';
  /** `--market-every`: seconds between market advances; undefined: the game's pace (or still). */
  marketEverySeconds?: number;
}

export interface AdvanceArgs {
  help: boolean;
  seed?: number;
  now?: Date;
  firestoreUrl?: string;
}

export interface ResetArgs {
  help: boolean;
  seed: SeedOptions;
}

function parse(argv: string[], options: Flags): Values {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values as Values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function integerIn(flag: string, text: string, min: number, max: number): number {
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? 'a positive integer' : `an integer from ${min} to ${max}`;
    throw new UsageError(`--${flag} must be ${range}, got '${text}'`);
  }
  return value;
}

function seedOptions(values: Values): SeedOptions {
  const text = (flag: string): string | undefined => (typeof values[flag] === 'string' ? (values[flag] as string) : undefined);
  const seed: SeedOptions = {};
  const [number, products, materials] = [text('seed'), text('products'), text('materials')];
  if (number !== undefined) seed.seed = integerIn('seed', number, 1, Number.MAX_SAFE_INTEGER);
  if (products !== undefined) {
    seed.products = integerIn('products', products, SEED_LIMITS.products.min, SEED_LIMITS.products.max);
  }
  if (materials !== undefined) {
    seed.materials = integerIn('materials', materials, SEED_LIMITS.materials.min, SEED_LIMITS.materials.max);
  }
  return seed;
}

export function parseStartArgs(argv: string[]): StartArgs {
  const values = parse(argv, {
    ...SEED_FLAGS,
    dev: { type: 'boolean' },
    rebuild: { type: 'boolean' },
    fresh: { type: 'boolean' },
    verbose: { type: 'boolean' },
    'market-every': { type: 'string' },
    'market-still': { type: 'boolean' },
  });
  const every = values['market-every'];
  if (values['market-still'] && typeof every === 'string') {
    throw new UsageError('--market-still and --market-every contradict each other: a still market moves at no pace');
  }
  return {
    help: !!values.help,
    dev: !!values.dev,
    rebuild: !!values.rebuild,
    fresh: !!values.fresh,
    verbose: !!values.verbose,
    seed: seedOptions(values),
    market: values['market-still'] ? 'still' : 'live',
    ...(typeof every === 'string' ? { marketEverySeconds: integerIn('market-every', every, MARKET_EVERY_LIMITS.min, MARKET_EVERY_LIMITS.max) } : {}),
  };
}

export function parseAdvanceArgs(argv: string[]): AdvanceArgs {
  const values = parse(argv, {
    seed: { type: 'string' },
    now: { type: 'string' },
    'firestore-url': { type: 'string' },
    help: { type: 'boolean' },
  });
  const args: AdvanceArgs = { help: !!values.help };
  if (typeof values.seed === 'string') args.seed = integerIn('seed', values.seed, 1, Number.MAX_SAFE_INTEGER);
  if (typeof values.now === 'string') {
    const now = new Date(values.now);
    if (!/^\d{4}-\d\d-\d\dT/.test(values.now) || Number.isNaN(now.getTime())) {
      throw new UsageError(`--now must be an ISO 8601 time such as 2026-11-24T10:30:00Z, got '${values.now}'`);
    }
    args.now = now;
  }
  const url = values['firestore-url'];
  if (typeof url === 'string') {
    if (!/^https?:\/\/[^/\s]+\/?$/.test(url)) throw new UsageError(`--firestore-url must be the emulator's base URL such as http://127.0.0.1:8080, got '${url}'`);
    args.firestoreUrl = url.replace(/\/$/, '');
  }
  return args;
}

export function parseResetArgs(argv: string[]): ResetArgs {
  const values = parse(argv, SEED_FLAGS);
  return { help: !!values.help, seed: seedOptions(values) };
}
