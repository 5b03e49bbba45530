/**
 * Firestore's limits on writes as the quotas page states them today (https://cloud.google.com/firestore/quotas,
 * "Writes and transactions"; src/firestore/limits.ts), against the emulator over HTTP, as tables: a request just
 * under each limit is stored, one just over is refused with 400 INVALID_ARGUMENT naming the limit, and nothing of
 * it is written. The page has no limit on the number of writes of a commit (the old 500 was lifted in 2023): a
 * commit of 5,000 writes is stored.
 */
import type { RunningFirestoreEmulator } from '../../src/firestore';
import { MAX_FIELD_TRANSFORMS_PER_DOCUMENT, MAX_REQUEST_BYTES } from '../../src/firestore/limits';
import { documentsUrl, PROJECT_ID, startTestEmulator } from './harness';

jest.setTimeout(60_000);

const D = `projects/${PROJECT_ID}/databases/(default)/documents`;
let emulator: RunningFirestoreEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
});
beforeEach(() => emulator.reset());
afterAll(() => emulator.stop());

async function commit(body: string | unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(documentsUrl(emulator, ':commit'), {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

function storedPaths(): string[] {
  return emulator.exportData().documents.map((doc) => doc.path);
}

/** Writes of `count` documents `items/0…`, each holding a string of `size` characters. */
const setWrites = (count: number, size = 1) =>
  Array.from({ length: count }, (_, i) => ({ update: { name: `${D}/items/${i}`, fields: { s: { stringValue: 'x'.repeat(size) } } } }));

/** A commit body of exactly `bytes` bytes: eleven documents of ~0.95 MiB, the last string padded to the byte. */
function commitOfBytes(bytes: number): string {
  const writes = setWrites(11, 950_000);
  const short = JSON.stringify({ writes }).length;
  writes[10].update.fields.s.stringValue += 'x'.repeat(bytes - short);
  const body = JSON.stringify({ writes });
  expect(Buffer.byteLength(body)).toBe(bytes);
  return body;
}

/** `count` increments of distinct fields of one document. */
const increments = (path: string, count: number, from = 0) => ({
  update: { name: `${D}/${path}`, fields: {} },
  updateMask: { fieldPaths: [] },
  updateTransforms: Array.from({ length: count }, (_, i) => ({ fieldPath: `f${from + i}`, increment: { integerValue: '1' } })),
});

const REQUEST_LIMIT = `Request payload size exceeds the limit: ${MAX_REQUEST_BYTES} bytes.`;
const TRANSFORM_LIMIT = `Firestore's maximum is ${MAX_FIELD_TRANSFORMS_PER_DOCUMENT} per document in a commit or transaction`;

describe("Firestore's write limits, as a table: just under is stored, just over is refused naming the limit", () => {
  it.each([
    // limit, the commit, refused with (null: stored), documents stored
    ['request size 10 MiB: a commit of exactly 10,485,760 bytes', () => commitOfBytes(MAX_REQUEST_BYTES), null, 11],
    ['request size 10 MiB: a commit one byte over', () => commitOfBytes(MAX_REQUEST_BYTES + 1), REQUEST_LIMIT, 0],
    ['field transforms: 500 on one document', () => ({ writes: [increments('a/1', 500)] }), null, 1],
    ['field transforms: 501 on one document', () => ({ writes: [increments('a/1', 501)] }), TRANSFORM_LIMIT, 0],
    ['field transforms: 250 + 251 on one document in two writes of a commit', () => ({ writes: [increments('a/1', 250), increments('a/1', 251, 250)] }), TRANSFORM_LIMIT, 0],
    ['field transforms: 500 on each of two documents', () => ({ writes: [increments('a/1', 500), increments('a/2', 500)] }), null, 2],
    ['writes per commit: none any more, 501 writes', () => ({ writes: setWrites(501) }), null, 501],
    ['writes per commit: none any more, 5,000 writes', () => ({ writes: setWrites(5000) }), null, 5000],
  ] as const)('%s', async (_limit, body, refusal, stored) => {
    const answer = await commit(body());
    if (refusal === null) {
      expect(answer.status).toBe(200);
    } else {
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
      expect(answer.body.error.message).toContain(refusal);
    }
    expect(storedPaths()).toHaveLength(stored);
  });

  it('names the document and its count when the transforms are over the limit', async () => {
    const answer = await commit({ writes: [increments('a/1', 501)] });
    expect(answer.body.error.message).toBe(
      `INVALID_ARGUMENT: Document a/1 has 501 field transformations in one commit; ${TRANSFORM_LIMIT}`,
    );
  });

  it.each([
    ['reset', MAX_REQUEST_BYTES + 1],
    ['import', MAX_REQUEST_BYTES + 1],
  ])('the admin %s is held to the request size too: %i bytes are refused', async (endpoint, bytes) => {
    const response = await fetch(`${emulator.url}/emulator/v1/${endpoint}`, { method: 'POST', body: 'x'.repeat(bytes) });
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).error).toMatchObject({ status: 'INVALID_ARGUMENT', message: `INVALID_ARGUMENT: ${REQUEST_LIMIT}` });
  });
});
