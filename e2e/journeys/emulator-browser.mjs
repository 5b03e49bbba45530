// The local Firestore-compatible emulator as a browser meets it: CORS preflight, JSON replies, the rules
// enforced for a guest. (The site's pages exercise the SDK paths; these calls pin the protocol details.)
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { withBrowser } from '../lib/browser.mjs';
import { E2E_PORTS, site } from '../lib/stack.mjs';

const DOCUMENTS = `http://127.0.0.1:${E2E_PORTS.firestore}/v1/projects/demo-sbc-tycoon/databases/(default)/documents`;

describe('Firestore emulator from a browser page', () => {
  test('a preflighted runQuery answers a JSON array in Firestore order', async () => {
    await withBrowser({}, async ({ page }) => {
      await page.goto(site('/faq'));
      const result = await page.evaluate(async (url) => {
        const response = await fetch(`${url}:runQuery`, {
          method: 'POST',
          headers: { 'Content-Type': 'text/plain', 'X-Goog-Api-Client': 'e2e' },
          body: JSON.stringify({
            structuredQuery: {
              from: [{ collectionId: 'products' }],
              where: { fieldFilter: { field: { fieldPath: 'category' }, op: 'EQUAL', value: { stringValue: 'energy' } } },
              orderBy: [{ field: { fieldPath: 'name' }, direction: 'ASCENDING' }],
              limit: 3,
            },
          }),
        });
        const body = await response.json();
        return { status: response.status, names: body.map((r) => r.document.fields.name.stringValue) };
      }, DOCUMENTS);
      assert.equal(result.status, 200);
      assert.equal(result.names.length, 3);
      assert.deepEqual([...result.names].sort(), result.names);
    });
  });

  test("a guest's write is refused by firestore.rules with a JSON 403", async () => {
    await withBrowser({}, async ({ page }) => {
      await page.goto(site('/faq'));
      const result = await page.evaluate(async (url) => {
        const name = url.replace(/^http:\/\/[^/]+\/v1\//, '') + '/products/e2e-guest-write';
        const response = await fetch(`${url}:commit`, {
          method: 'POST',
          headers: { 'Content-Type': 'text/plain' },
          body: JSON.stringify({ writes: [{ update: { name, fields: { slug: { stringValue: 'x' }, name: { stringValue: 'x' } } } }] }),
        });
        return { status: response.status, body: await response.json() };
      }, DOCUMENTS);
      assert.equal(result.status, 403);
      assert.equal(result.body.error.status, 'PERMISSION_DENIED');
    });
  });
});
