/**
 * The telemetry endpoint against the running local emulators (`npm run test:integration -- telemetry`): served by the
 * local static server as `npm start` serves it (local-backend/src/static-server, the same module as the telemetry
 * function) and by the telemetry function in the Functions emulator. Reports arrive and add up in the hour documents;
 * bad reports are refused with a 4xx and change nothing; the rules refuse browsers' writes and non-admins' reads.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, doc, getDoc, getDocs, collection, getFirestore, setDoc, setLogLevel, type Firestore } from 'firebase/firestore/lite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hourKeyOf, readTelemetryHour, TELEMETRY_PATH, type TelemetryHour } from '@sbc/domain';
import { commitDocuments } from '../../local-backend/src/accounts/firestore-admin';
import { PROJECT_ID, REGION, startStaticServer, type StaticServer } from '../../local-backend/src/static-server';
import { emulatorTelemetryStore } from '../../local-backend/src/static-server/telemetry-store';

jest.setTimeout(60_000);
setLogLevel('silent');

const firestoreUrl = new URL(process.env.SBC_FIRESTORE_URL ?? 'http://127.0.0.1:8080');
const functionsUrl = process.env.SBC_FUNCTIONS_URL ?? 'http://127.0.0.1:5001';
const shellOrigin = new URL(process.env.SBC_SHELL_ORIGIN ?? 'http://localhost:3000').origin;
const run = Date.now().toString(36);
/** Release ids of this run only, so a long-lived emulator's earlier documents change nothing. */
const RELEASE = `20261127-080000-${run}`;

let server: StaticServer;
let root: string;
let endpoint: string;
let origin: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'sbc-telemetry-'));
  server = await startStaticServer({
    root,
    port: 0,
    name: 'telemetry test',
    telemetry: { store: emulatorTelemetryStore(PROJECT_ID, firestoreUrl.hostname, Number(firestoreUrl.port)), rateLimit: '5/60', log: () => {} },
  });
  endpoint = `http://127.0.0.1:${server.port}${TELEMETRY_PATH}`;
  origin = `http://localhost:${server.port}`;
});

afterAll(async () => {
  await server.stop();
  rmSync(root, { recursive: true, force: true });
});

function report(release: string, over: Record<string, unknown> = {}) {
  return {
    v: 1,
    page: 'publicSite',
    route: '/products/:slug',
    device: 'desktop',
    releases: { shell: release, publicSite: release, adminConsole: null },
    rate: 1,
    view: true,
    vitals: [{ name: 'LCP', value: 1800 }, { name: 'INP', value: 120 }, { name: 'CLS', value: 0.01 }],
    errors: [{ app: 'publicSite', kind: 'chunk', message: 'Loading chunk 42 failed. (https://cdn.test/x.js?v=1)', count: 1 }],
    ...over,
  };
}

