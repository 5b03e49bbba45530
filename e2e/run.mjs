// The end-to-end suite: one local stack, real headless Chromium, journeys written from the user's side.
// Run with `npm run test:e2e` after `npm run build`. `--only <name>` runs one journey file.
import { after, before } from 'node:test';
import { startE2eStack, stopE2eStack } from './lib/stack.mjs';

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
const JOURNEYS = ['shell-routes', 'auth', 'public-site', 'resilience', 'emulator-browser', 'admin', 'accessibility', 'performance'];

before(async () => {
  await startE2eStack();
}, { timeout: 180_000 });

after(async () => {
  await stopE2eStack();
});

for (const name of JOURNEYS) {
  if (only && only !== name) continue;
  try {
    await import(`./journeys/${name}.mjs`);
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes(`journeys/${name}.mjs`)) throw error;
  }
}
