// Alerts that reach a closed app (issue 37, docs/alert-webhooks.md): a new player adds a webhook that points at a
// receiver this journey runs (http://127.0.0.1, allowed by the stack's emulator-only setting), copies its secret,
// presses "Send a test" and the receiver gets a signed test message; a URL that is not allowed is refused with its
// reason and kept in the field; the player sets an alert, the market advances as `npm run market:advance` moves it
// (the stack's advance), and the receiver gets the signed alert message from the Cloud Function, the site closed.
// The market documents are put back at the end and the player removes the webhook and the watched item.
// E-mail alerts (docs/alert-webhooks.md#e-mail-alerts) ride along: turned on while the account's address is not
// verified, they are refused with the reason; once it is verified (the Auth emulator's verification, as the link in a
// verification e-mail would) they become Active to that address, and the same market update's e-mail reaches the
// stack's mail catcher, which keeps it in its folder (stack().mailDir).
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { type EMAIL_NOT_VERIFIED, EMAIL_VERIFY, emailVerificationSent } from '../../domain/src/alert-hooks/email';
import type { HOOK_URL_NOT_HTTPS } from '../../domain/src/alert-hooks/webhooks';
import { followVerificationLink } from '../../local-backend/src/accounts/auth-emulator';
import { readableMail, readCaughtMail } from '../../local-backend/src/stack/mail-catcher';
import type { EMAIL_HEADING, EMAIL_NAME, EMAIL_TURN_ON, WEBHOOKS_HEADING } from '../../public-site/src/features/watchlist/components/AlertWebhooks';
import { paths } from '../../shared/src/paths';
import { withBrowser } from '../lib/browser';
import { expectHeading, signIn, watchItem } from '../lib/flows';
import { advanceMarket, firestoreExport, restoreDocuments, site, stack } from '../lib/stack';
import { test } from '../lib/test';

const NOT_HTTPS = 'Only https:// webhook URLs are allowed' satisfies typeof HOOK_URL_NOT_HTTPS;
const NOT_VERIFIED =
  "Your account's e-mail address is not verified: e-mail alerts go only to a verified address. Verify it, then remove e-mail alerts and add them again." satisfies typeof EMAIL_NOT_VERIFIED;
const TURN_ON = 'Turn on e-mail alerts' satisfies typeof EMAIL_TURN_ON;
const MARKET_DOCUMENT = /^(products|materials|marketStats|marketMaterialStats|gameParameters)\//;

interface Delivery {
  headers: IncomingMessage['headers'];
  body: string;
}

let receiver: Server;
let receiverUrl = '';
const deliveries: Delivery[] = [];
let savedMarket: Awaited<ReturnType<typeof firestoreExport>>['documents'] = [];

test.beforeAll(async () => {
  savedMarket = (await firestoreExport()).documents.filter((d) => MARKET_DOCUMENT.test(d.path));
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/sbc-alerts`;
});

test.afterAll(async () => {
  // The other journeys find the demo economy as it was (an import fires no trigger).
  if (savedMarket.length > 0) await restoreDocuments(savedMarket);
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** What a receiver checks (docs/alert-webhooks.md#verifying-a-delivery), written here as a receiver would. */
function signedBy(secret: string, delivery: Delivery): boolean {
  const timestamp = String(delivery.headers['x-sbc-timestamp']);
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex')}`;
  return delivery.headers['x-sbc-signature'] === expected;
}

async function register(email: string, password: string): Promise<void> {
  const response = await fetch(stack().urls.register, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: new URL(site()).origin },
    body: JSON.stringify({ email, password, displayName: 'Webhook Player' }),
  });
  expect(response.status, await response.text()).toBe(200);
}

