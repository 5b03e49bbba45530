/**
 * Many writes as requests within Firestore's request size limit (src/firestore/request-chunks.ts): every body at
 * most the limit, as full as it allows, the items in order, none lost.
 */
import { MAX_REQUEST_BYTES } from '../../src/firestore/limits';
import { requestBodies } from '../../src/firestore/request-chunks';

const bytes = (body: string) => Buffer.byteLength(body);
/** An item of exactly `size` bytes of JSON: {"s":"xx…"} is 8 bytes plus its characters. */
const item = (size: number) => ({ s: 'x'.repeat(size - 8) });
const envelope = bytes('{"documents":[]}');

describe('requests within a size limit', () => {
  it.each([
    // items (bytes of JSON each), limit, the bodies' item counts
    ['one item that fills the request exactly', [100], envelope + 100, [1]],
    ['two that fit with their comma', [100, 100], envelope + 201, [2]],
    ['two that miss by the comma', [100, 100], envelope + 200, [1, 1]],
    ['five into twos', [50, 50, 50, 50, 50], envelope + 101, [2, 2, 1]],
    ['none: one body with none (a reset that clears)', [], envelope, [0]],
  ])('%s', (_name, sizes, limit, counts) => {
    const items = sizes.map(item);
    const bodies = requestBodies('documents', items, limit);
    expect(bodies.map((body) => (JSON.parse(body) as { documents: unknown[] }).documents.length)).toEqual(counts);
    for (const body of bodies) expect(bytes(body)).toBeLessThanOrEqual(limit);
    expect(bodies.flatMap((body) => (JSON.parse(body) as { documents: unknown[] }).documents)).toEqual(items);
  });

  it('counts bytes, not characters: multi-byte text is measured as sent', () => {
    const items = [{ name: 'Pâté €' }, { name: 'Crème' }];
    const limit = envelope + bytes(JSON.stringify(items[0]));
    const bodies = requestBodies('documents', items, limit);
    expect(bodies).toHaveLength(2);
    for (const body of bodies) expect(bytes(body)).toBeLessThanOrEqual(limit);
  });

  it('refuses an item no request could carry', () => {
    expect(() => requestBodies('writes', [item(10), item(200)], 100)).toThrow('Item 1 is 200 bytes of JSON: no request of at most 100 bytes can carry it');
  });

  it("defaults to Firestore's 10 MiB, filled to within one item", () => {
    const items = Array.from({ length: 3_000 }, () => item(10_000));
    const bodies = requestBodies('writes', items);
    // 30 MB of items: three requests, the first two full to within one item and its comma.
    expect(bodies).toHaveLength(3);
    for (const body of bodies.slice(0, 2)) {
      expect(bytes(body)).toBeLessThanOrEqual(MAX_REQUEST_BYTES);
      expect(bytes(body)).toBeGreaterThan(MAX_REQUEST_BYTES - 10_001);
    }
  });
});
