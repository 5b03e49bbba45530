// The local Firestore-compatible emulator as a browser meets it: the raw protocol (CORS preflight, JSON replies,
// the rules enforced for a guest), then the real firebase/firestore/lite SDK running in the page, whose results
// and error codes are what the apps see.
import { expect, type Page } from '@playwright/test';
import type { DocumentSnapshot, Firestore, Query, QuerySnapshot, Transaction } from 'firebase/firestore/lite';
import { paths } from '../../shared/src/paths';
import { withBrowser } from '../lib/browser';
import { openSdkPage, settleInPage, signInSdk } from '../lib/browser-sdk';
import { demoAccount, E2E_PORTS, site } from '../lib/stack';
import { test } from '../lib/test';

const DOCUMENTS = `http://127.0.0.1:${E2E_PORTS.firestore}/v1/projects/demo-sbc-tycoon/databases/(default)/documents`;

test.describe('Firestore emulator from a browser page', () => {
  test('a preflighted runQuery answers a JSON array in Firestore order', async () => {
    await withBrowser({}, async ({ page }) => {
      await page.goto(site(paths.faq));
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
        const body: Array<{ document: { fields: { name: { stringValue: string } } } }> = await response.json();
        return { status: response.status, names: body.map((r) => r.document.fields.name.stringValue) };
      }, DOCUMENTS);
      expect(result.status).toBe(200);
      expect(result.names).toHaveLength(3);
      expect(result.names).toEqual([...result.names].sort());
    });
  });

  test("a guest's write is refused by firestore.rules with a JSON 403", async () => {
    await withBrowser({}, async ({ page }) => {
      await page.goto(site(paths.faq));
      const result = await page.evaluate(async (url) => {
        const name = `${url.replace(/^http:\/\/[^/]+\/v1\//, '')}/products/e2e-guest-write`;
        const response = await fetch(`${url}:commit`, {
          method: 'POST',
          headers: { 'Content-Type': 'text/plain' },
          body: JSON.stringify({ writes: [{ update: { name, fields: { slug: { stringValue: 'x' }, name: { stringValue: 'x' } } } }] }),
        });
        return { status: response.status, body: (await response.json()) as { error?: { status?: string } } };
      }, DOCUMENTS);
      expect(result.status).toBe(403);
      expect(result.body.error?.status).toBe('PERMISSION_DENIED');
    });
  });
});

// Seed records with fixed ids (local-backend/src/seed/edge-cases.ts): Solar Panel is stored under a
// category_name id that differs from its slug; Leather Handbag under its slug.
const SOLAR_PANEL_ID = 'energy_solar_panel';
const LEATHER_HANDBAG_ID = 'leather-handbag';

/** Runs `fn` on a fresh page of the site holding the SDK (see e2e/lib/browser-sdk.ts). */
async function withSdkPage(fn: (page: Page) => Promise<void>) {
  await withBrowser({}, async ({ page }) => {
    await openSdkPage(page);
    await fn(page);
  });
}

const PERMISSION_DENIED = { name: 'FirebaseError', code: 'permission-denied', isFirebaseError: true };

