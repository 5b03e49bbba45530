import { collection, doc, getDoc, getDocs, limit, query, setDoc, where, writeBatch } from 'firebase/firestore/lite';
import type { RulesDocumentLookup, RulesEngine, RulesRequest } from '../../src/rules/contract';
import type { RunningFirestoreEmulator } from '../../src/firestore';
import { PROJECT_ID, documentsUrl, idToken, liteClient, startTestEmulator, type LiteClient } from './harness';

/**
 * A rules engine double: allows what `allow` says and records every call, so the tests can check what the
 * emulator asks (method, path, auth, resource, request.resource, getAfter).
 */
const calls: Array<{ request: RulesRequest; lookup: RulesDocumentLookup }> = [];
let allow: (r: RulesRequest, lookup: RulesDocumentLookup) => boolean = () => true;
const recordingRules: RulesEngine = {
  authorize(request, lookup) {
    calls.push({ request, lookup });
    return allow(request, lookup) ? { allowed: true } : { allowed: false, reason: 'test says no' };
  },
};

let emulator: RunningFirestoreEmulator;
let alice: LiteClient;

beforeAll(async () => {
  emulator = await startTestEmulator({ rules: recordingRules });
  alice = liteClient(emulator, 'auth-rules', { sub: 'alice', email: 'alice@example.com' });
});

beforeEach(() => {
  emulator.reset([
    { path: 'notes/n1', data: { owner: 'alice', text: 'hi' } },
    { path: 'notes/n2', data: { owner: 'bob', text: 'yo' } },
  ]);
  calls.length = 0;
  allow = () => true;
});

afterAll(async () => {
  await alice.close();
  await emulator.stop();
});

const batchGet = (authorization?: string) =>
  fetch(documentsUrl(emulator, ':batchGet'), {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain', ...(authorization ? { Authorization: authorization } : {}) },
    body: JSON.stringify({ documents: [`projects/${PROJECT_ID}/databases/(default)/documents/notes/n1`] }),
  });

describe('ID tokens', () => {
  it('the mockUserToken of connectFirestoreEmulator becomes request.auth', async () => {
    await getDoc(doc(alice.db, 'notes/n1'));
    expect(calls[0].request).toMatchObject({
      method: 'get',
      path: 'notes/n1',
      auth: { uid: 'alice', token: { email: 'alice@example.com', sub: 'alice' } },
      resource: { path: 'notes/n1', fields: { owner: { stringValue: 'alice' } } },
    });
  });

  it('a valid Auth-emulator token becomes request.auth', async () => {
    const res = await batchGet(`Bearer ${idToken({ sub: 'carol', user_id: 'carol' })}`);
    expect(res.status).toBe(200);
    expect(calls[0].request.auth).toMatchObject({ uid: 'carol', token: { firebase: { sign_in_provider: 'password' } } });
  });

  it('no Authorization header means request.auth is null', async () => {
    expect((await batchGet()).status).toBe(200);
    expect(calls[0].request.auth).toBeNull();
  });

  it.each([
    ['an expired token', `Bearer ${idToken({ exp: Math.floor(Date.now() / 1000) - 10 })}`, 'expired'],
    ['a token for another project', `Bearer ${idToken({ aud: 'other-project' })}`, 'other-project'],
    ['a malformed token', 'Bearer not-a-jwt', 'malformed'],
  ])('%s is rejected with 401 UNAUTHENTICATED', async (_label, header, words) => {
    const res = await batchGet(header);
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: { code: number; status: string; message: string } };
    expect(body.error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
    expect(body.error.message).toContain(words);
  });

  it('the SDK reports a rejected token as unauthenticated', async () => {
    const stale = liteClient(emulator, 'auth-stale', idToken({ exp: Math.floor(Date.now() / 1000) - 60 }));
    await expect(getDoc(doc(stale.db, 'notes/n1'))).rejects.toMatchObject({ code: 'unauthenticated' });
    await stale.close();
  });
});

