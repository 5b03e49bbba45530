#!/usr/bin/env node
// `npm start` (built apps) and `npm run dev` (webpack dev servers): the whole site offline on http://localhost:3000.
// Options (--help prints them): --dev, --rebuild, --fresh, --verbose, --seed <n>, --products <n>, --materials <n>,
// --market-every <s>, --market-still; parsed and validated in src/stack/cli-args.ts.
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
    // Live unless --market-still: what a newcomer sees is a market that moves (startStack's own default is still,
    // for the tests that drive it).
    market: args.market,
    marketEverySeconds: args.marketEverySeconds,
    // A process of the stack died on its own: the stack has already stopped the others (no orphans on the ports).
    onUnexpectedExit: (service, detail) => {
      console.error(`\nThe local stack stopped because ${service} died:\n${detail}`);
      process.exit(1);
    },
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
Alert e-mails are never sent: a local SMTP server (${stack.urls.mail}) keeps each one in ${stack.mailDir}/ (.eml).
${marketLine(args)}
Press Ctrl-C to stop.`);

/** What the market does, in the banner: the one place a newcomer learns it moves, and how to change that. */
function marketLine({ market, marketEverySeconds }) {
  if (market === 'still') return 'The demo market stays as loaded (--market-still): npm run market:advance moves it once.';
  if (marketEverySeconds) return `The demo market moves every ${marketEverySeconds} s (--market-every); open pages follow it.`;
  return 'The demo market is live: brought to the present, it moves every 30 min on the hour and the half hour, as the\ngame does (--market-every 60: every minute; --market-still: not at all).';
}

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
// A crash of this process must not leave the detached children on their ports: stop them, then exit.
async function crash(error) {
  console.error(`\nThe local stack crashed: ${error instanceof Error ? (error.stack ?? error.message) : error}\nStopping everything…`);
  if (!stopping) {
    stopping = true;
    await stack.stop().catch(() => undefined);
  }
  process.exit(1);
}
process.on('uncaughtException', (error) => void crash(error));
process.on('unhandledRejection', (error) => void crash(error));
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGHUP', () => void shutdown('SIGHUP'));
