/**
 * Loading the demo economy into the emulator (src/stack/demo-data.ts) in requests within Firestore's 10 MiB:
 * the chunking shown with a small limit injected (the default economy, 0.48 MiB, in several requests), and the
 * largest economy, 5,000 products and 1,000 materials (15 MiB, refused whole before), at the real limit.
 * In-process emulator with firestore.rules, over HTTP.
 */
import { DEFAULT_RULES_FILE } from '../../src/firestore/cli';
import type { RunningFirestoreEmulator } from '../../src/firestore';
import { replaceAllDocuments } from '../../src/accounts';
import { GAME_STATS_PATH } from '../../src/market';
import { loadRulesFile } from '../../src/rules';
import { generateDemoEconomy } from '../../src/seed';
import { loadDemoEconomy } from '../../src/stack/demo-data';
import { startTestEmulator } from '../firestore/harness';

jest.setTimeout(60_000);

let emulator: RunningFirestoreEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ rules: loadRulesFile(DEFAULT_RULES_FILE) });
});
afterAll(() => emulator.stop());

const storedPaths = () => emulator.exportData().documents.map((doc) => doc.path);
const count = (paths: string[], collection: string) => paths.filter((path) => path.startsWith(`${collection}/`)).length;

/** Every request body the emulator received while `work` ran (fetch wrapped: what went on the wire). */
async function requestsDuring(work: () => Promise<unknown>): Promise<Array<{ url: string; bytes: number; body: string }>> {
  const real = globalThis.fetch;
  const seen: Array<{ url: string; bytes: number; body: string }> = [];
  globalThis.fetch = ((url: string, init?: RequestInit) => {
    if (typeof init?.body === 'string') seen.push({ url: String(url), bytes: Buffer.byteLength(init.body), body: init.body });
    return real(url, init);
  }) as typeof fetch;
  try {
    await work();
  } finally {
    globalThis.fetch = real;
  }
  return seen;
}

describe('the seed loader, within the request size limit', () => {
  it('with a 64 KiB limit injected: the default economy in a reset and imports, each within it, all of it stored, the game stats last', async () => {
    emulator.importPlainDocuments([{ path: 'leftover/doc', data: { from: 'before' } }]);
    const limit = 64 * 1024;
    const requests = await requestsDuring(() => loadDemoEconomy(emulator.url, {}, { maxRequestBytes: limit }));
    expect(requests.length).toBeGreaterThan(5);
    expect(requests[0].url).toMatch(/\/emulator\/v1\/reset$/);
    for (const request of requests.slice(1)) expect(request.url).toMatch(/\/emulator\/v1\/import$/);
    for (const request of requests) expect(request.bytes).toBeLessThanOrEqual(limit);
    const expected = generateDemoEconomy().documents.map((doc) => doc.path);
    expect(storedPaths().sort()).toEqual([...expected].sort());
    // The reset cleared what was there.
    expect(storedPaths()).not.toContain('leftover/doc');
    // The game stats, the one document a reader watches for a new market state, came in the last request.
    expect(requests.map((request) => request.body.includes(`"${GAME_STATS_PATH}"`))).toEqual([...requests.slice(1).map(() => false), true]);
  });

  it('replaceAllDocuments says how many requests it sent', async () => {
    const documents = generateDemoEconomy().documents.map((doc) => ({ path: doc.path, fields: {} }));
    const requests = await requestsDuring(() => replaceAllDocuments(emulator.url, documents, { maxRequestBytes: 4096 }));
    expect(requests.length).toBeGreaterThan(2);
    expect(await replaceAllDocuments(emulator.url, documents, { maxRequestBytes: 4096 })).toBe(requests.length);
  });

  it('loads 5,000 products and 1,000 materials at the real 10 MiB limit, in 2 requests', async () => {
    const requests = await requestsDuring(() => loadDemoEconomy(emulator.url, { products: 5000, materials: 1000 }));
    expect(requests.map((request) => request.url.split('/').pop())).toEqual(['reset', 'import']);
    for (const request of requests) expect(request.bytes).toBeLessThanOrEqual(10 * 1_048_576);
    const paths = storedPaths();
    expect(count(paths, 'products')).toBe(5000);
    expect(count(paths, 'materials')).toBe(1001);
    expect(paths).toContain(GAME_STATS_PATH);
  });
});
