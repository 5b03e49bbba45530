// The local Firestore-compatible emulator as a browser meets it: the raw protocol (CORS preflight, JSON replies,
// the rules enforced for a guest), then the real firebase/firestore/lite SDK running in the page, whose results
// and error codes are what the apps see.
import assert from 'node:assert/strict';
import { test } from '../lib/test.mjs';
import { withBrowser } from '../lib/browser.mjs';
import { openSdkPage, settleInPage, signInSdk } from '../lib/browser-sdk.mjs';
import { demoAccount, E2E_PORTS, site } from '../lib/stack.mjs';

const DOCUMENTS = `http://127.0.0.1:${E2E_PORTS.firestore}/v1/projects/demo-sbc-tycoon/databases/(default)/documents`;

test.describe('Firestore emulator from a browser page', () => {
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
        const name = `${url.replace(/^http:\/\/[^/]+\/v1\//, '')}/products/e2e-guest-write`;
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

// Seed records with fixed ids (local-backend/src/seed/edge-cases.ts): Solar Panel is stored under a
// category_name id that differs from its slug; Leather Handbag under its slug.
const SOLAR_PANEL_ID = 'energy_solar_panel';
const LEATHER_HANDBAG_ID = 'leather-handbag';

/** Runs `fn` on a fresh page of the site holding the SDK (see e2e/lib/browser-sdk.mjs). */
async function withSdkPage(fn) {
  await withBrowser({}, async ({ page }) => {
    await openSdkPage(page);
    await fn(page);
  });
}

test.describe('Firestore emulator through the firebase/firestore/lite SDK in Chromium', () => {
  test('getDocs with where + orderBy + limit returns the top matches in order', async () => {
    await withSdkPage(async (page) => {
      const { value, error } = await settleInPage(page, async () => {
        const { sdk, db } = window;
        const products = sdk.collection(db, 'products');
        const price = (snap) => snap.docs.map((d) => d.get('average_market_price'));
        const limited = await sdk.getDocs(
          sdk.query(
            products,
            sdk.where('average_market_price', '>=', 100),
            sdk.orderBy('average_market_price', 'desc'),
            sdk.limit(5),
          ),
        );
        return { limited: price(limited), all: price(await sdk.getDocs(products)) };
      });
      assert.equal(error, undefined);
      assert.equal(value.limited.length, 5);
      assert.deepEqual(value.limited, [...value.limited].sort((a, b) => b - a), 'descending order');
      // The limit applies after the filter and the order: the five highest prices of the whole collection.
      const expected = value.all
        .filter((p) => typeof p === 'number' && p >= 100)
        .sort((a, b) => b - a)
        .slice(0, 5);
      assert.deepEqual(value.limited, expected);
    });
  });

  test('getDoc of a seeded product returns its fields', async () => {
    await withSdkPage(async (page) => {
      const { value, error } = await settleInPage(page, async (id) => {
        const snap = await window.sdk.getDoc(window.sdk.doc(window.db, 'products', id));
        const data = snap.data();
        return {
          exists: snap.exists(),
          id: snap.id,
          slug: data.slug,
          name: data.name,
          category: data.category,
          history: data.lastvqvalue.length,
          createdAt: data.createdAt instanceof window.sdk.Timestamp,
        };
      }, SOLAR_PANEL_ID);
      assert.equal(error, undefined);
      assert.deepEqual(value, {
        exists: true,
        id: SOLAR_PANEL_ID,
        slug: 'solar-panel',
        name: 'Solar Panel',
        category: 'energy',
        history: 30,
        createdAt: true,
      });
    });
  });

  test('getCount (the lite getCountFromServer) matches the size of getDocs', async () => {
    await withSdkPage(async (page) => {
      const { value, error } = await settleInPage(page, async () => {
        const { sdk, db } = window;
        const all = sdk.collection(db, 'products');
        const energy = sdk.query(all, sdk.where('category', '==', 'energy'));
        const counted = async (q) => ({
          count: (await sdk.getCount(q)).data().count,
          size: (await sdk.getDocs(q)).size,
        });
        return { all: await counted(all), energy: await counted(energy) };
      });
      assert.equal(error, undefined);
      assert.ok(value.all.size > value.energy.size && value.energy.size > 0, JSON.stringify(value));
      assert.equal(value.all.count, value.all.size);
      assert.equal(value.energy.count, value.energy.size);
    });
  });

  test("a guest's setDoc on products rejects with permission-denied and writes nothing", async () => {
    await withSdkPage(async (page) => {
      const id = 'e2e-sdk-guest-write';
      const write = await settleInPage(
        page,
        (id) => window.sdk.setDoc(window.sdk.doc(window.db, 'products', id), { slug: id, name: 'Guest write' }),
        id,
      );
      assert.deepEqual(write.error, { name: 'FirebaseError', code: 'permission-denied', isFirebaseError: true });
      const read = await settleInPage(
        page,
        async (id) => (await window.sdk.getDoc(window.sdk.doc(window.db, 'products', id))).exists(),
        id,
      );
      assert.deepEqual(read, { value: false });
    });
  });

  test("a guest's query on users rejects with permission-denied", async () => {
    await withSdkPage(async (page) => {
      const result = await settleInPage(page, () =>
        window.sdk.getDocs(window.sdk.collection(window.db, 'users')).then((snap) => snap.size),
      );
      assert.deepEqual(result.error, { name: 'FirebaseError', code: 'permission-denied', isFirebaseError: true });
    });
  });

  // A console write as firestore.rules require it: updatedAt = the server time and its audit entry in the same commit.
  const auditedUpdate = (tx, sdk, db, id, changes, uid) => {
    const entry = sdk.doc(sdk.collection(db, 'productAudit'));
    tx.update(sdk.doc(db, 'products', id), { ...changes, updatedAt: sdk.serverTimestamp(), auditId: entry.id });
    tx.set(entry, { productId: id, slug: id, action: 'update', uid, email: 'admin@sbc-tycoon.test', at: sdk.serverTimestamp(), before: null, after: changes, changedFields: Object.keys(changes) });
  };

  test('a signed-in admin runTransaction reads and updates a product field with its audit entry (restored afterwards)', async () => {
    await withSdkPage(async (page) => {
      await signInSdk(page, demoAccount('admin'));
      const readType = () =>
        settleInPage(
          page,
          async (id) => (await window.sdk.getDoc(window.sdk.doc(window.db, 'products', id))).get('type'),
          LEATHER_HANDBAG_ID,
        );
      const before = await readType();
      assert.equal(typeof before.value, 'string', JSON.stringify(before));
      try {
        const transaction = await settleInPage(page, ([id, write]) => {
          const { sdk, db, auth } = window;
          const ref = sdk.doc(db, 'products', id);
          return sdk.runTransaction(db, async (tx) => {
            const type = (await tx.get(ref)).get('type');
            new Function(`return ${write}`)()(tx, sdk, db, id, { type: `${type} (e2e)` }, auth.currentUser.uid);
            return type;
          });
        }, [LEATHER_HANDBAG_ID, auditedUpdate.toString()]);
        assert.deepEqual(transaction, { value: before.value }, 'the transaction read the stored value');
        assert.deepEqual(await readType(), { value: `${before.value} (e2e)` });
      } finally {
        // Leave the data as the run found it, whatever failed above.
        const restore = await settleInPage(
          page,
          ([id, type, write]) =>
            window.sdk.runTransaction(window.db, async (tx) => new Function(`return ${write}`)()(tx, window.sdk, window.db, id, { type }, window.auth.currentUser.uid)),
          [LEATHER_HANDBAG_ID, before.value, auditedUpdate.toString()],
        );
        assert.equal(restore.error, undefined, JSON.stringify(restore.error));
      }
      assert.deepEqual(await readType(), before);
    });
  });
});
