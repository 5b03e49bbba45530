import type { TelemetryDelta } from '@sbc/domain';
import { createTelemetry } from '../src/telemetry';

const ORIGIN = 'https://sbc.example';
const NOW = Date.parse('2026-11-27T08:15:00Z');
const RELEASE = '20261127-080000-abc1234';

/** A report as the shell's reporter sends it (shell/src/features/telemetry/reporter.ts). */
function report(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    v: 1,
    page: 'publicSite',
    route: '/products/:slug',
    device: 'phone',
    releases: { shell: RELEASE, publicSite: RELEASE, adminConsole: null },
    rate: 1,
    view: true,
    vitals: [{ name: 'LCP', value: 1234 }, { name: 'CLS', value: 0.02 }],
    errors: [{ app: 'publicSite', kind: 'error', message: 'Boom at https://x.test/?q=1', count: 2 }],
    ...over,
  };
}

function setup(rateLimit?: string) {
  const written: TelemetryDelta[][] = [];
  const handler = createTelemetry({
    store: { add: async (deltas) => void written.push(deltas) },
    allowedOrigins: [ORIGIN],
    rateLimit,
    now: () => NOW,
    log: () => {},
  });
  const send = (body: unknown, { method = 'POST', origin = ORIGIN as string | null, type = 'text/plain;charset=UTF-8', client = '203.0.113.7' } = {}) =>
    handler.handle({
      method,
      headers: { origin: origin ?? undefined, 'content-type': type },
      body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
      client,
    });
  return { written, send };
}

describe('a valid report', () => {
  it('is a 204 and adds up per app: the view and vitals to the shell and the page app, each error to its app', async () => {
    const { written, send } = setup();
    const answer = await send(report());
    expect(answer.status).toBe(204);
    expect(written).toHaveLength(1);
    const [shell, publicSite] = written[0];
    expect(shell).toMatchObject({ app: 'shell', release: RELEASE, hour: '2026112708', pageViews: 1, errors: [] });
    expect(shell.vitals).toEqual([
      { name: 'LCP', device: 'phone', value: 1234, weight: 1 },
      { name: 'CLS', device: 'phone', value: 0.02, weight: 1 },
    ]);
    expect(publicSite).toMatchObject({ app: 'publicSite', release: RELEASE, pageViews: 1 });
    // Normalised again by the endpoint: no URL, no query string is stored.
    expect(publicSite.errors).toEqual([{ kind: 'error', route: '/products/:slug', message: 'Boom at <url>', count: 2 }]);
  });

  it('a sampled page weighs 1 / rate; its errors weigh 1', async () => {
    const { written, send } = setup();
    await send(report({ rate: 0.25 }));
    expect(written[0][1].pageViews).toBe(4);
    expect(written[0][1].vitals[0].weight).toBe(4);
    expect(written[0][1].errors[0].count).toBe(2);
  });

  it.each([
    ['null', null],
    ['a local build', 'local'],
    ['a path', '../users/alice'],
    ['a slash', 'a/b'],
    ['a path up', 'a..b'],
    ['the word unknown itself', 'unknown'],
  ])('a release id that is %s is counted as unknown, never used as a name', async (_name, id) => {
    const { written, send } = setup();
    expect((await send(report({ releases: { shell: id, publicSite: RELEASE, adminConsole: null } }))).status).toBe(204);
    expect(written[0][0]).toMatchObject({ app: 'shell', release: 'unknown' });
  });

  it('an admin page counts for the shell and the admin console; a report with nothing in it writes nothing', async () => {
    const { written, send } = setup();
    await send(report({ page: 'adminConsole', errors: [] }));
    expect(written[0].map((d) => `${d.app} ${d.release}`)).toEqual([`shell ${RELEASE}`, 'adminConsole unknown']);
    expect((await send(report({ view: false, vitals: [], errors: [] }))).status).toBe(204);
    expect(written).toHaveLength(1);
  });
});

