/**
 * The whole local stack on alternative ports with a fresh data dir and stand-in dists (as the e2e suite starts
 * it): what the browser gets from the app servers, the runtime config, the demo sign-ins, registration,
 * persistence of an edit across a restart, and reset-data (with and without seed options).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { latestMarketUpdate, latestMarketUpdateAt, marketFreshness, readMarketStatRow } from '@sbc/domain';
import { signInWithPassword } from '../../src/accounts';
import { dataPaths, readState } from '../../src/stack/data-dir';
import { DEMO_ACCOUNTS, generateDemoEconomy } from '../../src/seed';
import { IMMUTABLE, NO_CACHE } from '../../src/static-server';
import { resetData, shiftPorts, startStack, type RunningStack, type StackOptions } from '../../src/stack';
import { createFixtureDists, type FixtureDists } from './fixture-dist';

jest.setTimeout(180_000);

// Away from the standard ports, so that this runs beside `npm start` and beside test-integration's emulators;
// SBC_INTEGRATION_PORT_OFFSET moves them with the rest of that run.
const offset = Number(process.env.SBC_INTEGRATION_PORT_OFFSET ?? 0);
const ports = shiftPorts({
  shell: 23000,
  publicSite: 23001,
  adminConsole: 23002,
  firestore: 28080,
  auth: 29099,
  functions: 25001,
  hub: 24400,
  logging: 24500,
  eventarc: 29299,
  tasks: 29499,
  smtp: 22525,
}, offset);

let dists: FixtureDists;
let dataDir: string;
let stack: RunningStack;
// Progress lines of the stack (warnings included), shown when a test fails.
const progress: string[] = [];

function options(extra: Partial<StackOptions> = {}): StackOptions {
  return {
    ports,
    dataDir,
    build: false,
    distDirs: { shell: dists.shell, 'public-site': dists.publicSite, 'admin-console': dists.adminConsole },
    log: (line) => progress.push(line),
    ...extra,
  };
}

beforeAll(async () => {
  dists = createFixtureDists();
  dataDir = mkdtempSync(join(tmpdir(), 'sbc-stack-'));
  stack = await startStack(options({ fresh: true }));
});

afterAll(async () => {
  await stack?.stop();
  rmSync(dists.root, { recursive: true, force: true });
  if (process.env.SBC_KEEP_TEST_DATA) console.log(`stack progress:\n${progress.join('\n')}\ndata: ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
});

describe('local stack', () => {
  it('reports the URLs on the requested ports', () => {
    expect(stack.urls).toEqual({
      shell: `http://localhost:${ports.shell}`,
      publicSite: `http://localhost:${ports.publicSite}`,
      adminConsole: `http://localhost:${ports.adminConsole}`,
      firestore: `http://127.0.0.1:${ports.firestore}`,
      auth: `http://127.0.0.1:${ports.auth}`,
      functions: `http://127.0.0.1:${ports.functions}`,
      register: `http://127.0.0.1:${ports.functions}/demo-sbc-tycoon/europe-west1/registerUser`,
      mail: `smtp://127.0.0.1:${ports.smtp}`,
    });
  });

  it.each([
    ['shell', '/', NO_CACHE, null],
    ['shell', '/main.0123456789.js', IMMUTABLE, null],
    ['publicSite', '/mf-manifest.json', NO_CACHE, '*'],
    ['publicSite', '/remoteEntry.js', NO_CACHE, '*'],
    ['adminConsole', '/mf-manifest.json', NO_CACHE, '*'],
    ['adminConsole', '/__federation_expose_App.9876543210.js', IMMUTABLE, '*'],
  ] as const)('%s %s: Cache-Control %s, CORS %s', async (app, path, cacheControl, cors) => {
    const response = await fetch(`${stack.urls[app]}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(cacheControl);
    expect(response.headers.get('access-control-allow-origin')).toBe(cors);
  });

  it('answers deep links with the shell page', async () => {
    const response = await fetch(`${stack.urls.shell}/admin/add-product`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>shell</title>');
  });

  it.each(['shell', 'publicSite', 'adminConsole'] as const)('%s serves app-config.json for this stack', async (app) => {
    const response = await fetch(`${stack.urls[app]}/app-config.json`);
    expect(response.headers.get('cache-control')).toBe(NO_CACHE);
    expect(await response.json()).toEqual({
      remotes: {
        publicSite: `http://localhost:${ports.publicSite}/mf-manifest.json`,
        adminConsole: `http://localhost:${ports.adminConsole}/mf-manifest.json`,
      },
      firebase: {
        apiKey: 'demo-api-key',
        authDomain: 'demo-sbc-tycoon.firebaseapp.com',
        projectId: 'demo-sbc-tycoon',
        appId: 'demo-app',
      },
      registerUrl: `http://127.0.0.1:${ports.functions}/demo-sbc-tycoon/europe-west1/registerUser`,
      emulators: { authUrl: `http://127.0.0.1:${ports.auth}`, firestoreHost: '127.0.0.1', firestorePort: ports.firestore },
      alerts: { email: true },
    });
  });

  it.each(DEMO_ACCOUNTS.map((account) => [account.email, account] as const))(
    'demo account %s signs in and has its users document',
    async (_email, account) => {
      const session = await signInWithPassword(stack.urls.auth, account.email, account.password);
      const user = await readUser(session.uid);
      expect(user).toMatchObject({
        email: { stringValue: account.email },
        displayName: { stringValue: account.displayName },
        isAdmin: { booleanValue: account.isAdmin },
      });
    },
  );

  it('has the demo economy loaded', async () => {
    const response = await fetch(`${stack.urls.firestore}/v1/projects/demo-sbc-tycoon/databases/(default)/documents:runQuery`, {
      method: 'POST',
      body: JSON.stringify({ structuredQuery: { from: [{ collectionId: 'materials' }], limit: 1 } }),
    });
    const rows = (await response.json()) as Array<{ document?: unknown }>;
    expect(rows[0].document).toBeDefined();
  });

  it('advances the market in place: counted writes, each delivered to the search index trigger, which writes nothing', async () => {
    await stack.firestore.triggersIdle();
    const delivered = stack.firestore.triggerCounts();
    stack.firestore.resetCounters();
    const started = Date.now();
    const summary = await stack.advanceMarket({ now: new Date('2026-11-24T10:30:00Z') });
    await stack.firestore.triggersIdle();
    progress.push(`market advance: ${Date.now() - started} ms including ${summary.products + summary.materials} trigger deliveries`);
    const { reads, writes } = stack.firestore.counters();
    expect(summary).toMatchObject({ period: 1, products: 159, materials: 44 });
    expect(writes.products).toBe(summary.products);
    expect(writes.materials).toBe(summary.materials);
    expect(writes.gameParameters).toBe(2);
    // The trigger ran for every product and material written, found names and sectors unchanged, and left the
    // index alone: no read, no write of catalogIndex.
    const after = stack.firestore.triggerCounts();
    expect(after.failed).toBe(delivered.failed);
    expect(after.delivered - delivered.delivered).toBeGreaterThanOrEqual(summary.products + summary.materials);
    expect(reads.catalogIndex ?? 0).toBe(0);
    expect(writes.catalogIndex ?? 0).toBe(0);
    const stats = await fetch(`${stack.urls.firestore}/v1/projects/demo-sbc-tycoon/databases/(default)/documents/gameParameters/gameStats`);
    expect(((await stats.json()) as { fields: { lastUpdated: { timestampValue: string } } }).fields.lastUpdated.timestampValue).toBe('2026-11-24T10:30:00.000000000Z');
  });

  it('registers through the function, and reset-data forgets the new player', async () => {
    const email = `stack-${Date.now()}@example.com`;
    const registered = await fetch(stack.urls.register, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret1', displayName: 'Stack Test' }),
    });
    expect(registered.status).toBe(200);
    await expect(signInWithPassword(stack.urls.auth, email, 'secret1')).resolves.toBeDefined();

    const reset = await resetData({ dataDir });
    expect(reset.mode).toBe('running-stack');
    await expect(signInWithPassword(stack.urls.auth, email, 'secret1')).rejects.toThrow(/EMAIL_NOT_FOUND/);
  });

  // The product edited below and its seeded name, shared by the restart and reset tests that follow.
  let productPath = '';
  let seededName = '';

  it('a restart on the same data dir keeps a product edited with the owner credentials, and the demo accounts', async () => {
    const [first] = await ownerRequest<Array<{ document: { name: string; fields: Fields } }>>(':runQuery', {
      structuredQuery: { from: [{ collectionId: 'products' }], orderBy: [{ field: { fieldPath: '__name__' } }], limit: 1 },
    });
    productPath = first.document.name.slice(`${DOCUMENTS}/`.length);
    seededName = first.document.fields.name.stringValue as string;
    await ownerRequest(':commit', {
      writes: [
        {
          update: { name: first.document.name, fields: { name: { stringValue: 'Edited before the restart' } } },
          updateMask: { fieldPaths: ['name'] },
        },
      ],
    });

    await stack.stop();
    stack = await startStack(options());

    expect((await readDocument(productPath))?.name).toEqual({ stringValue: 'Edited before the restart' });
    const admin = DEMO_ACCOUNTS.find((account) => account.isAdmin)!;
    const session = await signInWithPassword(stack.urls.auth, admin.email, admin.password);
    expect((await readUser(session.uid))?.isAdmin).toEqual({ booleanValue: true });
  });

  it('reset-data after the restart brings the seeded product back', async () => {
    expect((await resetData({ dataDir })).mode).toBe('running-stack');
    expect((await readDocument(productPath))?.name).toEqual({ stringValue: seededName });
  });

  it('reset-data with seed options loads that economy', async () => {
    const seed = { seed: 7, products: 12, materials: 10 };
    const reset = await resetData({ dataDir, seed });
    expect(reset).toMatchObject({ mode: 'running-stack', documents: generateDemoEconomy(seed).documents.length });
    const [count] = await ownerRequest<Array<{ result: { aggregateFields: { n: { integerValue: string } } } }>>(
      ':runAggregationQuery',
      { structuredAggregationQuery: { structuredQuery: { from: [{ collectionId: 'products' }] }, aggregations: [{ alias: 'n', count: {} }] } },
    );
    expect(count.result.aggregateFields.n).toEqual({ integerValue: '12' });
  });

  it("npm start's live market: a fresh stack shows /products up to date, stamped on the last half hour", async () => {
    await stack.stop();
    stack = await startStack(options({ fresh: true, market: 'live' }));
    // The stat rows /products reads for its freshness line, read as a visitor reads them (no token: the rules).
    const readUpdated = async () => {
      const response = await fetch(`${stack.urls.firestore}/v1/${DOCUMENTS}:runQuery`, {
        method: 'POST',
        body: JSON.stringify({ structuredQuery: { from: [{ collectionId: 'marketStats' }] } }),
      });
      expect(response.status).toBe(200);
      const rows = ((await response.json()) as Array<{ document: { name: string; fields: Fields } }>).map(({ document }) =>
        readMarketStatRow(document.name.split('/').pop()!, { lastUpdated: new Date(document.fields.lastUpdated.timestampValue as string) }, 'product'),
      );
      return latestMarketUpdate(rows)!;
    };
    // A start that crossed :00 or :30 advances the market at once (src/market/ticker.ts): its writes may still be
    // landing, so the game stats (an advance writes them last) are read again until they stand at the latest update
    // time (at most 30 s).
    const statsAt = async () => Date.parse(String((await readDocument('gameParameters/gameStats'))?.lastUpdated?.timestampValue));
    for (const until = Date.now() + 30_000; (await statsAt()) < latestMarketUpdateAt(Date.now()) && Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const now = new Date();
    const updated = await readUpdated();
    expect(marketFreshness(updated, now)).toMatchObject({ overdue: false, stale: false });
    expect(updated.getTime() % (30 * 60_000)).toBe(0);
    expect(now.getTime() - updated.getTime()).toBeLessThan(30 * 60_000);
    expect((await readDocument('gameParameters/gameStats'))?.lastUpdated).toEqual({ timestampValue: updated.toISOString().replace('.000Z', '.000000000Z') });
    // reset-data on this stack restores a current economy too (the stack says its market is live).
    expect(readState(dataPaths(dataDir))?.market).toBe('live');
  });
});

type Fields = Record<string, Record<string, unknown>>;
const DOCUMENTS = 'projects/demo-sbc-tycoon/databases/(default)/documents';

/** A REST call as the admin SDK (`Bearer owner`, rules bypassed). */
async function ownerRequest<T = unknown>(rpc: string, body: unknown): Promise<T> {
  const response = await fetch(`${stack.urls.firestore}/v1/${DOCUMENTS}${rpc}`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${rpc}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function readDocument(path: string): Promise<Fields | undefined> {
  const [result] = await ownerRequest<Array<{ found?: { fields: Fields } }>>(':batchGet', { documents: [`${DOCUMENTS}/${path}`] });
  return result.found?.fields;
}

async function readUser(uid: string) {
  return readDocument(`users/${uid}`);
}
