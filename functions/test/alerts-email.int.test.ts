/**
 * E-mail alerts against the running emulators (`npm run test:integration -- --testPathPatterns alerts-email`): a
 * player (the real SDK and firestore.rules) turns on e-mail alerts; the function refuses them while the account's
 * address is not verified, then accepts them with that address; an alert on an item with a hostile name fires on a
 * market update and the stack's mail catcher (SBC_MAIL_DIR) receives one e-mail, to that address only, with the name
 * escaped in the HTML; the reads stay the evaluation's (no secret read for an e-mail); "Send a test" arrives too.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, setLogLevel, type Firestore } from 'firebase/firestore/lite';
import { EMAIL_NOT_VERIFIED } from '@sbc/domain';
import { commitDocuments, deleteDocuments, markEmailVerified, signUp } from '../../local-backend/src/accounts';
import { readableMail, readCaughtMail } from '../../local-backend/src/stack/mail-catcher';
import { createAlertHooksGateway } from '../../shared/src/data/alert-hooks';
import type { AlertHook, AlertHooksGateway } from '../../shared/src/data/alert-hooks-items';
import { createWatchlistGateway } from '../../shared/src/data/watchlist';
import { emulator, firestoreUrl, marketUpdate, productReadsOfOneUpdate, testProduct, until } from './alert-stack';

jest.setTimeout(120_000);
setLogLevel('silent');

const authUrl = process.env.SBC_AUTH_URL ?? 'http://127.0.0.1:9099';
const mailDir = process.env.SBC_MAIL_DIR ?? '';
const PROJECT_ID = 'demo-sbc-tycoon';
const run = Date.now().toString(36);
const EMAIL = `email-alerts-${run}@players.test`;
const PRODUCT = `email_int_${run}`;
const SLUG = `email-int-${run}`;
const HOSTILE = `<img src=x onerror=alert(1)> "Lamp" & Co ${run}`;

let uid = '';
let app: FirebaseApp;
let db: Firestore;
let hooks: AlertHooksGateway;

const product = (price: number) => testProduct(SLUG, `Email Lamp ${run}`, price);

const marketUpdateTo = (price: number) => marketUpdate(`products/${PRODUCT}`, product(price));

/** The e-mails the stack's catcher kept for this test's player, oldest first. */
const mailsToPlayer = async () => readCaughtMail(mailDir).map((m) => readableMail(m.raw)).filter((text) => text.includes(`To: ${EMAIL}`));
const slotOf = (slot: 'hook1' | 'hook2') => () => hooks.getAlertHook(uid, slot) as Promise<AlertHook>;

beforeAll(async () => {
  if (!mailDir) throw new Error('SBC_MAIL_DIR is not set: run through `npm run test:integration`');
  uid = (await signUp(authUrl, { email: EMAIL, password: 'email-alerts-1', displayName: 'Email Player' })).uid;
  await commitDocuments(firestoreUrl.origin, [
    { path: `users/${uid}`, data: { uid, email: EMAIL, displayName: 'Email Player', isAdmin: false, createdAt: new Date(), lastLoginAt: new Date() } },
    { path: `products/${PRODUCT}`, data: product(100) },
  ]);
  app = initializeApp({ projectId: PROJECT_ID, apiKey: 'fake-api-key' }, `email-int-${run}`);
  db = getFirestore(app);
  connectFirestoreEmulator(db, firestoreUrl.hostname, Number(firestoreUrl.port), { mockUserToken: { sub: uid, user_id: uid, email: EMAIL } });
  hooks = createAlertHooksGateway(db, { emailAlerts: true });
});

afterAll(async () => {
  await deleteDocuments(firestoreUrl.origin, [`products/${PRODUCT}`, `alertIndex/product_${PRODUCT}`, `users/${uid}/alertHooks/hook1`, `users/${uid}/alertHooks/hook2`, `users/${uid}/watchlist/product_${PRODUCT}`]).catch(() => {});
  await deleteApp(app);
});

