// One local stack (our Firestore emulator with firestore.rules, firebase-tools Auth + Functions, the three
// built apps) per group of journeys, on ports of its own so that it can run beside `npm start` and beside the
// other group's, on a fresh temporary data directory seeded with the demo economy. The runner's global setup
// starts them (global-setup.mjs) and describes them to the test workers in the environment; a worker uses its
// group's and reaches the emulator's counters and data over its HTTP admin routes.
import { cpSync, mkdtempSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// SBC_E2E_PORT_OFFSET moves every port, so that two e2e runs (e.g. two engineers' checkouts) can share a machine.
// Each group of journeys (../journeys.mjs) has a stack of its own, GROUP_PORT_STEP further on.
const OFFSET = Number(process.env.SBC_E2E_PORT_OFFSET ?? 0);
const GROUP_PORT_STEP = 1000;
const BASE_PORTS = { shell: 3300, publicSite: 3301, adminConsole: 3302, firestore: 8380, auth: 9399, functions: 5301, hub: 4600, logging: 4700 };

/** The ports of group `group`'s stack. */
export function e2ePorts(group) {
  return Object.fromEntries(Object.entries(BASE_PORTS).map(([name, port]) => [name, port + OFFSET + group * GROUP_PORT_STEP]));
}

/** The group this worker runs (journeys-<n>.spec.mjs says it before any journey loads); 0 in the runner itself. */
const GROUP = Number(process.env.SBC_E2E_GROUP ?? 0);
/** This worker's stack's ports. */
export const E2E_PORTS = e2ePorts(GROUP);

/** The environment variable that carries the running stacks' descriptions (one per group) to the workers. */
export const STACK_ENV = 'SBC_E2E_STACKS';

const running = new Map();

/** Starts the stacks of `groups`, side by side, each on a fresh temporary data directory seeded with the demo economy. */
export async function startE2eStacks(groups) {
  // Imported here, not at the top: the workers only read the description and need none of the stack's code.
  const { startStack } = await import('../../local-backend/bin/stack.mjs');
  const started = await Promise.allSettled(
    groups.map(async (group) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'sbc-e2e-data-'));
      const dists = groupDists(group);
      const distDirs = { shell: dists.shell, 'public-site': dists.publicSite, 'admin-console': dists.adminConsole };
      const stack = await startStack({ ports: e2ePorts(group), dataDir, fresh: true, build: false, distDirs, log: () => {} });
      running.set(group, { ...stack, dists });
    }),
  );
  const failure = started.find((outcome) => outcome.status === 'rejected');
  if (failure) {
    await stopE2eStacks();
    throw failure.reason;
  }
  return Object.fromEntries([...running].map(([group, stack]) => [group, stackDescription(stack)]));
}

/**
 * The built apps group `group` serves. Journeys change them on purpose (server-render hides the remote's Node
 * build to see the fallback; performance touches the page template to empty the render cache), so every group
 * after the first serves a copy of its own (about 50 MB, copied in a second) and one group's faults never reach
 * another's pages.
 */
function groupDists(group) {
  const repo = new URL('../../', import.meta.url).pathname;
  const at = (root) => ({
    shell: join(root, 'shell', 'dist'),
    shellServer: join(root, 'shell', 'dist-server'),
    publicSite: join(root, 'public-site', 'dist'),
    adminConsole: join(root, 'admin-console', 'dist'),
  });
  const built = at(repo);
  if (group === 0) return built;
  // Not inside the data directory: a fresh stack empties that first.
  const copy = at(mkdtempSync(join(tmpdir(), `sbc-e2e-apps-${group}-`)));
  for (const key of Object.keys(built)) cpSync(built[key], copy[key], { recursive: true });
  return copy;
}

export async function stopE2eStacks() {
  await Promise.all([...running.values()].map((stack) => stack.stop()));
  running.clear();
}

/** What a test needs of the running stack, as plain data. */
export function stackDescription(stack) {
  return {
    urls: stack.urls,
    ports: stack.ports,
    dataDir: stack.dataDir,
    accounts: stack.accounts,
    firestore: { url: stack.firestore.url, projectId: stack.firestore.projectId },
    dists: stack.dists,
  };
}

/**
 * @returns {{ urls: Record<string, string>, ports: Record<string, number>, dataDir: string,
 *   accounts: ReadonlyArray<{ email: string, password: string, isAdmin: boolean, displayName?: string }>,
 *   firestore: { url: string, projectId: string },
 *   dists: { shell: string, shellServer: string, publicSite: string, adminConsole: string } }}
 */
export function stack() {
  const description = process.env[STACK_ENV] && JSON.parse(process.env[STACK_ENV])[GROUP];
  if (!description) throw new Error(`The e2e stack of group ${GROUP} is not running (the global setup of playwright.config.mjs starts it)`);
  return description;
}

export function site(path = '/') {
  return `${stack().urls.shell}${path}`;
}

export function demoAccount(kind) {
  const account = stack().accounts.find((a) => (kind === 'admin' ? a.isAdmin : !a.isAdmin));
  if (!account) throw new Error(`no demo ${kind} account`);
  return account;
}

async function emulatorAdmin(route, method = 'GET') {
  const response = await fetch(`${stack().firestore.url}/emulator/v1/${route}`, { method });
  if (!response.ok) throw new Error(`${method} /emulator/v1/${route}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Firestore document reads and writes per collection, from the emulator's counters. */
export function firestoreCounters() {
  return emulatorAdmin('counters');
}

export async function resetFirestoreCounters() {
  await emulatorAdmin('counters/reset', 'POST');
}

/** Every stored document of the emulator (path, fields, update time). */
export function firestoreExport() {
  return emulatorAdmin('export');
}

/** Puts documents back as exported (`{ path, fields }`), without triggers: a journey leaves the data as it found it. */
export async function restoreDocuments(documents) {
  const response = await fetch(`${stack().firestore.url}/emulator/v1/import`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ documents: documents.map(({ path, fields }) => ({ path, fields })) }),
  });
  if (!response.ok) throw new Error(`POST /emulator/v1/import: ${response.status} ${await response.text()}`);
}

/**
 * One market period of this group's stack, as `npm run market:advance` moves it (local-backend/src/market, loaded
 * through bin/stack.mjs: the stack object itself lives in the runner's process, so the worker runs the same advance
 * against the stack's Firestore emulator; the stack sees the write and forgets its rendered pages). Options: seed,
 * now. Resolves with the summary (period, lastUpdated, …).
 */
export async function advanceMarket(options = {}) {
  const { advanceMarket: advance } = await import('../../local-backend/bin/stack.mjs');
  return advance({ firestoreUrl: stack().firestore.url, projectId: stack().firestore.projectId, ...options });
}

/** What advanceMarket would write with the same options (`now` included), unwritten: `{ summary, writes }`. */
export async function planMarketAdvance(options = {}) {
  const { planMarketAdvance: plan } = await import('../../local-backend/bin/stack.mjs');
  return plan({ firestoreUrl: stack().firestore.url, projectId: stack().firestore.projectId, ...options });
}

/**
 * Empties the server render's page and read caches, as a deploy does (the CDN's copies go with it), in this
 * group's stack (each serves its own copy of the build: groupDists). The caches
 * last until the next market update (shell/src/ssr/market-period.ts), which is right for the game's economy
 * but not for a journey that writes a whole sector mid-period and must see it: the local server re-creates
 * its renderer, caches included, when the page template changes on disk (local-backend/src/static-server/ssr.ts).
 */
export function purgeRenderCache() {
  const template = join(stack().dists.shell, 'index.html');
  const now = new Date();
  utimesSync(template, now, now);
}
