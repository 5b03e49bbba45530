/**
 * E-mail alerts (docs/alert-webhooks.md#e-mail-alerts), the function's code against a real SMTP server started here
 * (the local stack's catcher, smtp-server): one e-mail per market update per player to their own verified account
 * address, listing the fired alerts with hostile item names only as text; the provider's refusals retried or not;
 * disabled with a message after repeated failures; e-mail not configured; the destination's check and test.
 */
import { DISABLE_AFTER_FAILED_DELIVERIES, EMAIL_ALERTS_NOT_AVAILABLE, EMAIL_NOT_VERIFIED, type HookDeliveryState } from '@sbc/domain';
import { readableMail, startMailCatcher, type MailCatcher } from '../../local-backend/src/stack/mail-catcher';
import type { AttemptOutcome } from '../src/alerts/deliver';
import { evaluateMarketUpdate } from '../src/alerts/evaluate';
import { onHookWritten } from '../src/alerts/hooks';
import { sendMailOnce, type AccountAddress } from '../src/alerts/mail';
import type { StoredHook } from '../src/alerts/store';
import { countingStore, marketOf } from './alert-store-fake';

const FROM = 'SBC Tycoon <alerts@sbc.example>';
const at = new Date('2026-11-27T10:00:00Z');
const active: HookDeliveryState = { status: 'active', failures: 0, message: null };

let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher();
});
afterAll(() => catcher.stop());
beforeEach(() => {
  catcher.messages.length = 0;
  catcher.refuseNext(0, 0);
});

const config = () => ({ siteOrigin: 'https://sbc.example', backoffScale: 0, timeoutMs: 2_000, allowLoopbackHttp: false, email: { smtpUrl: catcher.url, from: FROM } });
const emailHook = (uid: string, slot = 'hook2'): StoredHook => ({ uid, slot, url: '', state: active, channel: 'email' });
/** Every player's account: player<N>@players.example, verified. */
const accounts = async (uid: string): Promise<AccountAddress | null> => ({ email: `${uid}@players.example`, verified: true });

