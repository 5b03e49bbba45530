// One local stack (our Firestore emulator with firestore.rules, firebase-tools Auth + Functions, the three
// built apps) per group of journeys, on ports of its own so that it can run beside `npm start` and beside the
// other group's, on a fresh temporary data directory seeded with the demo economy. The runner's global setup
// starts them (global-setup.ts) and describes them to the test workers in the environment; a worker uses its
// group's and reaches the emulator's counters and data over its HTTP admin routes.
import { cpSync, mkdtempSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CounterSnapshot, ExportedDatabase, ExportedDocument } from '../../local-backend/src/firestore';
import { TELEMETRY_COLLECTION } from '../../domain/src/telemetry/basics';
import type { AdvanceMarketOptions, AdvanceResult, AdvanceSummary } from '../../local-backend/src/market';
import type { MarketDocument } from '../../local-backend/src/market/advance';
import type { RunningStack, StackPorts, StackUrls } from '../../local-backend/src/stack';

// SBC_E2E_PORT_OFFSET moves every port, so that two e2e runs (e.g. two engineers' checkouts) can share a machine.
// Each group of journeys (../journeys.ts) has a stack of its own, GROUP_PORT_STEP further on.
const OFFSET = Number(process.env.SBC_E2E_PORT_OFFSET ?? 0);
const GROUP_PORT_STEP = 1000;
const BASE_PORTS: StackPorts = {
  shell: 3300,
  publicSite: 3301,
  adminConsole: 3302,
  firestore: 8380,
  auth: 9399,
  functions: 5301,
  hub: 4600,
  logging: 4700,
  eventarc: 9599,
  tasks: 9699,
  smtp: 2625,
};

/** The ports of group `group`'s stack. */
export function e2ePorts(group: number): StackPorts {
  const moved = Object.entries(BASE_PORTS).map(([name, port]) => [name, port + OFFSET + group * GROUP_PORT_STEP]);
  return Object.fromEntries(moved) as StackPorts;
}

/** The group this worker runs (../journeys.ts says it before any journey loads); 0 in the runner itself. */
const GROUP = Number(process.env.SBC_E2E_GROUP ?? 0);
/** This worker's stack's ports. */
export const E2E_PORTS = e2ePorts(GROUP);

/** The environment variable that carries the running stacks' descriptions (one per group) to the workers. */
export const STACK_ENV = 'SBC_E2E_STACKS';

/** The built apps a stack serves (each group its own copy: groupDists). */
export interface StackDists {
  shell: string;
  shellServer: string;
  publicSite: string;
  adminConsole: string;
}

/** What a test needs of a running stack, as plain data (it crosses to the workers as JSON). */
export interface StackDescription {
  urls: StackUrls;
  ports: StackPorts;
  dataDir: string;
  /** The stack's mail catcher's folder: the alert e-mails it received (readCaughtMail). */
  mailDir: string;
  accounts: RunningStack['accounts'];
  firestore: { url: string; projectId: string };
  dists: StackDists;
}

const running = new Map<number, RunningStack & { dists: StackDists }>();