test.describe('Firestore emulator through the firebase/firestore/lite SDK in Chromium', () => {
  test('getDocs with where + orderBy + limit returns the top matches in order', async () => {
    await withSdkPage(async (page) => {
      const { value, error } = await settleInPage(page, async () => {
        const { sdk, db } = window;
        const products = sdk.collection(db, 'products');
        const price = (snap: QuerySnapshot) => snap.docs.map((d) => d.get('average_market_price') as unknown);
        const limited = await sdk.getDocs(
          sdk.query(products, sdk.where('average_market_price', '>=', 100), sdk.orderBy('average_market_price', 'desc'), sdk.limit(5)),
        );
        return { limited: price(limited) as number[], all: price(await sdk.getDocs(products)) };
      });
      expect(error).toBeUndefined();
      if (!value) throw new Error('no value');
      expect(value.limited).toHaveLength(5);
      expect(value.limited, 'descending order').toEqual([...value.limited].sort((a, b) => b - a));
      // The limit applies after the filter and the order: the five highest prices of the whole collection.
      const expected = value.all
        .filter((p): p is number => typeof p === 'number' && p >= 100)
        .sort((a, b) => b - a)
        .slice(0, 5);
      expect(value.limited).toEqual(expected);
    });
  });

  test('getDoc of a seeded product returns its fields', async () => {
    await withSdkPage(async (page) => {
      const { value, error } = await settleInPage(
        page,
        async (id: string) => {
          const snap: DocumentSnapshot = await window.sdk.getDoc(window.sdk.doc(window.db, 'products', id));
          const data = snap.data() ?? {};
          return {
            exists: snap.exists(),
            id: snap.id,
            slug: data.slug,
            name: data.name,
            category: data.category,
            history: data.lastvqvalue.length,
            createdAt: data.createdAt instanceof window.sdk.Timestamp,
          };
        },
        SOLAR_PANEL_ID,
      );
      expect(error).toBeUndefined();
      expect(value).toEqual({
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
        const counted = async (q: Query) => ({
          count: (await sdk.getCount(q)).data().count,
          size: (await sdk.getDocs(q)).size,
        });
        return { all: await counted(all), energy: await counted(energy) };
      });
      expect(error).toBeUndefined();
      if (!value) throw new Error('no value');
      expect(value.all.size > value.energy.size && value.energy.size > 0, JSON.stringify(value)).toBe(true);
      expect(value.all.count).toBe(value.all.size);
      expect(value.energy.count).toBe(value.energy.size);
    });
  });

  test("a guest's setDoc on products rejects with permission-denied and writes nothing", async () => {
    await withSdkPage(async (page) => {
      const id = 'e2e-sdk-guest-write';
      const write = await settleInPage(
        page,
        (id: string) => window.sdk.setDoc(window.sdk.doc(window.db, 'products', id), { slug: id, name: 'Guest write' }),
        id,
      );
      expect(write.error).toEqual(PERMISSION_DENIED);
      const read = await settleInPage(page, async (id: string) => (await window.sdk.getDoc(window.sdk.doc(window.db, 'products', id))).exists(), id);
      expect(read).toEqual({ value: false });
    });
  });

  test("a guest's query on users rejects with permission-denied", async () => {
    await withSdkPage(async (page) => {
      const result = await settleInPage(page, () => window.sdk.getDocs(window.sdk.collection(window.db, 'users')).then((snap) => snap.size));
      expect(result.error).toEqual(PERMISSION_DENIED);
    });
  });

  // A console write as firestore.rules require it: updatedAt = the server time and its audit entry in the same commit.
  // Handed to the page as source text, so it takes the SDK and the database as arguments.
  const auditedUpdate = (tx: Transaction, sdk: Window['sdk'], db: Firestore, id: string, changes: Record<string, unknown>, uid: string) => {
    const entry = sdk.doc(sdk.collection(db, 'productAudit'));
    tx.update(sdk.doc(db, 'products', id), { ...changes, updatedAt: sdk.serverTimestamp(), auditId: entry.id });
    tx.set(entry, {
      productId: id,
      slug: id,
      action: 'update',
      uid,
      email: 'admin@sbc-tycoon.test',
      at: sdk.serverTimestamp(),
      before: null,
      after: changes,
      changedFields: Object.keys(changes),
    });
  };
  type AuditedUpdate = typeof auditedUpdate;

  test('a signed-in admin runTransaction reads and updates a product field with its audit entry (restored afterwards)', async () => {
    await withSdkPage(async (page) => {
      await signInSdk(page, demoAccount('admin'));
      const readType = () =>
        settleInPage(page, async (id: string) => (await window.sdk.getDoc(window.sdk.doc(window.db, 'products', id))).get('type') as string, LEATHER_HANDBAG_ID);
      const before = await readType();
      expect(typeof before.value, JSON.stringify(before)).toBe('string');
      try {
        const transaction = await settleInPage(
          page,
          ([id, write]: [string, string]) => {
            const { sdk, db, auth } = window;
            const ref = sdk.doc(db, 'products', id);
            return sdk.runTransaction(db, async (tx) => {
              const type = (await tx.get(ref)).get('type');
              (new Function(`return ${write}`)() as AuditedUpdate)(tx, sdk, db, id, { type: `${type} (e2e)` }, auth.currentUser?.uid ?? '');
              return type as string;
            });
          },
          [LEATHER_HANDBAG_ID, auditedUpdate.toString()],
        );
        expect(transaction, 'the transaction read the stored value').toEqual({ value: before.value });
        expect(await readType()).toEqual({ value: `${before.value} (e2e)` });
      } finally {
        // Leave the data as the run found it, whatever failed above.
        const restore = await settleInPage(
          page,
          ([id, type, write]: [string, string, string]) =>
            window.sdk.runTransaction(window.db, async (tx) =>
              (new Function(`return ${write}`)() as AuditedUpdate)(tx, window.sdk, window.db, id, { type }, window.auth.currentUser?.uid ?? ''),
            ),
          [LEATHER_HANDBAG_ID, before.value ?? '', auditedUpdate.toString()],
        );
        expect(restore.error, JSON.stringify(restore.error)).toBeUndefined();
      }
      expect(await readType()).toEqual(before);
    });
  });
});
