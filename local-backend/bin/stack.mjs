// The stack's public entry for plain Node callers (start.mjs, reset-data.mjs, the e2e runner): the
// implementation is TypeScript under src/stack, loaded as CommonJS through tsx (the package is not
// "type": "module", and jest loads the same files as CommonJS too).
import { createRequire } from 'node:module';
import { register } from 'tsx/cjs/api';

register();
const stack = createRequire(import.meta.url)('../src/stack/index.ts');

/** startStack(options?: StackOptions): Promise<RunningStack>, see src/stack/stack.ts */
export const startStack = stack.startStack;
/** resetData(options?: { dataDir?, seed? }): Promise<ResetResult>, see src/stack/reset.ts */
export const resetData = stack.resetData;
/**
 * advanceMarket({ firestoreUrl, seed?, period?, now? }): Promise<AdvanceSummary>: one market period of the economy in
 * that Firestore emulator, see src/market (a running stack has its own `stack.advanceMarket()`).
 */
export const advanceMarket = stack.advanceMarket;
/** planMarketAdvance(same options): Promise<{ summary, writes }>, what advanceMarket would write with them, unwritten */
export const planMarketAdvance = stack.planMarketAdvance;
/** advanceRunningMarket({ dataDir?, firestoreUrl?, seed?, now? }): the same for the running `npm start`, see src/stack/market.ts */
export const advanceRunningMarket = stack.advanceRunningMarket;
/** describeAdvance(summary): the one line `npm run market:advance` prints */
export const describeAdvance = stack.describeAdvance;
export const DEFAULT_PORTS = stack.DEFAULT_PORTS;
export const INTEGRATION_PORTS = stack.INTEGRATION_PORTS;
/** shiftPorts(ports, offset): every port moved by offset */
export const shiftPorts = stack.shiftPorts;
export const REPO_ROOT = stack.REPO_ROOT;
/** The three web apps (workspace, port key, host or remote), see src/stack/apps.ts */
export const APPS = stack.APPS;
/** serveApp(app, { dist, port, appConfig, serverBundle? }): Promise<StaticServer>, one app's static server */
export const serveApp = stack.serveApp;
/** buildLocalRuntimeConfig(endpoints): the /app-config.json of a local stack, see src/static-server/app-config.ts */
export const buildLocalRuntimeConfig = stack.buildLocalRuntimeConfig;
/** parseStartArgs(argv) / parseResetArgs(argv) / parseAdvanceArgs(argv): command-line options, see src/stack/cli-args.ts */
export const parseStartArgs = stack.parseStartArgs;
export const parseResetArgs = stack.parseResetArgs;
export const parseAdvanceArgs = stack.parseAdvanceArgs;
export const START_USAGE = stack.START_USAGE;
export const RESET_USAGE = stack.RESET_USAGE;
export const ADVANCE_USAGE = stack.ADVANCE_USAGE;

/**
 * The bins' shared handling of their options: `parse(argv)` from cli-args; a usage error prints its message
 * and `usage` and exits 2; --help prints `usage` and exits 0; otherwise the parsed options.
 */
export function argsOrExit(parse, usage, argv = process.argv.slice(2)) {
  let args;
  try {
    args = parse(argv);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error(usage);
    process.exit(2);
  }
  if (args.help) {
    console.log(usage);
    process.exit(0);
  }
  return args;
}