describe('sendMailOnce against a local SMTP server', () => {
  it('sends plain text and HTML from the configured sender to the address given', async () => {
    const outcome = await sendMailOnce({ smtpUrl: catcher.url, from: FROM, timeoutMs: 2_000 }, 'p@players.example', { subject: 'S', text: 'T', html: '<p>H</p>' });
    expect(outcome).toEqual({ ok: true, status: 250 });
    expect(catcher.messages).toHaveLength(1);
    expect(catcher.messages[0]).toMatchObject({ to: ['p@players.example'], from: 'alerts@sbc.example' });
    expect(catcher.messages[0].raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(catcher.messages[0].raw).toMatch(/Auto-Submitted: auto-generated/);
  });

  it.each<[string, number, boolean]>([
    ['a permanent refusal (550) is not retried', 550, true],
    ['a temporary refusal (451) is retried', 451, false],
  ])('%s', async (_, code, permanent) => {
    catcher.refuseNext(1, code);
    const outcome = await sendMailOnce({ smtpUrl: catcher.url, from: FROM, timeoutMs: 2_000 }, 'p@players.example', { subject: 'S', text: 'T', html: 'H' });
    expect(outcome).toEqual({ ok: false, failure: { mail: `SMTP ${code}`, permanent } });
  });

  it('a mail server that is down: could not connect', async () => {
    const down = await startMailCatcher();
    await down.stop();
    const outcome = await sendMailOnce({ smtpUrl: down.url, from: FROM, timeoutMs: 2_000 }, 'p@players.example', { subject: 'S', text: 'T', html: 'H' });
    expect(outcome).toEqual({ ok: false, failure: { mail: 'could not connect to it', permanent: false } });
  });
});

describe('evaluateMarketUpdate with e-mail destinations', () => {
  it('one e-mail per player and update, to their account address, listing their fired alerts; the same reads', async () => {
    // 2 items × 2 players: player0 and player2 fire (threshold 50), player1 and player3 do not.
    const market = marketOf(2, 2, () => false);
    market.items[0].doc.name = '<script>alert("x")</script> & Co';
    market.hooks.set('player0', [emailHook('player0')]);
    market.hooks.set('player2', [{ uid: 'player2', slot: 'hook1', url: 'https://hooks.example/x', state: active }, emailHook('player2', 'hook3')]);
    const { store, cost, states } = countingStore(market.items, market.figures, market.hooks);
    const post = jest.fn(async (): Promise<AttemptOutcome> => ({ ok: true, status: 204 }));
    const summary = await evaluateMarketUpdate({ store, config: config(), post, accountAddress: accounts }, at);
    expect(summary.deliveries.map((d) => [d.uid, d.slot, d.ok])).toEqual(expect.arrayContaining([['player0', 'hook2', true], ['player2', 'hook1', true], ['player2', 'hook3', true]]));
    expect(post).toHaveBeenCalledTimes(1);
    // Index 2 + items 2, player0: destinations 1, player2: destinations 2 + 1 secret (the e-mail has none).
    expect(cost).toEqual({ reads: 2 + 2 + 1 + 2 + 1, writes: 2 + 3 });
    expect(catcher.messages.map((m) => m.to)).toEqual(expect.arrayContaining([['player0@players.example'], ['player2@players.example']]));
    expect(catcher.messages).toHaveLength(2);
    const mail = readableMail(catcher.messages.find((m) => m.to[0] === 'player0@players.example')!.raw);
    expect(mail).toContain('Subject: SBC Tycoon: 1 alert fired on the market update of 2026-11-27 10:00 UTC');
    expect(mail).toContain('- <script>alert("x")</script> & Co: Price above 50 · now 100.00 SBC\r\n  https://sbc.example/products/product-0');
    expect(mail).toContain('<a href="https://sbc.example/products/product-0">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co</a>: Price above 50 · now 100.00 SBC');
    expect(mail).not.toMatch(/<a [^>]*><script>/);
    expect(states.get('player0/hook2')).toEqual(active);
  });

  it('an unverified account address gets nothing, and the failure counts', async () => {
    const market = marketOf(1, 1, () => false);
    market.hooks.set('player0', [emailHook('player0')]);
    const { store, states } = countingStore(market.items, market.figures, market.hooks);
    await evaluateMarketUpdate({ store, config: config(), accountAddress: async () => ({ email: 'p@players.example', verified: false }) }, at);
    expect(catcher.messages).toHaveLength(0);
    expect(states.get('player0/hook2')).toEqual({ status: 'active', failures: 1, message: `Last delivery failed: ${EMAIL_NOT_VERIFIED}` });
  });

  it('e-mail no longer configured: nothing sent, the failure counts', async () => {
    const market = marketOf(1, 1, () => false);
    market.hooks.set('player0', [emailHook('player0')]);
    const { store, states } = countingStore(market.items, market.figures, market.hooks);
    await evaluateMarketUpdate({ store, config: { ...config(), email: null }, accountAddress: accounts }, at);
    expect(states.get('player0/hook2')).toMatchObject({ failures: 1, message: `Last delivery failed: ${EMAIL_ALERTS_NOT_AVAILABLE}` });
  });

  it(`a failing provider: each delivery retried, disabled with a message after ${DISABLE_AFTER_FAILED_DELIVERIES}, then nothing`, async () => {
    const market = marketOf(1, 1, () => false);
    market.hooks.set('player0', [emailHook('player0')]);
    const { store, states } = countingStore(market.items, market.figures, market.hooks);
    const slept: number[] = [];
    catcher.refuseNext(4 * DISABLE_AFTER_FAILED_DELIVERIES, 421, 'Try again later');
    for (let update = 0; update < DISABLE_AFTER_FAILED_DELIVERIES; update++) {
      market.items[0].doc.alerts.player0.fired = false;
      await evaluateMarketUpdate({ store, config: { ...config(), backoffScale: 1 }, accountAddress: accounts, sleep: async (ms) => void slept.push(ms) }, at);
    }
    expect(slept).toEqual([1000, 4000, 16000, 1000, 4000, 16000, 1000, 4000, 16000]);
    expect(catcher.messages).toHaveLength(0);
    expect(states.get('player0/hook2')).toEqual({
      status: 'disabled',
      failures: 3,
      message: 'Disabled on 2026-11-27 10:00 UTC after 3 failed deliveries in a row (last: the mail server did not take it (SMTP 421)). Remove e-mail alerts and add them again to retry.',
    });
    market.items[0].doc.alerts.player0.fired = false;
    await evaluateMarketUpdate({ store, config: config(), accountAddress: accounts }, at);
    expect(catcher.messages).toHaveLength(0);
  });
});

describe('onHookWritten for an e-mail destination', () => {
  const stamp = (ms: number) => ({ toMillis: () => ms });
  const pending = { channel: 'email', status: 'pending' };
  const run = (check: () => Promise<{ problem: string } | { address: string }>) => {
    const updates: Array<Record<string, unknown>> = [];
    const deps = {
      policy: {},
      urlProblem: jest.fn(async () => null),
      secret: jest.fn(async () => null),
      post: jest.fn(),
      emailCheck: check,
      sendMail: (to: string, mail: Parameters<typeof sendMailOnce>[2]) => sendMailOnce({ smtpUrl: catcher.url, from: FROM, timeoutMs: 2_000 }, to, mail),
      update: async (fields: Record<string, unknown>) => void updates.push(fields),
    };
    return { deps, updates };
  };

  it('configured and verified: active, with the address it sends to; its test e-mail arrives there', async () => {
    const { deps, updates } = run(async () => ({ address: 'p@players.example' }));
    expect(await onHookWritten(null, pending, deps, at)).toBe('checked');
    expect(updates[0]).toEqual({ status: 'active', message: null, address: 'p@players.example', failures: 0, checkedAt: at });
    const activeDoc = { ...pending, status: 'active', address: 'p@players.example' };
    expect(await onHookWritten(activeDoc, { ...activeDoc, testRequestedAt: stamp(1) }, deps, at)).toBe('tested');
    expect(updates[1]).toEqual({ lastTest: { at, ok: true, text: 'Sent to p@players.example: the mail server accepted it' } });
    expect(catcher.messages.map((m) => m.to)).toEqual([['p@players.example']]);
    expect(deps.urlProblem).not.toHaveBeenCalled();
    expect(deps.post).not.toHaveBeenCalled();
  });

  it.each([EMAIL_ALERTS_NOT_AVAILABLE, EMAIL_NOT_VERIFIED])('refused with the reason: %s', async (problem) => {
    const { deps, updates } = run(async () => ({ problem }));
    await onHookWritten(null, pending, deps, at);
    expect(updates).toEqual([{ status: 'refused', message: problem, failures: 0, checkedAt: at }]);
  });

  it('a test the mail server refuses says so', async () => {
    const { deps, updates } = run(async () => ({ address: 'p@players.example' }));
    catcher.refuseNext(1, 550, 'No such user');
    const doc = { ...pending, status: 'active' };
    await onHookWritten(doc, { ...doc, testRequestedAt: stamp(2) }, deps, at);
    expect(updates).toEqual([{ lastTest: { at, ok: false, text: 'Not sent: the mail server did not take it (SMTP 550)' } }]);
  });
});