describe('rules enforcement', () => {
  it('a denied get is permission-denied with the engine reason in the message', async () => {
    allow = (r) => r.path !== 'notes/n2';
    await expect(getDoc(doc(alice.db, 'notes/n2'))).rejects.toMatchObject({
      code: 'permission-denied',
      message: expect.stringContaining('test says no'),
    });
  });

  it('the HTTP reply of a denial is 403 with a PERMISSION_DENIED JSON body', async () => {
    allow = () => false;
    const res = await batchGet();
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: unknown }).error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' });
  });

  it('a query is checked once, from its constraints (collection, equalities, limit), not per returned document', async () => {
    allow = (r) => r.query?.equalities.some((e) => e.fieldPath.join('.') === 'owner' && e.value.stringValue === 'alice') ?? false;
    await expect(getDocs(collection(alice.db, 'notes'))).rejects.toMatchObject({ code: 'permission-denied' });
    expect(calls.map((c) => [c.request.method, c.request.path])).toEqual([['list', 'notes']]);
    calls.length = 0;
    const mine = await getDocs(query(collection(alice.db, 'notes'), where('owner', '==', 'alice'), limit(5)));
    expect(mine.docs.map((d) => d.id)).toEqual(['n1']);
    expect(calls.map((c) => c.request.query)).toEqual([
      { parent: 'notes', collectionId: 'notes', allDescendants: false, equalities: [{ fieldPath: ['owner'], value: { stringValue: 'alice' } }], limit: 5 },
    ]);
  });

  it('a denied query is denied even when it would return no document', async () => {
    allow = (r) => r.method !== 'list';
    await expect(getDocs(query(collection(alice.db, 'notes'), where('owner', '==', 'nobody')))).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('writes are checked as create / update / delete with request.resource and getAfter', async () => {
    const seen: Record<string, unknown> = {};
    allow = (r, lookup) => {
      if (r.method === 'update') {
        seen.before = lookup.get('notes/n3');
        seen.after = lookup.getAfter('notes/n3')?.fields.text;
        seen.deletedAfter = lookup.getAfter('notes/n2');
      }
      return true;
    };
    const batch = writeBatch(alice.db);
    batch.set(doc(alice.db, 'notes/n3'), { owner: 'alice', text: 'new' });
    batch.update(doc(alice.db, 'notes/n1'), { text: 'edited' });
    batch.delete(doc(alice.db, 'notes/n2'));
    await batch.commit();
    expect(calls.map((c) => [c.request.method, c.request.path])).toEqual([
      ['create', 'notes/n3'],
      ['update', 'notes/n1'],
      ['delete', 'notes/n2'],
    ]);
    const update = calls[1];
    expect(update.request.resource?.fields.text).toEqual({ stringValue: 'hi' });
    expect(update.request.requestResource?.fields.text).toEqual({ stringValue: 'edited' });
    expect(seen).toEqual({ before: null, after: { stringValue: 'new' }, deletedAfter: null });
  });

  it('a denied write in a batch leaves the database untouched', async () => {
    allow = (r) => r.method !== 'delete';
    const batch = writeBatch(alice.db);
    batch.set(doc(alice.db, 'notes/n3'), { owner: 'alice' });
    batch.delete(doc(alice.db, 'notes/n2'));
    await expect(batch.commit()).rejects.toMatchObject({ code: 'permission-denied' });
    expect(emulator.exportData().documents.map((d) => d.path)).toEqual(['notes/n1', 'notes/n2']);
  });

  it('rules see request.auth of the writer', async () => {
    await setDoc(doc(alice.db, 'notes/n9'), { owner: 'alice' });
    expect(calls[0].request).toMatchObject({ method: 'create', auth: { uid: 'alice' } });
  });
});

describe('listCollectionIds', () => {
  const listCollectionIds = (authorization?: string) =>
    fetch(documentsUrl(emulator, ':listCollectionIds'), {
      method: 'POST',
      headers: authorization ? { Authorization: authorization } : {},
      body: '{}',
    });

  it.each([
    ['a guest', undefined],
    ['a signed-in user', `Bearer ${idToken({ sub: 'alice', user_id: 'alice' })}`],
  ])('is PERMISSION_DENIED for %s even when the rules allow everything', async (_who, authorization) => {
    const res = await listCollectionIds(authorization);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: unknown }).error).toMatchObject({ status: 'PERMISSION_DENIED' });
    expect(calls).toEqual([]);
  });

  it('answers the admin SDK (Bearer owner)', async () => {
    const res = await listCollectionIds('Bearer owner');
    expect(await res.json()).toEqual({ collectionIds: ['notes'] });
  });
});
