/**
 * Alerts that reach a closed app, against the running emulators (`npm run test:integration -- alerts`): a player
 * (through the real SDK and firestore.rules, as the watchlist page writes) sets an alert and adds a webhook pointing at
 * a receiver in this process; the functions check the webhook, keep the alerts-by-item index, and on a market update
 * (gameParameters/gameStats written last) evaluate with bounded reads and post a signed message; a failing receiver
 * gets its retries and is disabled with a message after repeated failures; "Send a test" reaches the receiver.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, doc, getDoc, getFirestore, setLogLevel, type Firestore } from 'firebase/firestore/lite';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DISABLE_AFTER_FAILED_DELIVERIES, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '@sbc/domain';
import { commitDocuments, deleteDocuments } from '../../local-backend/src/accounts/firestore-admin';
import { createAlertHooksGateway } from '../../shared/src/data/alert-hooks';
import type { AlertHook, AlertHooksGateway } from '../../shared/src/data/alert-hooks-items';
import { createWatchlistGateway } from '../../shared/src/data/watchlist';
import { verifyDelivery } from '../src/alerts/signature';
import { emulator, firestoreUrl, marketUpdate, productReadsOfOneUpdate, testProduct, until } from './alert-stack';

jest.setTimeout(120_000);
setLogLevel('silent');

const PROJECT_ID = 'demo-sbc-tycoon';
const run = Date.now().toString(36);
const PLAYER = `alerts-player-${run}`;
const PRODUCT = `alerts_int_${run}`;
const SLUG = `alerts-int-${run}`;
const SECRET = '5e'.repeat(32);

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
let answer: (res: ServerResponse) => void = (res) => res.writeHead(200).end('ok');
let app: FirebaseApp;
let db: Firestore;
let hooks: AlertHooksGateway;

const product = (price: number) => testProduct(SLUG, `Alerts Lamp ${run}`, price);

const marketUpdateTo = (price: number) => marketUpdate(`products/${PRODUCT}`, product(price));

/** The server's fired state of the player's alert in the index (read with the emulator's admin export, uncounted). */
type RestValue = { mapValue?: { fields?: Record<string, RestValue> }; booleanValue?: boolean };
async function indexFired(): Promise<boolean | undefined> {
  const exported = await emulator<{ documents: Array<{ path: string; fields: Record<string, RestValue> }> }>('export');
  const entry = exported.documents.find((d) => d.path === `alertIndex/product_${PRODUCT}`)?.fields.alerts?.mapValue?.fields?.[PLAYER];
  return entry?.mapValue?.fields?.fired?.booleanValue;
}

/** Back under the threshold: waits until the evaluation has re-armed the alert (updates are 30 minutes apart in the game). */
async function rearm(): Promise<void> {
  await marketUpdateTo(100);
  await until('the alert re-armed', indexFired, (fired) => fired === false);
}

