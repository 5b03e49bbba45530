import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collection, doc, getCount, getDoc, getDocs, setDoc, writeBatch } from 'firebase/firestore/lite';
import type { RunningFirestoreEmulator } from '../../src/firestore';
import { adminClient, documentsUrl, liteClient, startTestEmulator } from './harness';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'firestore-emulator-'));
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function withEmulator<T>(options: Parameters<typeof startTestEmulator>[0], run: (e: RunningFirestoreEmulator) => Promise<T>): Promise<T> {
  const emulator = await startTestEmulator(options);
  try {
    return await run(emulator);
  } finally {
    await emulator.stop();
  }
}

it('a restart with the same dataDir keeps the documents written through firebase-admin', async () => {
  await withEmulator({ dataDir: dir }, async (emulator) => {
    const admin = adminClient(emulator, 'persist-1');
    await admin.db.doc('settings/site').set({ title: 'SBC', visits: 3 });
    await admin.close();
  });
  expect(JSON.parse(readFileSync(join(dir, 'firestore.json'), 'utf8')).documents).toHaveLength(1);
  await withEmulator({ dataDir: dir }, async (emulator) => {
    const admin = adminClient(emulator, 'persist-2');
    expect((await admin.db.doc('settings/site').get()).data()).toEqual({ title: 'SBC', visits: 3 });
    await admin.close();
  });
});

it('with a dataDir, an acknowledged write is already in firestore.log, and compacted into firestore.json without a stop', async () => {
  await withEmulator({ dataDir: dir, journal: { compactDelayMs: 300 } }, async (emulator) => {
    const lite = liteClient(emulator, 'debounce');
    await setDoc(doc(lite.db, 'x/1'), { a: 1 });
    const logged = readFileSync(join(dir, 'firestore.log'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    expect(logged).toEqual([{ put: [expect.objectContaining({ path: 'x/1', fields: { a: { integerValue: '1' } } })] }]);
    await new Promise((resolve) => setTimeout(resolve, 800));
    const saved = JSON.parse(readFileSync(join(dir, 'firestore.json'), 'utf8'));
    expect(saved.documents).toEqual([expect.objectContaining({ path: 'x/1', fields: { a: { integerValue: '1' } } })]);
    expect(readFileSync(join(dir, 'firestore.log'), 'utf8')).toBe('');
    await lite.close();
  });
});

it('importFile loads a plain dataset at start, and GET /emulator/v1/export returns it in REST form', async () => {
  const file = join(dir, 'seed.json');
  writeFileSync(file, JSON.stringify({ documents: [{ path: 'products/oil', data: { price: 12, name: 'Oil' } }] }));
  await withEmulator({ importFile: file }, async (emulator) => {
    const exported = (await (await fetch(`${emulator.url}/emulator/v1/export`)).json()) as { documents: unknown[] };
    expect(exported.documents).toEqual([
      expect.objectContaining({ path: 'products/oil', fields: { price: { integerValue: '12' }, name: { stringValue: 'Oil' } } }),
    ]);
  });
});

it('an export re-imported keeps fields and update times exactly', async () => {
  const file = join(dir, 'export.json');
  await withEmulator({}, async (emulator) => {
    emulator.importPlainDocuments([{ path: 'a/b', data: { when: new Date('2024-01-02T03:04:05.678Z'), n: 1.5 } }]);
    writeFileSync(file, JSON.stringify(emulator.exportData()));
  });
  const first = JSON.parse(readFileSync(file, 'utf8'));
  await withEmulator({ importFile: file }, async (emulator) => {
    expect(emulator.exportData()).toEqual(first);
  });
});

it('POST /emulator/v1/reset clears everything or replaces it with a posted plain dataset', async () => {
  await withEmulator({}, async (emulator) => {
    const lite = liteClient(emulator, 'reset');
    await setDoc(doc(lite.db, 'x/1'), { a: 1 });
    const reset = await fetch(`${emulator.url}/emulator/v1/reset`, {
      method: 'POST',
      body: JSON.stringify({ documents: [{ path: 'y/1', data: { b: true } }] }),
    });
    expect(reset.status).toBe(200);
    expect((await getDoc(doc(lite.db, 'x/1'))).exists()).toBe(false);
    expect((await getDoc(doc(lite.db, 'y/1'))).data()).toEqual({ b: true });
    await fetch(`${emulator.url}/emulator/v1/reset`, { method: 'POST' });
    expect((await getDocs(collection(lite.db, 'y'))).size).toBe(0);
    await lite.close();
  });
});

it('counters count documents read and written per collection, and reset', async () => {
  await withEmulator({}, async (emulator) => {
    const lite = liteClient(emulator, 'counters');
    const batch = writeBatch(lite.db);
    for (let i = 0; i < 3; i++) batch.set(doc(lite.db, `items/i${i}`), { i });
    batch.set(doc(lite.db, 'items/i0/notes/n'), { x: 1 });
    await batch.commit();
    await getDocs(collection(lite.db, 'items'));
    await getDoc(doc(lite.db, 'items/i1'));
    await getDoc(doc(lite.db, 'items/missing'));
    await getCount(collection(lite.db, 'items'));
    const counters = await (await fetch(`${emulator.url}/emulator/v1/counters`)).json();
    // 3 from the query, 1 found get (missing documents are not counted), 1 for the count aggregation.
    expect(counters).toEqual({ reads: { items: 5 }, writes: { items: 3, notes: 1 } });
    expect((await fetch(`${emulator.url}/emulator/v1/counters/reset`, { method: 'POST' })).status).toBe(200);
    expect(emulator.counters()).toEqual({ reads: {}, writes: {} });
    await lite.close();
  });
});

it('GET /emulator/v1/health answers ok', async () => {
  await withEmulator({}, async (emulator) => {
    const res = await fetch(`${emulator.url}/emulator/v1/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });
});

it('CORS: OPTIONS answers 204 echoing the origin and requested headers; replies carry the origin', async () => {
  await withEmulator({}, async (emulator) => {
    const origin = 'http://localhost:3000';
    const preflight = await fetch(documentsUrl(emulator, ':runQuery'), {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,x-goog-api-client' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization,x-goog-api-client');
    const error = await fetch(documentsUrl(emulator, ':nope'), { method: 'POST', headers: { Origin: origin }, body: '{}' });
    expect(error.status).toBe(404);
    expect(error.headers.get('access-control-allow-origin')).toBe(origin);
    expect(await error.json()).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } });
  });
});

it('a request for another project is answered 404 with a JSON error', async () => {
  await withEmulator({}, async (emulator) => {
    const res = await fetch(`${emulator.url}/v1/projects/other/databases/(default)/documents:batchGet`, { method: 'POST', body: '{"documents":[]}' });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('other');
  });
});

it('a malformed body is answered 400 with a JSON error', async () => {
  await withEmulator({}, async (emulator) => {
    const res = await fetch(documentsUrl(emulator, ':commit'), { method: 'POST', body: 'not json' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
  });
});
