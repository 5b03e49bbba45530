#!/usr/bin/env node
// `npm run reset-data`: restores the demo economy and the demo accounts, with or without a running stack.
// Options (--help prints them): --seed <n>, --products <n>, --materials <n>; see src/stack/cli-args.ts.
import { argsOrExit, parseResetArgs, RESET_USAGE, resetData } from './stack.mjs';

const args = argsOrExit(parseResetArgs, RESET_USAGE);

try {
  const result = await resetData({ seed: args.seed });
  if (result.mode === 'running-stack') {
    console.log(`Reset the running stack: ${result.documents} demo documents, accounts ${result.accounts.join(', ')}.`);
  } else {
    const options = Object.keys(args.seed).length > 0 ? ` (${JSON.stringify(args.seed)})` : '';
    console.log(`Deleted ${result.dataDir}: the next \`npm start\` loads the demo data${options}.`);
  }
} catch (error) {
  console.error(`reset-data failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
