#!/usr/bin/env node
// `npm run market:advance`: moves the running stack's demo market by one period, as the game does every 30 minutes.
// Options (--help prints them): --seed <n>, --now <ISO time>, --firestore-url <url>; see src/stack/cli-args.ts.
import { ADVANCE_USAGE, advanceRunningMarket, argsOrExit, describeAdvance, parseAdvanceArgs } from './stack.mjs';

const args = argsOrExit(parseAdvanceArgs, ADVANCE_USAGE);

try {
  const summary = await advanceRunningMarket({ firestoreUrl: args.firestoreUrl, seed: args.seed, now: args.now });
  console.log(describeAdvance(summary));
} catch (error) {
  console.error(`market:advance failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
