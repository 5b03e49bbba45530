/**
 * Many writes as requests that each fit Firestore's request size limit (MAX_REQUEST_BYTES, 10 MiB): the seed
 * loader's documents (`POST /emulator/v1/reset` then `/import`) and the market advance's writes (`:commit`).
 *
 * Why by bytes and not by count: Firestore no longer limits the number of writes in a commit (limits.ts), and a
 * count says nothing about size anyway: 500 products are about 1.3 MiB, the four search-index shards of a
 * 5,000-product catalogue about 1.2 MiB. The one limit a request can break is its size, so that is what is measured,
 * exactly: each body is built from the items' own JSON, so its length is known before it is sent.
 */
import { MAX_REQUEST_BYTES } from './limits';

/**
 * The JSON bodies `{"<key>":[item, item, …]}` holding `items` in order, each at most `maxBytes` bytes (UTF-8) and
 * as full as that allows. No items: one body with none (a reset sent with it clears everything). An item too
 * large for a request on its own throws (no split could send it).
 */
export function requestBodies(key: string, items: readonly unknown[], maxBytes: number = MAX_REQUEST_BYTES): string[] {
  const head = `{${JSON.stringify(key)}:[`;
  const tail = ']}';
  const envelope = Buffer.byteLength(head) + Buffer.byteLength(tail);
  const bodies: string[] = [];
  let parts: string[] = [];
  let size = envelope;
  const flush = () => {
    bodies.push(`${head}${parts.join(',')}${tail}`);
    parts = [];
    size = envelope;
  };
  items.forEach((item, index) => {
    const json = JSON.stringify(item);
    const bytes = Buffer.byteLength(json);
    if (envelope + bytes > maxBytes) {
      throw new RangeError(`Item ${index} is ${bytes} bytes of JSON: no request of at most ${maxBytes} bytes can carry it`);
    }
    // A comma separates it from the previous item of the same body.
    const added = parts.length > 0 ? bytes + 1 : bytes;
    if (size + added > maxBytes) flush();
    size += parts.length > 0 ? bytes + 1 : bytes;
    parts.push(json);
  });
  if (parts.length > 0 || bodies.length === 0) flush();
  return bodies;
}
