#!/usr/bin/env node
// `npm run reset-data`: restores the demo economy and the demo accounts, with or without a running stack.
import { resetData } from './stack.mjs';

try {
  const result = await resetData();
  if (result.mode === 'running-stack') {
    console.log(`Reset the running stack: ${result.documents} demo documents, accounts ${result.accounts.join(', ')}.`);
  } else {
    console.log(`Deleted ${result.dataDir}: the next \`npm start\` loads the demo data.`);
  }
} catch (error) {
  console.error(`reset-data failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