describe('refused with a 4xx, nothing written', () => {
  it.each<[string, unknown, Record<string, unknown>, number, string]>([
    ['GET', report(), { method: 'GET' }, 405, 'method_not_allowed'],
    ['no Origin (not a browser page)', report(), { origin: null }, 403, 'forbidden_origin'],
    ['another site', report(), { origin: 'https://evil.example' }, 403, 'forbidden_origin'],
    ['a form post', report(), { type: 'application/x-www-form-urlencoded' }, 415, 'unsupported_media_type'],
    ['over 8 KB', report({ errors: [{ app: 'shell', kind: 'error', message: 'x'.repeat(9000), count: 1 }] }), {}, 413, 'too_large'],
    ['not JSON', '{"v":1,', {}, 400, 'invalid_json'],
    ['a JSON array', [report()], {}, 400, 'invalid_report'],
    ['an unknown field (a URL)', report({ url: 'https://sbc.example/products/x?email=a@b.c' }), {}, 400, 'invalid_report'],
    ['an unknown field in an error (a stack)', report({ errors: [{ app: 'shell', kind: 'error', message: 'x', count: 1, stack: 'at …' }] }), {}, 400, 'invalid_report'],
    ['a user id', report({ uid: 'alice' }), {}, 400, 'invalid_report'],
    ['a path with a query instead of a route', report({ route: '/products/x?ref=mail' }), {}, 400, 'invalid_report'],
    ['an unknown app', report({ page: 'billing' }), {}, 400, 'invalid_report'],
    ['an unknown error kind', report({ errors: [{ app: 'shell', kind: 'panic', message: 'x', count: 1 }] }), {}, 400, 'invalid_report'],
    ['an error counted 1000 times', report({ errors: [{ app: 'shell', kind: 'error', message: 'x', count: 1000 }] }), {}, 400, 'invalid_report'],
    ['21 errors', report({ errors: Array.from({ length: 21 }, (_, i) => ({ app: 'shell', kind: 'error', message: `e${i}`, count: 1 })) }), {}, 400, 'invalid_report'],
    ['a negative LCP', report({ vitals: [{ name: 'LCP', value: -1 }] }), {}, 400, 'invalid_report'],
    ['LCP twice', report({ vitals: [{ name: 'LCP', value: 1 }, { name: 'LCP', value: 2 }] }), {}, 400, 'invalid_report'],
    ['a forged sample rate (one report worth a million views)', report({ rate: 0.000001 }), {}, 400, 'invalid_report'],
    ['an unknown device', report({ device: 'fridge' }), {}, 400, 'invalid_report'],
    ['another version', report({ v: 2 }), {}, 400, 'invalid_report'],
  ])('%s → %s', async (_name, body, options, status, code) => {
    const { written, send } = setup();
    const answer = await send(body, options);
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body).error.code).toBe(code);
    expect(answer.headers['Cache-Control']).toBe('no-store');
    expect(written).toEqual([]);
  });

  it('a flood from one client is a 429 with Retry-After past the limit; another client still reports', async () => {
    const { written, send } = setup('3/60');
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await send(report())).status);
    expect(statuses).toEqual([204, 204, 204, 429, 429]);
    const refused = await send(report());
    expect(refused.headers['Retry-After']).toBe('60');
    expect(written).toHaveLength(3);
    expect((await send(report(), { client: '198.51.100.1' })).status).toBe(204);
  });

  it('a store that fails is a 503, not a 500', async () => {
    const handler = createTelemetry({ store: { add: () => Promise.reject(new Error('down')) }, allowedOrigins: [ORIGIN], log: () => {} });
    const answer = await handler.handle({ method: 'POST', headers: { origin: ORIGIN, 'content-type': 'text/plain' }, body: Buffer.from(JSON.stringify(report())), client: 'c' });
    expect(answer.status).toBe(503);
  });
});
