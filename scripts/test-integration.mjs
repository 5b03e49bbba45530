#!/usr/bin/env node
// `npm run test:integration`: starts our Firestore emulator and the firebase-tools Auth + Functions emulators on
// ports of their own (INTEGRATION_PORTS, moved by SBC_INTEGRATION_PORT_OFFSET), so the run works beside `npm start`,
// with a fresh temporary data dir (no web apps), runs `jest --selectProjects integration`
// (extra arguments are passed on), stops everything and exits with jest's code.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INTEGRATION_PORTS, REPO_ROOT, shiftPorts, startStack } from '../local-backend/bin/stack.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'sbc-integration-'));
let stack;
try {
  console.log('Starting the emulators for the integration tests…');
  const ports = shiftPorts(INTEGRATION_PORTS, Number(process.env.SBC_INTEGRATION_PORT_OFFSET ?? 0));
  stack = await startStack({ ports, dataDir, fresh: true, apps: false, build: false });
  console.log(`Emulators up in ${(stack.timings.total / 1000).toFixed(1)} s (logs: ${dataDir}/logs)`);
} catch (error) {
  console.error(`Could not start the emulators:\n${error instanceof Error ? error.message : error}`);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}

const jest = spawn(
  process.execPath,
  [join(REPO_ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), '--selectProjects', 'integration', ...process.argv.slice(2)],
  {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      SBC_FIRESTORE_URL: stack.urls.firestore,
      SBC_AUTH_URL: stack.urls.auth,
      SBC_FUNCTIONS_URL: stack.urls.functions,
      SBC_REGISTER_URL: stack.urls.register,
      SBC_SHELL_ORIGIN: stack.urls.shell,
      SBC_MAIL_DIR: stack.mailDir,
    },
  },
);
const forward = (signal) => jest.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
const code = await new Promise((resolve) => jest.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))));

await stack.stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(code);