const hookOf = () => hooks.getAlertHook(PLAYER, 'hook1') as Promise<AlertHook>;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/sbc-hook`;
  await commitDocuments(firestoreUrl.origin, [
    { path: `users/${PLAYER}`, data: { uid: PLAYER, email: `${PLAYER}@example.com`, displayName: 'Alerts', isAdmin: false, createdAt: new Date(), lastLoginAt: new Date() } },
    { path: `products/${PRODUCT}`, data: product(100) },
  ]);
  app = initializeApp({ projectId: PROJECT_ID, apiKey: 'fake-api-key' }, `alerts-int-${run}`);
  db = getFirestore(app);
  connectFirestoreEmulator(db, firestoreUrl.hostname, Number(firestoreUrl.port), { mockUserToken: { sub: PLAYER, user_id: PLAYER, email: `${PLAYER}@example.com` } });
  hooks = createAlertHooksGateway(db);
});

afterAll(async () => {
  await deleteDocuments(firestoreUrl.origin, [`products/${PRODUCT}`, `alertIndex/product_${PRODUCT}`, `users/${PLAYER}/alertHooks/hook1`, `alertHookSecrets/${PLAYER}_hook1`]).catch(() => {});
  await deleteApp(app);
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('a player\'s alert reaches their webhook on a market update', () => {
  it('the webhook is checked and becomes active; its secret is not readable back', async () => {
    await hooks.addAlertHook(PLAYER, 'hook1', { url: receiverUrl, label: 'Local receiver' }, SECRET);
    const hook = await until('the URL check', hookOf, (h) => h.status !== 'pending');
    expect(hook).toMatchObject({ status: 'active', message: null, url: receiverUrl });
    await expect(getDoc(doc(db, 'alertHookSecrets', `${PLAYER}_hook1`))).rejects.toThrow(/permission/i);
  });

  it('setting an alert puts it in the alerts-by-item index', async () => {
    const watchlist = createWatchlistGateway(db);
    await watchlist.addWatchItem(PLAYER, { kind: 'product', ref: PRODUCT, slug: SLUG, name: `Alerts Lamp ${run}`, seen: null });
    await watchlist.updateWatchItems(PLAYER, [{ id: `product_${PRODUCT}`, alert: { metric: 'price', direction: 'above', threshold: 120, fired: false } }]);
    const exported = await until(
      'the index entry',
      () => emulator<{ documents: Array<{ path: string }> }>('export'),
      (e) => e.documents.some((d) => d.path === `alertIndex/product_${PRODUCT}`),
    );
    expect(exported.documents.filter((d) => d.path.startsWith('alertIndex/'))).toHaveLength(1);
  });

  it('a market update that crosses it: one signed POST, with bounded reads', async () => {
    await emulator('counters/reset', 'POST');
    const before = received.length;
    await marketUpdateTo(135);
    await until('the delivery', async () => received.length, (n) => n > before);
    const delivery = received.at(-1)!;
    const now = Math.floor(Date.now() / 1000);
    expect(verifyDelivery(SECRET, { timestamp: String(delivery.headers[TIMESTAMP_HEADER.toLowerCase()]), signature: String(delivery.headers[SIGNATURE_HEADER.toLowerCase()]) }, delivery.body, now)).toBe(true);
    expect(verifyDelivery('00'.repeat(32), { timestamp: String(delivery.headers[TIMESTAMP_HEADER.toLowerCase()]), signature: String(delivery.headers[SIGNATURE_HEADER.toLowerCase()]) }, delivery.body, now)).toBe(false);
    const message = JSON.parse(delivery.body);
    expect(message.content).toBe(`SBC Tycoon alert: Alerts Lamp ${run}: Price above 120 · now 135.00 SBC (${message.sbc.alerts[0].url})`);
    expect(message.text).toBe(message.content);
    expect(message.sbc.alerts[0]).toMatchObject({ ref: PRODUCT, value: 135, threshold: 120 });
    const { reads, writes } = await until('the delivery state', () => emulator<{ reads: Record<string, number>; writes: Record<string, number> }>('counters'), (c) => (c.writes.alertHooks ?? 0) >= 1);
    // The index (1 item with an alert), that item, the player's active webhooks and their secret: nothing per player
    // beyond the one whose alert fired.
    expect(reads).toMatchObject({ alertIndex: 1, alertHooks: 1, alertHookSecrets: 1 });
    expect(await productReadsOfOneUpdate(1)).toContain(reads.products);
    expect(writes).toMatchObject({ alertIndex: 1, alertHooks: 1 });
  });

  it('the same alert does not fire again while the price stays above', async () => {
    const before = received.length;
    await marketUpdateTo(140);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(received.length).toBe(before);
  });

  it('"Send a test" reaches the receiver, signed', async () => {
    const before = received.length;
    await hooks.requestAlertHookTest(PLAYER, 'hook1');
    const hook = await until('the test result', hookOf, (h) => h.lastTest !== null);
    expect(hook.lastTest).toMatchObject({ ok: true, text: 'Delivered: the receiver answered HTTP 200' });
    expect(received.length).toBe(before + 1);
    expect(JSON.parse(received.at(-1)!.body).sbc.type).toBe('test');
  });

  it('"Send a test" to a receiver that hangs: the page is told, within the time limit', async () => {
    answer = () => {};
    const started = Date.now();
    const before = (await hookOf()).lastTest?.at?.getTime() ?? 0;
    await hooks.requestAlertHookTest(PLAYER, 'hook1');
    const hook = await until('the test result', hookOf, (h) => (h.lastTest?.at?.getTime() ?? 0) > before);
    // The stack's time limit is 1.5 s (ALERT_HOOKS_TIMEOUT_MS).
    expect(hook.lastTest).toMatchObject({ ok: false, text: 'Not delivered: no answer within 1.5 s' });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(hook.status).toBe('active');
    expect(hook.failures).toBe(0);
  });

  it(`a failing receiver: retried, then disabled with a message after ${DISABLE_AFTER_FAILED_DELIVERIES} failed deliveries`, async () => {
    answer = (res) => res.writeHead(500).end('down');
    for (let i = 0; i < DISABLE_AFTER_FAILED_DELIVERIES; i++) {
      // Back under the threshold (re-arms), then above again (fires): one delivery per crossing.
      await rearm();
      const before = received.length;
      await marketUpdateTo(150 + i);
      // The first attempt and three retries.
      await until(`delivery ${i + 1}'s attempts`, async () => received.length, (n) => n >= before + 4);
      await until(`delivery ${i + 1}'s state`, hookOf, (h) => h.failures === i + 1);
    }
    const hook = await hookOf();
    expect(hook.status).toBe('disabled');
    expect(hook.message).toMatch(/^Disabled on .* after 3 failed deliveries in a row \(last: the receiver answered HTTP 500\)\. Fix the receiver, then remove this webhook and add it again\.$/);
    // Disabled: the next crossing posts nothing.
    answer = (res) => res.writeHead(200).end('ok');
    await rearm();
    const before = received.length;
    await marketUpdateTo(160);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(received.length).toBe(before);
  });

  it('the player cannot put the webhook back to active themselves', async () => {
    const { updateDoc } = await import('firebase/firestore/lite');
    await expect(updateDoc(doc(db, 'users', PLAYER, 'alertHooks', 'hook1'), { status: 'active', failures: 0 })).rejects.toThrow(/permission/i);
  });
});

