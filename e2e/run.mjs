// The end-to-end suite: one local stack, real headless Chromium, journeys written from the user's side.
// Run with `npm run test:e2e` after `npm run build`. `--only <name>[,<name>…]` runs those journey files.
import { after, before } from 'node:test';
import { startE2eStack, stopE2eStack } from './lib/stack.mjs';

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
const JOURNEYS = ['shell-routes', 'auth', 'public-site', 'resilience', 'site-faults', 'emulator-browser', 'admin', 'accessibility', 'watchlist', 'market-intelligence', 'server-render', 'version-skew', 'layout', 'performance'];

before(async () => {
  await startE2eStack();
}, { timeout: 180_000 });

after(async () => {
  await stopE2eStack();
});

// Run only by name (`npm run size`), never by `npm test`: Lighthouse takes minutes per route.
const ON_DEMAND = ['lighthouse'];
// `--only a,b` runs several.
const chosen = only ? only.split(',') : JOURNEYS;
for (const name of chosen) {
  if (!JOURNEYS.includes(name) && !ON_DEMAND.includes(name)) throw new Error(`--only takes one of: ${[...JOURNEYS, ...ON_DEMAND].join(', ')}`);
}
// Imported in order (each registers its describe blocks); a journey file that fails to load fails the run.
for (const name of chosen) {
  await import(`./journeys/${name}.mjs`);
}