test.describe('alert-webhooks', () => {
  test('a player adds a webhook, tests it, turns on e-mail alerts, and gets a signed alert and an e-mail when the market moves', async () => {
    test.setTimeout(180_000);
    const email = `hooks-${Date.now().toString(36)}@sbc-tycoon.test`;
    const password = 'hooks-demo-1';
    await register(email, password);
    await withBrowser({ contextOptions: { serviceWorkers: 'block' } }, async ({ page, pageErrors }) => {
      await signIn(page, { email, password });
      await page.getByRole('button', { name: /account menu/ }).waitFor();

      await page.goto(site(paths.product('solar-panel')));
      await expectHeading(page, 'Solar Panel');
      await watchItem(page, 'Solar Panel');

      await page.goto(site(paths.watchlist));
      await expectHeading(page, 'Watchlist');
      const webhooks = page.getByRole('region', { name: 'Webhooks: when the site is closed' satisfies typeof WEBHOOKS_HEADING });

      // A URL that is not allowed: the reason, and the text stays.
      const urlField = webhooks.getByLabel('Webhook URL');
      await urlField.fill('http://example.com/hook');
      await webhooks.getByRole('button', { name: 'Add webhook' }).click();
      await expect(webhooks.getByRole('alert')).toHaveText(NOT_HTTPS);
      await expect(urlField).toHaveValue('http://example.com/hook');

      // The journey's receiver: added, its secret shown once, checked by the function, then Active.
      await urlField.fill(receiverUrl);
      await webhooks.getByLabel('Name (optional)').fill('Journey receiver');
      await webhooks.getByRole('button', { name: 'Add webhook' }).click();
      const secret = await webhooks.getByLabel('Webhook secret').inputValue();
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      const list = webhooks.getByRole('list', { name: 'Your webhooks' });
      await expect(list.getByText('Active', { exact: true })).toBeVisible({ timeout: 30_000 });
      await webhooks.getByRole('button', { name: 'I have copied it' }).click();
      await expect(webhooks.getByLabel('Webhook secret')).toHaveCount(0);

      // "Send a test": the receiver gets a signed test message, and the page says what it answered.
      await webhooks.getByRole('button', { name: 'Send a test' }).click();
      await expect(webhooks.getByRole('status')).toHaveText('Delivered: the receiver answered HTTP 204', { timeout: 20_000 });
      const testDelivery = deliveries.at(-1)!;
      expect(JSON.parse(testDelivery.body).sbc.type).toBe('test');
      expect(signedBy(secret, testDelivery), 'the test message is signed with the secret').toBe(true);
      expect(signedBy('0'.repeat(64), testDelivery)).toBe(false);

      // E-mail alerts: refused while the account's address is not verified, with the reason; then verified, removed and
      // turned on again: Active, to the account's own address (the page never asks for one).
      const emailGroup = webhooks.getByRole('group', { name: 'E-mail' satisfies typeof EMAIL_HEADING });
      await emailGroup.getByRole('button', { name: TURN_ON }).click();
      const emailItem = list.getByRole('listitem').filter({ has: page.getByText('E-mail alerts' satisfies typeof EMAIL_NAME, { exact: true }) });
      await expect(emailItem.getByRole('alert')).toHaveText(NOT_VERIFIED, { timeout: 30_000 });
      await expect(emailItem.getByText('Refused', { exact: true })).toBeVisible();
      // The player asks for the verification e-mail and follows its link (the Auth emulator keeps the link).
      await emailItem.getByRole('button', { name: EMAIL_VERIFY }).click();
      await expect(webhooks.getByRole('status')).toHaveText(emailVerificationSent(email));
      await followVerificationLink(stack().urls.auth, email);
      await emailItem.getByRole('button', { name: 'Remove E-mail alerts' }).click();
      await expect(emailItem).toHaveCount(0);
      await emailGroup.getByRole('button', { name: TURN_ON }).click();
      await expect(emailItem.getByText('Active', { exact: true })).toBeVisible({ timeout: 30_000 });
      await expect(emailItem.getByText(`To ${email}`)).toBeVisible();
      const mailsBefore = readCaughtMail(stack().mailDir).length;

      // An alert the next market update crosses whatever the new price.
      const table = page.getByRole('table');
      await table.getByRole('button', { name: 'Set alert for Solar Panel' }).click();
      const alertForm = page.getByRole('form', { name: 'Alert for Solar Panel' });
      await alertForm.getByLabel('When it goes').selectOption('below');
      await alertForm.getByLabel('Threshold').fill('1000000');
      await alertForm.getByRole('button', { name: 'Save alert' }).click();
      await table.getByText('Price below 1000000').waitFor();

      // The site closes; the market moves (the stack's advance, as `npm run market:advance`).
      await page.goto('about:blank');
      const before = deliveries.length;
      await advanceMarket();
      await expect.poll(() => deliveries.length, { timeout: 60_000, message: 'the alert message arrives' }).toBeGreaterThan(before);
      const alert = deliveries.at(-1)!;
      expect(signedBy(secret, alert), 'the alert message is signed with the secret').toBe(true);
      const message = JSON.parse(alert.body);
      expect(message.sbc.type).toBe('alerts');
      expect(message.content).toMatch(/^SBC Tycoon alert: Solar Panel: Price below 1000000 · now [\d,.]+ SBC \(http:\/\/[^)]+\/products\/solar-panel\)$/);
      expect(message.text).toBe(message.content);

      // The e-mail: one, to the player's own address, listing the fired alert with the item's link.
      const mailsToPlayer = () => readCaughtMail(stack().mailDir).slice(mailsBefore).map((m) => readableMail(m.raw)).filter((text) => text.includes(`To: ${email}`));
      await expect.poll(() => mailsToPlayer().length, { timeout: 60_000, message: 'the alert e-mail arrives' }).toBe(1);
      const mail = mailsToPlayer()[0];
      expect(mail).toMatch(/Subject: SBC Tycoon: 1 alert fired on the market update of \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
      expect(mail).toMatch(/- Solar Panel: Price below 1000000 · now [\d,.]+ SBC\r\n {2}http:\/\/[^\s]+\/products\/solar-panel\r\n/);
      expect(mail).toMatch(/<a href="http:\/\/[^"]+\/products\/solar-panel">Solar Panel<\/a>: Price below 1000000/);

      // The player tidies up: the webhook and the watched item go.
      await page.goto(site(paths.watchlist));
      await list.getByRole('button', { name: 'Remove E-mail alerts' }).click();
      await expect(emailItem).toHaveCount(0);
      await list.getByRole('button', { name: 'Remove Journey receiver' }).click();
      await expect(list).toHaveCount(0);
      await page.getByRole('table').getByRole('button', { name: 'Watch Solar Panel' }).click();
      expect(pageErrors).toEqual([]);
    });
  });
});