let clients = 0;
/** A POST as a page's sendBeacon makes it (text/plain), each from a client of its own unless told. */
function post(body: unknown, { url = endpoint, from = origin, type = 'text/plain;charset=UTF-8', client = `198.51.100.${++clients}` } = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { Origin: from, 'Content-Type': type, 'X-Forwarded-For': client },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Every telemetry document, read with the emulator's admin export (no rules). */
async function telemetryDocs(): Promise<Map<string, TelemetryHour>> {
  const exported = (await (await fetch(`${firestoreUrl.origin}/emulator/v1/export`)).json()) as { documents: Array<{ path: string; fields: Record<string, unknown> }> };
  const { decodeFields } = await import('../../local-backend/src/firestore');
  const docs = new Map<string, TelemetryHour>();
  for (const document of exported.documents) {
    if (!document.path.startsWith('telemetry/')) continue;
    const hour = readTelemetryHour(decodeFields(document.fields as never) as Record<string, unknown>);
    if (hour) docs.set(document.path, hour);
  }
  return docs;
}

/**
 * The hour documents of an app's release over `hours`, added up (the one document itself when there is one), each
 * checked to be the hour its id names. A test takes the UTC hour before it posts and again after it reads: a run that
 * crosses the hour in between has its reports in both hours' documents (each lands in the hour it arrives in), which
 * together hold what one hour's would; when the hour did not change, this is exactly that hour's document.
 */
function sumOfHours(docs: Map<string, TelemetryHour>, app: string, release: string, hours: readonly string[]): TelemetryHour | undefined {
  const found = [...new Set(hours)].flatMap((hour) => {
    const document = docs.get(`telemetry/${app}_${release}_${hour}`);
    if (document) expect(document.hour).toBe(hour);
    return document ? [document] : [];
  });
  return found.length <= 1 ? found[0] : found.reduce(addHours);
}

function addHours(a: TelemetryHour, b: TelemetryHour): TelemetryHour {
  const topErrors = a.topErrors.map((error) => ({ ...error }));
  for (const error of b.topErrors) {
    const same = topErrors.find((e) => e.kind === error.kind && e.route === error.route && e.message === error.message);
    if (same) same.count += error.count;
    else topErrors.push({ ...error });
  }
  const vitals = structuredClone(a.vitals);
  for (const [name, devices] of Object.entries(b.vitals) as Array<[keyof TelemetryHour['vitals'], Record<string, number[]>]>) {
    for (const [device, counts] of Object.entries(devices) as Array<[keyof TelemetryHour['vitals']['LCP'], number[]]>) {
      vitals[name][device] = vitals[name][device].map((n, i) => n + (counts[i] ?? 0));
    }
  }
  return { ...a, hour: `${a.hour}+${b.hour}`, pageViews: a.pageViews + b.pageViews, errors: a.errors + b.errors, otherErrors: a.otherErrors + b.otherErrors, topErrors, vitals };
}

describe('reports arrive and add up (the static server of npm start)', () => {
  it('two reports of one page view each: one document per app × release × hour, views, errors and vitals added', async () => {
    // The hour before the posts and after the read: the same hour unless the run crossed it (then both are added up).
    const first = hourKeyOf(Date.now());
    expect((await post(report(RELEASE))).status).toBe(204);
    expect((await post(report(RELEASE, { device: 'phone', vitals: [{ name: 'LCP', value: 5000 }] }))).status).toBe(204);
    const docs = await telemetryDocs();
    const hours = [...new Set([first, hourKeyOf(Date.now())])];
    const publicSite = sumOfHours(docs, 'publicSite', RELEASE, hours);
    const shell = sumOfHours(docs, 'shell', RELEASE, hours);
    expect(publicSite).toMatchObject({ app: 'publicSite', release: RELEASE, hour: hours.length === 1 ? first : expect.any(String), pageViews: 2, errors: 2, otherErrors: 0 });
    expect(publicSite?.topErrors).toEqual([{ kind: 'chunk', route: '/products/:slug', message: 'Loading chunk N failed. (<url>)', count: 2 }]);
    expect(publicSite?.vitals.LCP.desktop).toEqual([0, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
    expect(publicSite?.vitals.LCP.phone).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 0, 0]);
    expect(shell).toMatchObject({ pageViews: 2, errors: 0 });
    // No admin-console document: the page was not one of its pages and named no release of it. Within one hour, exactly
    // the two documents; across the hour, each app's documents of the two hours (one of them, or both).
    const ours = [...docs.keys()].filter((path) => path.includes(RELEASE));
    if (hours.length === 1) expect(ours.sort()).toEqual([`telemetry/publicSite_${RELEASE}_${first}`, `telemetry/shell_${RELEASE}_${first}`]);
    else expect(ours.filter((path) => !hours.some((hour) => [`telemetry/publicSite_${RELEASE}_${hour}`, `telemetry/shell_${RELEASE}_${hour}`].includes(path)))).toEqual([]);
  });

  it('a report naming a release that is not one is counted under unknown', async () => {
    // The unknown release's documents are shared by every run: the count before and after, over both hours when the
    // run crossed the hour between the first read and the last (the report lands in either).
    const first = hourKeyOf(Date.now());
    const earlier = await telemetryDocs();
    expect((await post(report('../../users/alice'))).status).toBe(204);
    const docs = await telemetryDocs();
    const hours = [first, hourKeyOf(Date.now())];
    const before = sumOfHours(earlier, 'shell', 'unknown', hours)?.pageViews ?? 0;
    expect(sumOfHours(docs, 'shell', 'unknown', hours)?.pageViews).toBe(before + 1);
    expect([...docs.keys()].some((path) => path.includes('alice') || path.includes('..'))).toBe(false);
  });
});

describe('refused with a 4xx, nothing written', () => {
  it.each<[string, () => Promise<Response>, number]>([
    ['from another site', () => post(report(`bad-${run}`), { from: 'https://evil.example' }), 403],
    ['a GET', () => fetch(endpoint, { headers: { Origin: origin } }), 405],
    ['a form post', () => post(report(`bad-${run}`), { type: 'application/x-www-form-urlencoded' }), 415],
    ['100 KB', () => post({ ...report(`bad-${run}`), pad: 'x'.repeat(100_000) }), 413],
    ['not JSON', () => post('{"v":1'), 400],
    ['a field it does not know (a URL)', () => post(report(`bad-${run}`, { url: 'https://site/products/x?email=a@b.c' })), 400],
    ['a forged sample rate', () => post(report(`bad-${run}`, { rate: 0.0001 })), 400],
  ])('%s → %s', async (_name, send, status) => {
    const before = await telemetryDocs();
    const response = await send();
    expect(response.status).toBe(status);
    expect(await telemetryDocs()).toEqual(before);
  });

  it('a flood from one client: 429 past 5 a minute, and only the first 5 counted', async () => {
    const release = `20261127-090000-flood${run}`;
    const statuses: number[] = [];
    const first = hourKeyOf(Date.now());
    for (let i = 0; i < 8; i++) statuses.push((await post(report(release, { errors: [] }), { client: '203.0.113.99' })).status);
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429, 429, 429]);
    // Both hours when the run crossed one: the five counted reports may lie on either side.
    const docs = await telemetryDocs();
    expect(sumOfHours(docs, 'shell', release, [first, hourKeyOf(Date.now())])?.pageViews).toBe(5);
  });
});