describe('only players with a webhook are in the index', () => {
  const indexed = async () => (await emulator<{ documents: Array<{ path: string }> }>('export')).documents.some((d) => d.path === `alertIndex/product_${PRODUCT}`);

  it('removing the last webhook takes the player\'s alerts out; adding one puts them back', async () => {
    await hooks.removeAlertHook(PLAYER, 'hook1');
    await until('the index emptied', indexed, (present) => !present);
    await hooks.addAlertHook(PLAYER, 'hook1', { url: receiverUrl, label: '' }, SECRET);
    await until('the index filled again', indexed, (present) => present);
  });
});

describe('a webhook URL that is not allowed', () => {
  it('an address the text check allows but the function refuses is marked refused with the reason, and kept to be removed', async () => {
    await hooks.removeAlertHook(PLAYER, 'hook1');
    // https to loopback: the emulator setting opens loopback receivers but the check still resolves names; a name
    // with no DNS answer is refused with its message.
    await hooks.addAlertHook(PLAYER, 'hook1', { url: 'https://no-such-host.invalid/hook', label: '' }, SECRET);
    const hook = await until('the URL check', hookOf, (h) => h.status !== 'pending');
    expect(hook).toMatchObject({ status: 'refused', message: 'The host no-such-host.invalid was not found (no DNS answer): check the URL' });
  });
});
