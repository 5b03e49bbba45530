/**
 * Hostile requests against the emulator with the repository's firestore.rules, as a signed-in player or an
 * anonymous caller would send them over raw REST (and through the SDK where it can send them). Each case is
 * one a review found working: it must now be refused with 400 INVALID_ARGUMENT (or 403) and change nothing,
 * and the emulator must keep serving.
 */
import { request } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { doc, getDoc, updateDoc } from 'firebase/firestore/lite';
import type { RunningFirestoreEmulator } from '../../src/firestore';
import { DEFAULT_RULES_FILE } from '../../src/firestore/cli';
import { MAX_DOCUMENT_BYTES, MAX_REQUEST_BYTES } from '../../src/firestore/limits';
import { TRANSACTION_IDLE_MS, TRANSACTION_MAX_MS, TransactionRegistry } from '../../src/firestore/transactions';
import { DocumentStore } from '../../src/firestore/store';
import { loadRulesFile } from '../../src/rules';
import { documentsUrl, idToken, liteClient, PROJECT_ID, startTestEmulator } from './harness';

jest.setTimeout(60_000);

const D = `projects/${PROJECT_ID}/databases/(default)/documents`;
const PLAYER = idToken({ sub: 'player-1', user_id: 'player-1', email: 'player@example.com' });

let emulator: RunningFirestoreEmulator;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'firestore-adversarial-'));
  emulator = await startTestEmulator({ rules: loadRulesFile(DEFAULT_RULES_FILE), dataDir, journal: { compactDelayMs: 50 } });
});

beforeEach(() => {
  emulator.reset([
    { path: 'users/player-1', data: { uid: 'player-1', email: 'player@example.com', displayName: 'Player', isAdmin: false } },
    { path: 'users/admin-1', data: { uid: 'admin-1', email: 'admin@example.com', displayName: 'Admin', isAdmin: true } },
    { path: 'users/other-1', data: { uid: 'other-1', email: 'other@example.com', displayName: 'Other', isAdmin: false } },
  ]);
});

