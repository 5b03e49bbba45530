/**
 * The alert webhooks' function code without the emulators: signing and a receiver's check, one attempt against a real
 * local receiver (answers, errors, a hang, a name whose DNS answer is private), retries with backoff, the evaluation of
 * a market update with a counting fake store (reads bounded by the items with alerts, not the players), and the
 * webhook trigger (URL check, "Send a test").
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  backoffSchedule,
  DISABLE_AFTER_FAILED_DELIVERIES,
  HOOK_URL_NOT_HTTPS,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
} from '@sbc/domain';
import { deliverWithRetries, hookUrlProblem, postOnce, type AttemptOutcome } from '../src/alerts/deliver';
import { evaluateMarketUpdate } from '../src/alerts/evaluate';
import { onHookWritten } from '../src/alerts/hooks';
import { signatureOf, signedHeaders, verifyDelivery } from '../src/alerts/signature';
import { countingStore, marketOf, SECRET } from './alert-store-fake';


describe('signing a delivery, and the receiver\'s check', () => {
  const body = '{"content":"hi"}';
  const at = new Date('2026-11-27T10:00:00Z');
  const headers = signedHeaders(SECRET, body, at);
  const ts = 1795773600;

  it('sends the timestamp and sha256=<HMAC of "timestamp.body">', () => {
    expect(headers[TIMESTAMP_HEADER]).toBe(String(ts));
    // Known answer, computed independently: printf '%s' '1795773600.{"content":"hi"}' | openssl dgst -sha256 -hmac <secret>
    expect(headers[SIGNATURE_HEADER]).toBe('sha256=833cdff488feec45bf30fa4cd73b52c5d2087b910ea38ecc8a8c2e30c848c8ea');
    expect(signatureOf(SECRET, ts, body)).toBe(headers[SIGNATURE_HEADER]);
  });

  it.each<[string, { timestamp?: string; signature?: string }, string, string, number, boolean]>([
    ['the delivery as sent', { timestamp: String(ts), signature: headers[SIGNATURE_HEADER] }, SECRET, body, ts + 10, true],
    ['a changed body', { timestamp: String(ts), signature: headers[SIGNATURE_HEADER] }, SECRET, '{"content":"hi!"}', ts, false],
    ['another secret', { timestamp: String(ts), signature: headers[SIGNATURE_HEADER] }, 'cd'.repeat(32), body, ts, false],
    ['a replay 6 minutes later', { timestamp: String(ts), signature: headers[SIGNATURE_HEADER] }, SECRET, body, ts + 360, false],
    ['a timestamp moved forward (signature no longer matches)', { timestamp: String(ts + 300), signature: headers[SIGNATURE_HEADER] }, SECRET, body, ts + 300, false],
    ['no signature', { timestamp: String(ts) }, SECRET, body, ts, false],
    ['no timestamp', { signature: headers[SIGNATURE_HEADER] }, SECRET, body, ts, false],
  ])('%s → %s', (_, given, secret, raw, now, expected) => {
    expect(verifyDelivery(secret, given, raw, now)).toBe(expected);
  });
});

describe('one attempt against a local receiver', () => {
  let server: Server;
  let base: string;
  let answer: (req: IncomingMessage, res: ServerResponse, body: string) => void = (_req, res) => res.end();
  const received: Array<{ headers: IncomingMessage['headers']; body: string }> = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        answer(req, res, body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  const policy = { allowLoopbackHttp: true };

  it('posts the body with its headers; 2xx is a success', async () => {
    answer = (_req, res) => res.writeHead(204).end();
    const outcome = await postOnce(`${base}/hook`, '{"a":1}', { [SIGNATURE_HEADER]: 'sha256=x' }, { timeoutMs: 2000, policy });
    expect(outcome).toEqual({ ok: true, status: 204 });
    const last = received.at(-1)!;
    expect(last.body).toBe('{"a":1}');
    expect(last.headers['content-type']).toBe('application/json');
    expect(last.headers['x-sbc-signature']).toBe('sha256=x');
  });

  it('an HTTP error is a failure with its status', async () => {
    answer = (_req, res) => res.writeHead(503).end();
    expect(await postOnce(`${base}/hook`, '{}', {}, { timeoutMs: 2000, policy })).toEqual({ ok: false, failure: { status: 503 } });
  });

  it('a redirect is not followed (it could lead anywhere)', async () => {
    answer = (_req, res) => res.writeHead(307, { Location: 'http://169.254.169.254/' }).end();
    expect(await postOnce(`${base}/hook`, '{}', {}, { timeoutMs: 2000, policy })).toEqual({ ok: false, failure: { status: 307 } });
  });

  it('a receiver that hangs is abandoned at the time limit', async () => {
    answer = () => {};
    const started = Date.now();
    expect(await postOnce(`${base}/hook`, '{}', {}, { timeoutMs: 300, policy })).toEqual({ ok: false, failure: { timeoutMs: 300 } });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a receiver that is down', async () => {
    const outcome = await postOnce('http://127.0.0.1:9/hook', '{}', {}, { timeoutMs: 2000, policy });
    expect(outcome).toEqual({ ok: false, failure: { error: 'ECONNREFUSED' } });
  });

  it('without the emulator setting, loopback is refused before any connection', async () => {
    const before = received.length;
    expect(await postOnce(`${base}/hook`, '{}', {}, { timeoutMs: 2000, policy: {} })).toEqual({ ok: false, failure: { error: HOOK_URL_NOT_HTTPS } });
    expect(received.length).toBe(before);
  });

});

describe('hookUrlProblem: the text, then every DNS answer', () => {
  const dns = (answers: Record<string, string[]>) => async (host: string) => answers[host] ?? [];
  it.each<[string, Record<string, string[]>, string | null]>([
    ['https://hooks.example.com/x', { 'hooks.example.com': ['93.184.215.14'] }, null],
    ['https://hooks.example.com/x', { 'hooks.example.com': ['93.184.215.14', '192.168.1.20'] }, 'The host hooks.example.com points to a private network: only public internet addresses are allowed'],
    ['https://rebind.example.com/x', { 'rebind.example.com': ['169.254.169.254'] }, "The host rebind.example.com points to a cloud provider's metadata service: only public internet addresses are allowed"],
    ['https://six.example.com/x', { 'six.example.com': ['::1'] }, 'The host six.example.com points to this machine (loopback): only public internet addresses are allowed'],
    ['https://gone.example.com/x', {}, 'The host gone.example.com was not found (no DNS answer): check the URL'],
    ['https://93.184.215.14/x', {}, null],
    ['http://hooks.example.com/x', { 'hooks.example.com': ['93.184.215.14'] }, HOOK_URL_NOT_HTTPS],
  ])('%s with DNS %j', async (url, answers, expected) => {
    expect(await hookUrlProblem(url, {}, dns(answers))).toBe(expected);
  });
});

describe('deliverWithRetries: backoff, then give up', () => {
  const outcomes = (...list: AttemptOutcome[]) => {
    const queue = [...list];
    return jest.fn(async () => queue.shift() ?? ({ ok: false, failure: { status: 500 } } as AttemptOutcome));
  };
  const fail500: AttemptOutcome = { ok: false, failure: { status: 500 } };

  it.each<[string, AttemptOutcome[], number[], { ok: boolean; attempts: number; reason?: string }]>([
    ['first attempt succeeds: no wait', [{ ok: true, status: 200 }], [], { ok: true, attempts: 1 }],
    ['succeeds on the third: waits 1 s then 4 s', [fail500, { ok: false, failure: { timeoutMs: 5000 } }, { ok: true, status: 200 }], [1000, 4000], { ok: true, attempts: 3 }],
    ['fails every time: 4 attempts, waits 1, 4, 16 s', [], [1000, 4000, 16000], { ok: false, attempts: 4, reason: 'the receiver answered HTTP 500' }],
    ['a 404 is not retried', [{ ok: false, failure: { status: 404 } }], [], { ok: false, attempts: 1, reason: 'the receiver answered HTTP 404' }],
    ['a 429 is retried', [{ ok: false, failure: { status: 429 } }, { ok: true, status: 200 }], [1000], { ok: true, attempts: 2 }],
  ])('%s', async (_, list, waits, expected) => {
    const slept: number[] = [];
    const result = await deliverWithRetries(outcomes(...list), backoffSchedule(), async (ms) => void slept.push(ms));
    expect(result).toEqual(expected);
    expect(slept).toEqual(waits);
  });
});

const config = { siteOrigin: 'https://sbc.example', backoffScale: 0, timeoutMs: 1000, allowLoopbackHttp: false };

describe('evaluateMarketUpdate: bounded reads, signed deliveries, disabled after repeated failures', () => {
  it('reads the index and its items once, whatever the number of players; delivers once per player', async () => {
    const market = marketOf(3, 4, () => true);
    const { store, cost, saved } = countingStore(market.items, market.figures, market.hooks);
    const posts: Array<{ url: string; body: string; headers: Record<string, string> }> = [];
    const post = async (url: string, body: string, headers: Record<string, string>): Promise<AttemptOutcome> => {
      posts.push({ url, body, headers });
      return { ok: true, status: 200 };
    };
    const summary = await evaluateMarketUpdate({ store, config, post }, new Date('2026-11-27T10:00:00Z'));
    // 3 index documents + 3 items; 6 players fired (2 per item) → 6 × (1 hook + 1 secret).
    expect(summary).toMatchObject({ items: 3, indexWrites: 3, fired: 6, players: 6 });
    expect(cost).toEqual({ reads: 3 + 3 + 6 * 2, writes: 3 + 6 });
    expect(saved.every((s) => Object.values(s.alerts).filter((a) => a.fired).length === 2)).toBe(true);
    expect(posts).toHaveLength(6);
    for (const post of posts) {
      expect(verifyDelivery(SECRET, { timestamp: post.headers[TIMESTAMP_HEADER], signature: post.headers[SIGNATURE_HEADER] }, post.body, Math.floor(Date.now() / 1000))).toBe(true);
      expect(JSON.parse(post.body).content).toMatch(/^SBC Tycoon alert: Product \d: Price above 50 · now 100\.00 SBC \(https:\/\/sbc\.example\/products\/product-\d\)$/);
    }
  });

  it('a second delivery of the same update sends nothing again (the fired state is saved first)', async () => {
    const market = marketOf(2, 2, () => true);
    const { store } = countingStore(market.items, market.figures, market.hooks);
    const post = jest.fn(async () => ({ ok: true, status: 200 }) as AttemptOutcome);
    await evaluateMarketUpdate({ store, config, post }, new Date());
    // What the store saved is what the next evaluation reads.
    const saved = market.items.map((i) => ({ ...i, doc: { ...i.doc, alerts: Object.fromEntries(Object.entries(i.doc.alerts).map(([u, a]) => [u, { ...a, fired: a.threshold === 50 }])) } }));
    const again = countingStore(saved, market.figures, market.hooks);
    const summary = await evaluateMarketUpdate({ store: again.store, config, post }, new Date());
    expect(summary.fired).toBe(0);
    expect(post).toHaveBeenCalledTimes(2);
    expect(again.cost.writes).toBe(0);
  });

  it('players without a webhook cost one read each and receive nothing', async () => {
    const market = marketOf(2, 2, () => false);
    const { store, cost } = countingStore(market.items, market.figures, market.hooks);
    const post = jest.fn();
    await evaluateMarketUpdate({ store, config, post }, new Date());
    expect(post).not.toHaveBeenCalled();
    expect(cost.reads).toBe(2 + 2 + 2);
  });

  it(`a failing receiver: retried with backoff, then disabled with a message after ${DISABLE_AFTER_FAILED_DELIVERIES} failed deliveries`, async () => {
    const market = marketOf(1, 1, () => true);
    const { store, states } = countingStore(market.items, market.figures, market.hooks);
    const post = jest.fn(async () => ({ ok: false, failure: { status: 500 } }) as AttemptOutcome);
    const slept: number[] = [];
    for (let update = 0; update < DISABLE_AFTER_FAILED_DELIVERIES; update++) {
      // Re-arm between updates so each update fires again.
      market.items[0].doc.alerts.player0.fired = false;
      await evaluateMarketUpdate({ store, config: { ...config, backoffScale: 1 }, post, sleep: async (ms) => void slept.push(ms) }, new Date('2026-11-27T10:00:00Z'));
    }
    expect(post).toHaveBeenCalledTimes(4 * DISABLE_AFTER_FAILED_DELIVERIES);
    expect(slept).toEqual([1000, 4000, 16000, 1000, 4000, 16000, 1000, 4000, 16000]);
    expect(states.get('player0/hook1')).toEqual({
      status: 'disabled',
      failures: 3,
      message: 'Disabled on 2026-11-27 10:00 UTC after 3 failed deliveries in a row (last: the receiver answered HTTP 500). Fix the receiver, then remove this webhook and add it again.',
    });
    // Disabled: the next update delivers nothing.
    market.items[0].doc.alerts.player0.fired = false;
    await evaluateMarketUpdate({ store, config, post }, new Date());
    expect(post).toHaveBeenCalledTimes(4 * DISABLE_AFTER_FAILED_DELIVERIES);
  });
});

describe('onHookWritten: the URL check and "Send a test"', () => {
  const stamp = (ms: number) => ({ toMillis: () => ms });
  const deps = (over: Partial<Parameters<typeof onHookWritten>[2]> = {}) => {
    const updates: Array<Record<string, unknown>> = [];
    const posts: Array<{ url: string; body: string; headers: Record<string, string> }> = [];
    return {
      updates,
      posts,
      deps: {
        policy: {},
        urlProblem: async () => null,
        secret: async () => SECRET,
        post: async (url: string, body: string, headers: Record<string, string>): Promise<AttemptOutcome> => {
          posts.push({ url, body, headers });
          return { ok: true, status: 200 };
        },
        update: async (fields: Record<string, unknown>) => void updates.push(fields),
        ...over,
      },
    };
  };
  const now = new Date('2026-11-27T10:00:00Z');
  const pending = { url: 'https://hooks.example.com/x', status: 'pending' };

  it('a new webhook whose addresses are public becomes active', async () => {
    const d = deps();
    expect(await onHookWritten(null, pending, d.deps, now)).toBe('checked');
    expect(d.updates).toEqual([{ status: 'active', message: null, failures: 0, checkedAt: now }]);
  });

  it('a new webhook whose name resolves to a private address is refused with the reason', async () => {
    const d = deps({ urlProblem: async () => 'The host hooks.example.com points to a private network: only public internet addresses are allowed' });
    await onHookWritten(null, pending, d.deps, now);
    expect(d.updates[0]).toMatchObject({ status: 'refused', message: 'The host hooks.example.com points to a private network: only public internet addresses are allowed' });
  });

  it('its own writes do nothing', async () => {
    const d = deps();
    expect(await onHookWritten(pending, { ...pending, status: 'active' }, d.deps, now)).toBe('nothing');
    expect(await onHookWritten({ ...pending, status: 'active', testRequestedAt: stamp(1) }, { ...pending, status: 'active', testRequestedAt: stamp(1), lastTest: {} }, d.deps, now)).toBe('nothing');
    expect(d.updates).toEqual([]);
  });

  it('"Send a test" posts one signed test message and records the outcome', async () => {
    const d = deps();
    await onHookWritten({ ...pending, status: 'active' }, { ...pending, status: 'active', testRequestedAt: stamp(5) }, d.deps, now);
    expect(d.posts).toHaveLength(1);
    expect(verifyDelivery(SECRET, { timestamp: d.posts[0].headers[TIMESTAMP_HEADER], signature: d.posts[0].headers[SIGNATURE_HEADER] }, d.posts[0].body, now.getTime() / 1000)).toBe(true);
    expect(JSON.parse(d.posts[0].body).sbc.type).toBe('test');
    expect(d.updates).toEqual([{ lastTest: { at: now, ok: true, text: 'Delivered: the receiver answered HTTP 200' } }]);
  });

  it('a test to a receiver that hangs says so', async () => {
    const d = deps({ post: async () => ({ ok: false, failure: { timeoutMs: 5000 } }) });
    await onHookWritten({ ...pending, status: 'active' }, { ...pending, status: 'active', testRequestedAt: stamp(5) }, d.deps, now);
    expect(d.updates).toEqual([{ lastTest: { at: now, ok: false, text: 'Not delivered: no answer within 5 s' } }]);
  });
});

describe('guardedLookup: the DNS answer is checked when the connection is made', () => {
  it.each<[string, boolean, string | null]>([
    ['localhost', false, 'The host localhost points to this machine (loopback): only public internet addresses are allowed'],
    ['localhost', true, null],
  ])('%s (loopback allowed: %s)', async (host, allowLoopbackHttp, expected) => {
    const { guardedLookup } = await import('../src/alerts/deliver');
    const error = await new Promise<Error | null>((resolve) => guardedLookup({ allowLoopbackHttp })(host, {}, (e) => resolve(e)));
    expect(error?.message ?? null).toBe(expected);
  });
});