describe("a player's alert reaches their own e-mail address on a market update", () => {
  it('refused while the account address is not verified, with the reason', async () => {
    await hooks.addEmailAlerts?.(uid, 'hook1');
    const hook = await until('the check', slotOf('hook1'), (h) => h.status !== 'pending');
    expect(hook).toMatchObject({ channel: 'email', status: 'refused', message: EMAIL_NOT_VERIFIED, address: null });
    await hooks.removeAlertHook(uid, 'hook1', 'email');
    expect(await hooks.getAlertHook(uid, 'hook1')).toBeNull();
  });

  it('once verified: active, to the account address', async () => {
    await markEmailVerified(authUrl, uid);
    await hooks.addEmailAlerts?.(uid, 'hook2');
    const hook = await until('the check', slotOf('hook2'), (h) => h.status !== 'pending');
    expect(hook).toMatchObject({ channel: 'email', status: 'active', message: null, address: EMAIL });
  });

  it('a market update that fires the alert: one e-mail, to that address, the item name escaped; bounded reads', async () => {
    const watchlist = createWatchlistGateway(db);
    await watchlist.addWatchItem(uid, { kind: 'product', ref: PRODUCT, slug: SLUG, name: HOSTILE, seen: null });
    await watchlist.updateWatchItems(uid, [{ id: `product_${PRODUCT}`, alert: { metric: 'price', direction: 'above', threshold: 120, fired: false } }]);
    await until(
      'the index entry',
      () => emulator<{ documents: Array<{ path: string }> }>('export'),
      (e) => e.documents.some((d) => d.path === `alertIndex/product_${PRODUCT}`),
    );
    await emulator('counters/reset', 'POST');
    await marketUpdateTo(135);
    const [mail] = await until('the e-mail', mailsToPlayer, (mails) => mails.length >= 1);
    expect(mail).toContain(`To: ${EMAIL}`);
    expect(mail).toContain('From: SBC Tycoon <alerts@sbc-tycoon.test>');
    expect(mail).toMatch(/Subject: SBC Tycoon: 1 alert fired on the market update of \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(mail).toContain(`- ${HOSTILE}: Price above 120 · now 135.00 SBC`);
    expect(mail).toContain(`/products/${SLUG}`);
    expect(mail).toContain(`&lt;img src=x onerror=alert(1)&gt; &quot;Lamp&quot; &amp; Co ${run}</a>: Price above 120 · now 135.00 SBC`);
    // Plain text shows the name as typed; the HTML part only escaped.
    expect(mail.slice(mail.indexOf('Content-Type: text/html'))).not.toContain('<img src=x');
    const { reads, writes } = await until('the delivery state', () => emulator<{ reads: Record<string, number>; writes: Record<string, number> }>('counters'), (c) => (c.writes.alertHooks ?? 0) >= 1);
    expect(reads).toMatchObject({ alertIndex: 1, alertHooks: 1 });
    expect(await productReadsOfOneUpdate(1)).toContain(reads.products);
    expect(reads.alertHookSecrets ?? 0).toBe(0);
    expect(writes).toMatchObject({ alertIndex: 1, alertHooks: 1 });
    expect((await slotOf('hook2')()).failures).toBe(0);
  });

  it('no second e-mail while the price stays above', async () => {
    const before = (await mailsToPlayer()).length;
    await marketUpdateTo(140);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await mailsToPlayer()).length).toBe(before);
  });

  it('"Send a test" arrives at the same address', async () => {
    const before = (await mailsToPlayer()).length;
    await hooks.requestAlertHookTest(uid, 'hook2');
    const hook = await until('the test result', slotOf('hook2'), (h) => h.lastTest !== null);
    expect(hook.lastTest).toMatchObject({ ok: true, text: `Sent to ${EMAIL}: the mail server accepted it` });
    const mails = await mailsToPlayer();
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)).toContain('Subject: SBC Tycoon: test of your e-mail alerts');
  });
});
