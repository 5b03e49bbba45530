#!/usr/bin/env node
// Starts the project's Firestore-compatible emulator (flags: see src/firestore/cli.ts and local-backend/README.md).
// The TypeScript is loaded as CommonJS through tsx, like bin/stack.mjs (the package is not "type": "module").
import { createRequire } from 'node:module';
import { register } from 'tsx/cjs/api';

register();
const { main } = createRequire(import.meta.url)('../src/firestore/cli.ts');
try {
  await main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