describe('the telemetry function in the Functions emulator (production\'s path)', () => {
  const url = `${functionsUrl}/${PROJECT_ID}/${REGION}/telemetry`;
  it('takes a report from the shell\'s origin and refuses a forged one', async () => {
    const release = `20261127-100000-fn${run}`;
    const first = hourKeyOf(Date.now());
    expect((await post(report(release), { url, from: shellOrigin })).status).toBe(204);
    expect((await post(report(release, { uid: 'alice' }), { url, from: shellOrigin })).status).toBe(400);
    expect((await post(report(release), { url, from: 'https://evil.example' })).status).toBe(403);
    // Both hours when the run crossed one between the post and the read.
    const docs = await telemetryDocs();
    expect(sumOfHours(docs, 'publicSite', release, [first, hourKeyOf(Date.now())])?.pageViews).toBe(1);
  });
});

describe('firestore.rules: browsers never write telemetry; only admins read it', () => {
  const apps: FirebaseApp[] = [];
  const ADMIN = `admin-${run}`;
  const PLAYER = `player-${run}`;

  function firestoreAs(uid: string | null): Firestore {
    const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'fake' }, `telemetry-${uid ?? 'guest'}-${run}`);
    apps.push(app);
    const db = getFirestore(app);
    connectFirestoreEmulator(db, firestoreUrl.hostname, Number(firestoreUrl.port), uid ? { mockUserToken: { user_id: uid, sub: uid } } : {});
    return db;
  }

  beforeAll(async () => {
    const createdAt = new Date('2026-01-01T00:00:00Z');
    await commitDocuments(firestoreUrl.origin, [
      { path: `users/${ADMIN}`, data: { uid: ADMIN, email: 'a@example.com', displayName: 'A', isAdmin: true, createdAt, lastLoginAt: createdAt } },
      { path: `users/${PLAYER}`, data: { uid: PLAYER, email: 'p@example.com', displayName: 'P', isAdmin: false, createdAt, lastLoginAt: createdAt } },
    ]);
  });
  afterAll(() => Promise.all(apps.map((app) => deleteApp(app))));

  const path = () => `telemetry/shell_${RELEASE}_${hourKeyOf(Date.now())}`;

  it.each<[string, string | null, boolean]>([
    ['a guest', null, false],
    ['a player', PLAYER, false],
    ['an admin', ADMIN, true],
  ])('%s reads an hour document and lists the collection: %s', async (_name, uid, allowed) => {
    const db = firestoreAs(uid);
    const read = Promise.all([getDoc(doc(db, path())), getDocs(collection(db, 'telemetry'))]);
    if (allowed) await expect(read).resolves.toBeDefined();
    else await expect(read).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it.each<[string, string | null]>([
    ['a guest', null],
    ['a player', PLAYER],
    ['an admin', ADMIN],
  ])('%s cannot write an hour document', async (_name, uid) => {
    const before = await telemetryDocs();
    await expect(setDoc(doc(firestoreAs(uid), path()), { app: 'shell', release: RELEASE, hour: 'x', pageViews: 1e9 })).rejects.toMatchObject({ code: 'permission-denied' });
    expect(await telemetryDocs()).toEqual(before);
  });
});
