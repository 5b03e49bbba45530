// One local stack (our Firestore emulator with firestore.rules, firebase-tools Auth + Functions, the three
// built apps) for the whole e2e run, on ports of its own so that it can run beside `npm start`, on a fresh
// temporary data directory seeded with the demo economy.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack } from '../../local-backend/bin/stack.mjs';

// SBC_E2E_PORT_OFFSET moves every port, so that two e2e runs (e.g. two engineers' checkouts) can share a machine.
const OFFSET = Number(process.env.SBC_E2E_PORT_OFFSET ?? 0);
export const E2E_PORTS = Object.fromEntries(
  Object.entries({ shell: 3300, publicSite: 3301, adminConsole: 3302, firestore: 8380, auth: 9399, functions: 5301, hub: 4600, logging: 4700 }).map(
    ([name, port]) => [name, port + OFFSET],
  ),
);

let running = null;

export async function startE2eStack() {
  if (running) return running;
  const dataDir = mkdtempSync(join(tmpdir(), 'sbc-e2e-data-'));
  running = await startStack({ ports: E2E_PORTS, dataDir, fresh: true, build: false, log: () => {} });
  return running;
}

export async function stopE2eStack() {
  if (running) await running.stop();
  running = null;
}

export function stack() {
  if (!running) throw new Error('The e2e stack is not running');
  return running;
}

export function site(path = '/') {
  return `${stack().urls.shell}${path}`;
}

export function demoAccount(kind) {
  const account = stack().accounts.find((a) => (kind === 'admin' ? a.isAdmin : !a.isAdmin));
  if (!account) throw new Error(`no demo ${kind} account`);
  return account;
}

/** Firestore document reads and writes per collection, from the emulator's counters. */
export function firestoreCounters() {
  return stack().firestore.counters();
}

export function resetFirestoreCounters() {
  stack().firestore.resetCounters();
}
