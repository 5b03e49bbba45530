// The coding an answer goes out in (functions/src/open-data/http.ts): the open data API's, and the local static
// servers' (local-backend/src/static-server/server.ts), which send Brotli first as Firebase Hosting does.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { COMPRESS_MIN_BYTES, encodedResponse, negotiateEncoding } from '../src/open-data/http';

const LARGE = COMPRESS_MIN_BYTES;

describe('negotiateEncoding: Brotli, then gzip, among what the client accepts (RFC 9110 §12.5.3)', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['GZIP', 'gzip'],
    ['gzip;q=0.5, br;q=0.1', 'br'],
    ['gzip, br;q=0', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ])('Accept-Encoding "%s" gets %s', (header, coding) => {
    expect(negotiateEncoding(header, LARGE)).toBe(coding);
  });

  it('sends an answer smaller than COMPRESS_MIN_BYTES as it is', () => {
    expect(negotiateEncoding('br, gzip', COMPRESS_MIN_BYTES - 1)).toBe('identity');
  });
});

describe('encodedResponse: a rendered page as it leaves the render function', () => {
  const page = `<!doctype html><html><body>${'<p>Solar Panel · 12.50 SBC</p>'.repeat(200)}</body></html>`;

  it.each([
    ['gzip, deflate, br, zstd', 'br', (body: Buffer) => brotliDecompressSync(body)],
    ['gzip, deflate', 'gzip', (body: Buffer) => gunzipSync(body)],
    [undefined, undefined, (body: Buffer) => body],
  ])('Accept-Encoding "%s": Content-Encoding %s, the same page once decoded, Vary always', (header, coding, decode) => {
    const { body, headers } = encodedResponse(page, header);
    expect(headers['Content-Encoding']).toBe(coding);
    expect(headers.Vary).toBe('Accept-Encoding');
    expect(decode(body).toString('utf8')).toBe(page);
    if (coding) expect(body.length).toBeLessThan(Buffer.byteLength(page) / 10);
  });
});