afterAll(async () => {
  await emulator.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function rpc(suffix: string, body: unknown, token: string | null = PLAYER): Promise<{ status: number; body: any }> {
  const response = await fetch(documentsUrl(emulator, suffix), {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const field = (fieldPath: string, op: string, value: unknown) => ({ fieldFilter: { field: { fieldPath }, op, value } });
const nested = (depth: number): any => (depth === 1 ? { stringValue: 'x' } : { mapValue: { fields: { m: nested(depth - 1) } } });
const updateUser = (fields: Record<string, unknown>, mask = Object.keys(fields)) => ({
  writes: [{ update: { name: `${D}/users/player-1`, fields }, updateMask: { fieldPaths: mask }, currentDocument: { exists: true } }],
});

async function storedUser(): Promise<unknown> {
  const exported = (await (await fetch(`${emulator.url}/emulator/v1/export`)).json()) as { documents: Array<{ path: string; fields: unknown }> };
  return exported.documents.find((d) => d.path === 'users/player-1')?.fields;
}

describe('a where holding two filter kinds (the "list every user" attack)', () => {
  it('a player cannot list every users document by pairing an allowed compositeFilter with a fieldFilter', async () => {
    const attack = {
      structuredQuery: {
        from: [{ collectionId: 'users' }],
        where: {
          // What the rules used to see: only my own document.
          compositeFilter: { op: 'AND', filters: [field('__name__', 'EQUAL', { referenceValue: `${D}/users/player-1` })] },
          // What the engine used to run: every document.
          fieldFilter: field('email', 'NOT_EQUAL', { stringValue: '' }).fieldFilter,
        },
      },
    };
    const { status, body } = await rpc(':runQuery', attack);
    expect(status).toBe(400);
    expect(body.error.status).toBe('INVALID_ARGUMENT');
    expect(body.error.message).toMatch(/compositeFilter and fieldFilter/);
    expect(JSON.stringify(body)).not.toContain('admin@example.com');
  });

  it('the same pairing nested inside a composite filter, and in an aggregation, is refused too', async () => {
    const inner = { fieldFilter: field('isAdmin', 'EQUAL', { booleanValue: true }).fieldFilter, unaryFilter: { field: { fieldPath: 'email' }, op: 'IS_NOT_NULL' } };
    const query = { from: [{ collectionId: 'users' }], where: { compositeFilter: { op: 'AND', filters: [inner] } } };
    expect((await rpc(':runQuery', { structuredQuery: query })).status).toBe(400);
    const aggregation = { structuredAggregationQuery: { structuredQuery: query, aggregations: [{ alias: 'n', count: {} }] } };
    expect((await rpc(':runAggregationQuery', aggregation)).status).toBe(400);
  });

  it('the honest queries still get the rules decision: my own document yes, every user no', async () => {
    const own = await rpc(':runQuery', {
      structuredQuery: { from: [{ collectionId: 'users' }], where: field('__name__', 'EQUAL', { referenceValue: `${D}/users/player-1` }) },
    });
    expect(own.status).toBe(200);
    expect(own.body.map((r: any) => r.document?.name)).toEqual([`${D}/users/player-1`]);
    const all = await rpc(':runQuery', { structuredQuery: { from: [{ collectionId: 'users' }], where: field('email', 'NOT_EQUAL', { stringValue: '' }) } });
    expect(all.status).toBe(403);
  });
});

describe('every oneof of the protocol holds one member', () => {
  const name = `${D}/users/player-1`;
  const cases: Array<[string, string, unknown]> = [
    ['a Value with two kinds', ':commit', updateUser({ displayName: { stringValue: 'a', integerValue: '1' } })],
    ['a Value nested in a map with two kinds', ':commit', updateUser({ displayName: { mapValue: { fields: { a: { nullValue: null, booleanValue: true } } } } })],
    ['a Value with no kind', ':commit', updateUser({ displayName: {} })],
    ['a Write that updates and deletes', ':commit', { writes: [{ update: { name, fields: {} }, delete: name }] }],
    ['a Write that deletes and verifies', ':commit', { writes: [{ delete: name, verify: name }] }],
    [
      'a field transform that increments and sets the maximum',
      ':commit',
      { writes: [{ transform: { document: name, fieldTransforms: [{ fieldPath: 'n', increment: { integerValue: '1' }, maximum: { integerValue: '9' } }] } }] },
    ],
    ['a precondition with exists and updateTime', ':commit', { writes: [{ delete: name, currentDocument: { exists: true, updateTime: '2024-01-01T00:00:00Z' } }] }],
    ['a batchGet with transaction and newTransaction', ':batchGet', { documents: [name], transaction: 'abc', newTransaction: { readWrite: {} } }],
    ['a batchGet with newTransaction and readTime', ':batchGet', { documents: [name], newTransaction: {}, readTime: '2024-01-01T00:00:00Z' }],
    ['transaction options both read-only and read-write', ':beginTransaction', { options: { readOnly: {}, readWrite: {} } }],
    [
      'an aggregation that counts and sums',
      ':runAggregationQuery',
      { structuredAggregationQuery: { structuredQuery: { from: [{ collectionId: 'users' }] }, aggregations: [{ count: {}, sum: { field: { fieldPath: 'n' } } }] } },
    ],
    [
      'a cursor value with two kinds',
      ':runQuery',
      { structuredQuery: { from: [{ collectionId: 'users' }], orderBy: [{ field: { fieldPath: 'uid' } }], startAt: { values: [{ stringValue: 'a', booleanValue: true }] } } },
    ],
    ['a filter that is not an object', ':runQuery', { structuredQuery: { from: [{ collectionId: 'users' }], where: 'everything' } }],
    ['writes that are not an array', ':commit', { writes: { update: { name } } }],
  ];
  it.each(cases)('%s → 400 INVALID_ARGUMENT, nothing changed', async (_what, method, body) => {
    const before = await storedUser();
    const { status, body: reply } = await rpc(method, body);
    expect(status).toBe(400);
    expect(reply.error.status).toBe('INVALID_ARGUMENT');
    expect(await storedUser()).toEqual(before);
  });
});

describe("Firestore's limits", () => {
  it('a displayName nested 1,500 deep is refused, the emulator keeps serving and saving', async () => {
    // Written as text: JSON.stringify itself overflows the stack on such a value.
    const deep = `${'{"mapValue":{"fields":{"m":'.repeat(1499)}{"stringValue":"x"}${'}}}'.repeat(1499)}`;
    const text = JSON.stringify(updateUser({ displayName: { nullValue: null } })).replace('{"nullValue":null}', deep);
    const { status, body } = await rpc(':commit', text);
    expect(status).toBe(400);
    expect(body.error.message).toMatch(/nested more than 20 deep/);
    // Still alive, and a normal write still reaches the data dir.
    expect((await rpc(':commit', updateUser({ displayName: { stringValue: 'Renamed' } }))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const saved = JSON.parse(readFileSync(join(dataDir, 'firestore.json'), 'utf8')) as { documents: Array<{ path: string; fields: any }> };
    expect(saved.documents.find((d) => d.path === 'users/player-1')?.fields.displayName).toEqual({ stringValue: 'Renamed' });
  });

  it("through the SDK: depth 21 is refused as invalid before any rule runs; the rules refuse a map as the player's displayName", async () => {
    const lite = liteClient(emulator, 'depth', { sub: 'player-1', email: 'player@example.com' });
    try {
      const chain = (depth: number): any => (depth === 1 ? 'leaf' : { m: chain(depth - 1) });
      await expect(updateDoc(doc(lite.db, 'users/player-1'), { displayName: chain(21) })).rejects.toThrow(/nested more than 20 deep/);
      await expect(updateDoc(doc(lite.db, 'users/player-1'), { displayName: chain(20) })).rejects.toMatchObject({ code: 'permission-denied' });
      expect(typeof (await getDoc(doc(lite.db, 'users/player-1'))).data()?.displayName).not.toBe('object');
    } finally {
      await lite.close();
    }
  });

  it('a transform cannot build depth 21 out of shallow values (the document as stored is checked)', async () => {
    const deepPath = Array.from({ length: 20 }, (_, i) => `m${i}`).join('.');
    const transform = { fieldPath: deepPath, appendMissingElements: { values: [nested(2)] } };
    const { status, body } = await rpc(':commit', { writes: [{ update: { name: `${D}/open/x`, fields: {} }, updateTransforms: [transform] }] }, 'owner');
    expect(status).toBe(400);
    expect(body.error.message).toMatch(/nested more than 20 deep/);
  });

  it('a document over 1 MiB is refused; one just under is stored', async () => {
    // Size = name (open: 5, big: 4, +16) + field "s" (2) + string (n + 1) + 32.
    const overhead = 5 + 4 + 16 + 2 + 1 + 32;
    const write = (n: number) => ({ writes: [{ update: { name: `${D}/open/big`, fields: { s: { stringValue: 'x'.repeat(n) } } } }] });
    const over = await rpc(':commit', write(MAX_DOCUMENT_BYTES - overhead + 1), 'owner');
    expect(over.status).toBe(400);
    expect(over.body.error.message).toMatch(/maximum is 1048576 bytes/);
    expect((await rpc(':commit', write(MAX_DOCUMENT_BYTES - overhead), 'owner')).status).toBe(200);
  });

  it.each([
    ['a document id over 1,500 bytes', `open/${'i'.repeat(1501)}`],
    ['a reserved document id', 'open/__secret__'],
    ['a document id of ..', 'open/..'],
    ['a path 101 collections deep', Array.from({ length: 101 }, (_, i) => `c${i}/d${i}`).join('/')],
  ])('%s is refused', async (_what, path) => {
    expect((await rpc(':commit', { writes: [{ update: { name: `${D}/${path}`, fields: {} } }] }, 'owner')).status).toBe(400);
  });

  it('a document id of exactly 1,500 bytes is accepted', async () => {
    expect((await rpc(':commit', { writes: [{ update: { name: `${D}/open/${'i'.repeat(1500)}`, fields: {} } }] }, 'owner')).status).toBe(200);
  });

  it('a field name over 1,500 bytes, and a mask path over 1,500 bytes, are refused', async () => {
    const long = 'f'.repeat(1501);
    expect((await rpc(':commit', { writes: [{ update: { name: `${D}/open/f`, fields: { [long]: { nullValue: null } } } }] }, 'owner')).status).toBe(400);
    expect(
      (await rpc(':commit', { writes: [{ update: { name: `${D}/open/f`, fields: {} }, updateMask: { fieldPaths: [`\`${long}\``] } }] }, 'owner')).status,
    ).toBe(400);
  });

  it('a 200 MB body is refused while it streams in, long before it has all been sent', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const result = await new Promise<{ status: number; sentBytes: number; body: string }>((resolve, reject) => {
      let sentBytes = 0;
      let done = false;
      const req = request(
        `${documentsUrl(emulator, ':commit')}`,
        { method: 'POST', headers: { Authorization: `Bearer ${PLAYER}`, 'Content-Type': 'text/plain' } },
        (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => {
            done = true;
            resolve({ status: res.statusCode ?? 0, sentBytes, body });
            req.destroy();
          });
        },
      );
      req.on('error', (error) => (done ? undefined : reject(error)));
      const pump = (): void => {
        while (!done && sentBytes < 200 * 1024 * 1024) {
          sentBytes += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        if (!done) req.end();
      };
      pump();
    });
    expect(result.status).toBe(400);
    expect(JSON.parse(result.body).error.message).toMatch(/payload size exceeds the limit: 10485760 bytes/);
    expect(result.sentBytes).toBeLessThan(MAX_REQUEST_BYTES * 4);
  });

  it('a declared Content-Length over the cap is refused without reading the body', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(documentsUrl(emulator, ':commit'), { method: 'POST', headers: { 'Content-Length': String(200 * 1024 * 1024) } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', () => undefined);
      req.write('{');
      setTimeout(() => reject(new Error('no answer')), 5000).unref();
    });
    expect(status).toBe(400);
  });
});

describe('malformed input answers 400, not 500', () => {
  it('bad %-encoding in a document path', async () => {
    const response = await fetch(documentsUrl(emulator, '/users/%E0%A4%A'), { headers: { Authorization: `Bearer ${PLAYER}` } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).error.message).toMatch(/percent-encoding/);
  });

  it.each([
    ['seconds: 1e20', { seconds: 1e20, nanos: 0 }],
    ['year 10000', '10000-01-01T00:00:00Z'],
    ['nanos out of range', { seconds: 1, nanos: 1_000_000_000 }],
  ])('a timestamp value with %s', async (_what, timestampValue) => {
    const { status, body } = await rpc(':commit', { writes: [{ update: { name: `${D}/open/t`, fields: { at: { timestampValue } } } }] }, 'owner');
    expect(status).toBe(400);
    expect(body.error.status).toBe('INVALID_ARGUMENT');
  });

  it('an import with a bad path answers 400 and imports nothing (not even the good entries before it)', async () => {
    const response = await fetch(`${emulator.url}/emulator/v1/import`, {
      method: 'POST',
      body: JSON.stringify({ documents: [{ path: 'open/good', data: { a: 1 } }, { path: 'open', data: {} }] }),
    });
    expect(response.status).toBe(400);
    const exported = (await (await fetch(`${emulator.url}/emulator/v1/export`)).json()) as { documents: Array<{ path: string }> };
    expect(exported.documents.map((d) => d.path)).not.toContain('open/good');
  });

  it('a reset with a bad entry answers 400 and keeps the data', async () => {
    const response = await fetch(`${emulator.url}/emulator/v1/reset`, { method: 'POST', body: JSON.stringify({ documents: [{ path: 'a/b/c' }] }) });
    expect(response.status).toBe(400);
    expect(await storedUser()).toBeDefined();
  });
});

describe("transactions live as long as Firestore's", () => {
  it(`expire ${TRANSACTION_IDLE_MS / 1000} s after their last use and ${TRANSACTION_MAX_MS / 1000} s after they began`, () => {
    let now = 0;
    const registry = new TransactionRegistry(() => now);
    const store = new DocumentStore();
    const idle = registry.begin({});
    now = TRANSACTION_IDLE_MS + 1;
    expect(() => registry.finish(idle, store)).toThrow('The referenced transaction has expired or is no longer valid.');

    const busy = registry.begin({});
    // Used every 50 s: never idle for 60 s, but past 270 s in total.
    for (let t = 50_000; t <= 250_000; t += 50_000) {
      now = TRANSACTION_IDLE_MS + 1 + t;
      registry.recordRead(busy, 'a/b', null);
    }
    now += 30_000; // 280 s after it began
    expect(() => registry.finish(busy, store)).toThrow(/expired/);
  });

  it('an expired transaction id answers 400 INVALID_ARGUMENT over REST', async () => {
    let now = Date.now();
    const timed = await startTestEmulator({ now: () => now });
    try {
      const begun = (await (await fetch(`${timed.url}/v1/${D}:beginTransaction`, { method: 'POST', body: '{}', headers: { Authorization: 'Bearer owner' } })).json()) as {
        transaction: string;
      };
      now += TRANSACTION_IDLE_MS + 1;
      const response = await fetch(`${timed.url}/v1/${D}:commit`, {
        method: 'POST',
        headers: { Authorization: 'Bearer owner' },
        body: JSON.stringify({ transaction: begun.transaction, writes: [] }),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as any).error.message).toMatch(/expired or is no longer valid/);
    } finally {
      await timed.stop();
    }
  });
});

describe('persistence never kills the process', () => {
  it('a snapshot that cannot be written: the error is logged, not thrown from the timer, and the log keeps the write', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'firestore-readonly-'));
    const errors: string[] = [];
    const broken = await startTestEmulator({ dataDir: dir, journal: { compactDelayMs: 20, logError: (m) => errors.push(m) } });
    try {
      const ok = await fetch(`${broken.url}/v1/${D}:commit`, {
        method: 'POST',
        headers: { Authorization: 'Bearer owner' },
        body: JSON.stringify({ writes: [{ update: { name: `${D}/a/1`, fields: {} } }] }),
      });
      expect(ok.status).toBe(200);
      // The snapshot's place becomes a directory: every compaction (rename over it) now fails.
      rmSync(join(dir, 'firestore.json'), { force: true });
      require('node:fs').mkdirSync(join(dir, 'firestore.json', 'blocker'), { recursive: true });
      await fetch(`${broken.url}/v1/${D}:commit`, {
        method: 'POST',
        headers: { Authorization: 'Bearer owner' },
        body: JSON.stringify({ writes: [{ update: { name: `${D}/a/2`, fields: {} } }] }),
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(errors.join('\n')).toMatch(/could not save .*firestore\.json/);
      // Still serving, and the log still holds the write.
      expect((await fetch(`${broken.url}/emulator/v1/health`)).status).toBe(200);
      expect(readFileSync(join(dir, 'firestore.log'), 'utf8')).toContain('a/2');
    } finally {
      await broken.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
