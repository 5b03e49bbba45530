// The end-to-end suite: `playwright test` (playwright.config.ts, TypeScript journeys Playwright compiles itself)
// after `npm run build`. `--only <name>[,<name>…]` runs those journeys (see journeys.ts); other arguments go to
// playwright.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const env = { ...process.env };
const only = args.indexOf('--only');
if (only !== -1) {
  env.SBC_JOURNEYS = args[only + 1];
  args.splice(only, 2);
}
const cli = fileURLToPath(new URL('../node_modules/@playwright/test/cli.js', import.meta.url));
const config = fileURLToPath(new URL('./playwright.config.ts', import.meta.url));
const run = spawnSync(process.execPath, [cli, 'test', '--config', config, ...args], { stdio: 'inherit', env });
process.exit(run.status ?? 1);