/** Starts the stacks of `groups`, side by side, each on a fresh temporary data directory seeded with the demo economy. */
export async function startE2eStacks(groups: number[]): Promise<Record<number, StackDescription>> {
  // Every browser of a group reports telemetry from 127.0.0.1, one client to the endpoint's limit (30 a minute), so a
  // journey's own reports would be refused after another's pages went away; the limit itself is tested by the
  // endpoint's tests (functions/test/telemetry.test.ts).
  process.env.TELEMETRY_RATE_LIMIT ??= '600/60';
  // Loaded here, not at the top: the workers only read the description and need none of the stack's code. (With
  // require: Playwright compiles what is required; an import() here would reach Node's loader uncompiled.)
  const { startStack } = require('../../local-backend/src/stack') as typeof import('../../local-backend/src/stack');
  // The market history's recording (functions/src/market-history.ts) reads the whole catalogue after each market
  // advance: on the journeys' stacks it would land in the per-page read counts of live-market by chance. Off there
  // (the Functions emulator inherits the environment); it is tested on the Functions emulator by the integration test.
  process.env.MARKET_HISTORY_RECORDING ??= 'off';
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

/** The repository's root folder, with a trailing slash. */
export const REPO_ROOT = join(__dirname, '..', '..', '/');

/**
 * The built apps group `group` serves. Journeys change them on purpose (server-render hides the remote's Node
 * build to see the fallback; performance touches the page template to empty the render cache), so every group
 * after the first serves a copy of its own (about 50 MB, copied in a second) and one group's faults never reach
 * another's pages.
 */
function groupDists(group: number): StackDists {
  const at = (root: string): StackDists => ({
    shell: join(root, 'shell', 'dist'),
    shellServer: join(root, 'shell', 'dist-server'),
    publicSite: join(root, 'public-site', 'dist'),
    adminConsole: join(root, 'admin-console', 'dist'),
  });
  const built = at(REPO_ROOT);
  if (group === 0) return built;
  // Not inside the data directory: a fresh stack empties that first.
  const copy = at(mkdtempSync(join(tmpdir(), `sbc-e2e-apps-${group}-`)));
  for (const key of Object.keys(built) as Array<keyof StackDists>) cpSync(built[key], copy[key], { recursive: true });
  return copy;
}

export async function stopE2eStacks(): Promise<void> {
  await Promise.all([...running.values()].map((stack) => stack.stop()));
  running.clear();
}

function stackDescription(stack: RunningStack & { dists: StackDists }): StackDescription {
  return {
    urls: stack.urls,
    ports: stack.ports,
    dataDir: stack.dataDir,
    mailDir: stack.mailDir,
    accounts: stack.accounts,
    firestore: { url: stack.firestore.url, projectId: stack.firestore.projectId },
    dists: stack.dists,
  };
}

/** This worker's stack. */
export function stack(): StackDescription {
  const description: StackDescription | undefined = process.env[STACK_ENV] && JSON.parse(process.env[STACK_ENV])[GROUP];
  if (!description) throw new Error(`The e2e stack of group ${GROUP} is not running (the global setup of playwright.config.ts starts it)`);
  return description;
}

/** The address of `path` on this worker's shell: what a visitor types. */
export function site(path = '/'): string {
  return `${stack().urls.shell}${path}`;
}

/**
 * The built file that answered `url`, when one of this worker's app servers did (the path in its dist
 * folder), else null: what a journey reads to weigh or search the scripts a page downloaded.
 */
export function builtFileOf(url: string): string | null {
  const { port, pathname } = new URL(url);
  const { dists } = stack();
  const dist = { [E2E_PORTS.shell]: dists.shell, [E2E_PORTS.publicSite]: dists.publicSite, [E2E_PORTS.adminConsole]: dists.adminConsole }[Number(port)];
  return dist ? join(dist, decodeURIComponent(pathname)) : null;
}

/** A site address maker: `site`, or another shell's (the version-skew journey's). */
export type At = (path: string) => string;

export type DemoAccount = StackDescription['accounts'][number];

export function demoAccount(kind: 'admin' | 'player'): DemoAccount {
  const account = stack().accounts.find((a) => (kind === 'admin' ? a.isAdmin : !a.isAdmin));
  if (!account) throw new Error(`no demo ${kind} account`);
  return account;
}

async function emulatorAdmin<T>(route: string, method = 'GET'): Promise<T> {
  const response = await fetch(`${stack().firestore.url}/emulator/v1/${route}`, { method });
  if (!response.ok) throw new Error(`${method} /emulator/v1/${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Firestore document reads and writes per collection, from the emulator's counters: what the pages and functions a
 * journey measures cost. The telemetry endpoint's own traffic is left out (docs/telemetry.md): any page of an earlier
 * step that goes away reports itself then, and the endpoint reads and writes its hour document on the server, at a
 * moment no journey controls; it is no page's cost (the telemetry journey reads what the endpoint stored instead).
 */
export async function firestoreCounters(): Promise<CounterSnapshot> {
  const { reads, writes } = await emulatorAdmin<CounterSnapshot>('counters');
  const { [TELEMETRY_COLLECTION]: _endpointReads, ...pageReads } = reads;
  const { [TELEMETRY_COLLECTION]: _endpointWrites, ...pageWrites } = writes;
  return { reads: pageReads, writes: pageWrites };
}

export async function resetFirestoreCounters(): Promise<void> {
  await emulatorAdmin('counters/reset', 'POST');
}

/** Every stored document of the emulator (path, fields, update time). */
export function firestoreExport(): Promise<ExportedDatabase> {
  return emulatorAdmin<ExportedDatabase>('export');
}

/** Puts documents back as exported (`{ path, fields }`), without triggers: a journey leaves the data as it found it. */
export async function restoreDocuments(documents: ReadonlyArray<Pick<ExportedDocument, 'path' | 'fields'>>): Promise<void> {
  const response = await fetch(`${stack().firestore.url}/emulator/v1/import`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ documents: documents.map(({ path, fields }) => ({ path, fields })) }),
  });
  if (!response.ok) throw new Error(`POST /emulator/v1/import: ${response.status} ${await response.text()}`);
}

/** The market code of local-backend, loaded when a journey first moves the market (most workers never do). */
function marketModule(): typeof import('../../local-backend/src/market') {
  // With require, as startE2eStacks loads the stack: Playwright compiles what is required.
  return require('../../local-backend/src/market') as typeof import('../../local-backend/src/market');
}

/** The options of a market advance of this worker's stack: the seed and the stamp may be chosen. */
export type MarketAdvanceOptions = Pick<AdvanceMarketOptions, 'seed' | 'now'>;

const onThisStack = (options: MarketAdvanceOptions): AdvanceMarketOptions => ({
  firestoreUrl: stack().firestore.url,
  projectId: stack().firestore.projectId,
  ...options,
});

/**
 * One market period of this group's stack, as `npm run market:advance` moves it (local-backend/src/market). The
 * stack object itself lives in the runner's process, so the worker runs the same advance against the stack's
 * Firestore emulator; the stack sees the write and forgets its rendered pages. Resolves with the summary
 * (period, lastUpdated, …).
 */
export function advanceMarket(options: MarketAdvanceOptions = {}): Promise<AdvanceSummary> {
  return marketModule().advanceMarket(onThisStack(options));
}

/** What advanceMarket would write with the same options (`now` included), unwritten: `{ summary, writes }`. */
export function planMarketAdvance(options: MarketAdvanceOptions = {}): Promise<AdvanceResult> {
  return marketModule().planMarketAdvance(onThisStack(options));
}

/** The stored market documents (products, materials, the stat rows, gameParameters), plain values, uncounted. */
export function marketDocuments(): Promise<MarketDocument[]> {
  return marketModule().readMarketDocuments(stack().firestore.url);
}

/**
 * Empties the server render's page and read caches, as a deploy does (the CDN's copies go with it), in this
 * group's stack (each serves its own copy of the build: groupDists). The caches last until the next market
 * update (shell/src/ssr/market-period.ts), which is right for the game's economy but not for a journey that
 * writes a whole sector mid-period and must see it: the local server re-creates its renderer, caches included,
 * when the page template changes on disk (local-backend/src/static-server/ssr.ts).
 */
export function purgeRenderCache(): void {
  const template = join(stack().dists.shell, 'index.html');
  const now = new Date();
  utimesSync(template, now, now);
}
