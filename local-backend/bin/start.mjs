#!/usr/bin/env node
// `npm start` (built apps) and `npm run dev` (webpack dev servers): the whole site offline on http://localhost:3000.
// Options (--help prints them): --dev, --rebuild, --fresh, --verbose, --seed <n>, --products <n>, --materials <n>;
// parsed and validated in src/stack/cli-args.ts.
import { argsOrExit, parseStartArgs, START_USAGE, startStack } from './stack.mjs';

const args = argsOrExit(parseStartArgs, START_USAGE);

const dev = args.dev;
console.log(`Starting the local SBC Tycoon stack${dev ? ' in development mode' : ''}…`);

let stack;
try {
  stack = await startStack({
    dev,
    build: args.rebuild ? 'always' : true,
    fresh: args.fresh,
    verbose: args.verbose,
    seed: args.seed,
  });
} catch (error) {
  console.error(`\nThe local stack could not start:\n${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const seconds = (stack.timings.total / 1000).toFixed(1);
const width = Math.max(...stack.accounts.map((account) => account.email.length));
console.log(`
Ready in ${seconds} s.  Open  ${stack.urls.shell}

Demo accounts:
${stack.accounts
  .map((account) => `  ${account.email.padEnd(width)}  password ${account.password}${account.isAdmin ? '  (admin)' : ''}`)
  .join('\n')}

Data persists in ${stack.dataDir} (npm run reset-data restores the demo data). Logs: ${stack.dataDir}/logs/
Press Ctrl-C to stop.`);

let stopping = false;
async function shutdown(signal) {
  if (stopping) {
    console.log('Forced exit.');
    process.exit(130);
  }
  stopping = true;
  console.log(`\n${signal}: stopping (saving the auth accounts)…`);
  await stack.stop();
  console.log('Stopped.');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGHUP', () => void shutdown('SIGHUP'));
