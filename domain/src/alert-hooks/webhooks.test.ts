import {
  afterDelivery,
  attemptFailureText,
  backoffSchedule,
  checkHookLabel,
  checkHookUrl,
  DISABLE_AFTER_FAILED_DELIVERIES,
  freeHookSlot,
  HOOK_LABEL_TOO_LONG,
  HOOK_URL_CREDENTIALS,
  HOOK_URL_INVALID,
  HOOK_URL_NOT_HTTPS,
  HOOK_URL_PORT,
  HOOK_URL_REQUIRED,
  HOOK_URL_TOO_LONG,
  HOOKS_FULL,
  hookHostNotFound,
  isFreshTimestamp,
  resolvedAddressesProblem,
  signedText,
  type HookDeliveryState,
} from './webhooks';

const urlResult = (input: string, allowLoopbackHttp = false) => {
  const result = checkHookUrl(input, { allowLoopbackHttp });
  return 'error' in result ? result.error : `ok ${result.host}${result.literal ? ' (literal)' : ''}`;
};

describe('checkHookUrl: the text of a webhook URL', () => {
  it.each<[string, string]>([
    ['https://discord.com/api/webhooks/1/abc', 'ok discord.com'],
    ['  https://hooks.slack.com/services/T/B/x  ', 'ok hooks.slack.com'],
    ['https://example.com:443/x', 'ok example.com'],
    ['https://93.184.215.14/hook', 'ok 93.184.215.14 (literal)'],
    ['https://[2606:4700:4700::1111]/hook', 'ok 2606:4700:4700::1111 (literal)'],
    ['', HOOK_URL_REQUIRED],
    ['discord.com/api', HOOK_URL_INVALID],
    [`https://example.com/${'a'.repeat(500)}`, HOOK_URL_TOO_LONG],
    ['http://example.com/hook', HOOK_URL_NOT_HTTPS],
    ['ftp://example.com/hook', HOOK_URL_NOT_HTTPS],
    ['https://user:pw@example.com/hook', HOOK_URL_CREDENTIALS],
    ['https://example.com:8443/hook', HOOK_URL_PORT],
    ['https://localhost/hook', 'The host localhost points to a private network: only public internet addresses are allowed'],
    ['https://printer.local/hook', 'The host printer.local points to a private network: only public internet addresses are allowed'],
    ['https://metadata.google.internal/x', 'The host metadata.google.internal points to a private network: only public internet addresses are allowed'],
    ['https://intranet/hook', 'The host intranet points to a private network: only public internet addresses are allowed'],
    ['https://127.0.0.1/hook', "The webhook's address points to this machine (loopback): only public internet addresses are allowed"],
    ['https://10.0.0.8/hook', "The webhook's address points to a private network: only public internet addresses are allowed"],
    ['https://169.254.169.254/latest/meta-data', "The webhook's address points to a cloud provider's metadata service: only public internet addresses are allowed"],
    ['https://[::1]/hook', "The webhook's address points to this machine (loopback): only public internet addresses are allowed"],
    ['https://[fe80::1]/hook', "The webhook's address points to a link-local address: only public internet addresses are allowed"],
    ['https://[::ffff:192.168.0.1]/hook', "The webhook's address points to a private network: only public internet addresses are allowed"],
    // The URL parser's own normalisations do not open a way around the rules.
    ['https://0x7f000001/hook', "The webhook's address points to this machine (loopback): only public internet addresses are allowed"],
    ['https://2130706433/hook', "The webhook's address points to this machine (loopback): only public internet addresses are allowed"],
    ['https://127.1/hook', "The webhook's address points to this machine (loopback): only public internet addresses are allowed"],
  ])('%s → %s', (input, expected) => {
    expect(urlResult(input)).toBe(expected);
  });

  it.each<[string, string]>([
    ['http://127.0.0.1:4567/hook', 'ok 127.0.0.1 (literal)'],
    ['http://[::1]:4567/hook', 'ok ::1 (literal)'],
    ['http://localhost:4567/hook', HOOK_URL_NOT_HTTPS],
    ['http://10.0.0.1:4567/hook', HOOK_URL_NOT_HTTPS],
    ['http://example.com/hook', HOOK_URL_NOT_HTTPS],
  ])('emulator setting (loopback http allowed): %s → %s', (input, expected) => {
    expect(urlResult(input, true)).toBe(expected);
  });
});

describe('resolvedAddressesProblem: every DNS answer must be public', () => {
  it.each<[string[], boolean, string | null]>([
    [['93.184.215.14'], false, null],
    [['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'], false, null],
    [['93.184.215.14', '10.0.0.5'], false, 'The host hooks.example points to a private network: only public internet addresses are allowed'],
    [['127.0.0.1'], false, 'The host hooks.example points to this machine (loopback): only public internet addresses are allowed'],
    [['::1'], false, 'The host hooks.example points to this machine (loopback): only public internet addresses are allowed'],
    [['::ffff:169.254.169.254'], false, "The host hooks.example points to a cloud provider's metadata service: only public internet addresses are allowed"],
    [['fd00::1'], false, 'The host hooks.example points to a private network: only public internet addresses are allowed'],
    [['127.0.0.1'], true, null],
    [['10.0.0.5'], true, 'The host hooks.example points to a private network: only public internet addresses are allowed'],
    [[], false, hookHostNotFound('hooks.example')],
  ])('%j (loopback allowed: %s)', (addresses, allowLoopbackHttp, expected) => {
    expect(resolvedAddressesProblem('hooks.example', addresses, { allowLoopbackHttp })).toBe(expected);
  });
});

describe('caps and the label', () => {
  it.each<[string[], string]>([
    [[], 'hook1'],
    [['hook1'], 'hook2'],
    [['hook2'], 'hook1'],
    [['hook1', 'hook3'], 'hook2'],
    [['hook1', 'hook2', 'hook3'], HOOKS_FULL],
  ])('used %j → %s', (used, expected) => {
    const result = freeHookSlot(used);
    expect('slot' in result ? result.slot : result.error).toBe(expected);
  });

  it('a label up to 60 characters, trimmed', () => {
    expect(checkHookLabel('  My Discord  ')).toEqual({ value: 'My Discord' });
    expect(checkHookLabel('x'.repeat(61))).toEqual({ error: HOOK_LABEL_TOO_LONG });
  });
});

describe('backoffSchedule: the waits before the retries of one delivery', () => {
  it.each<[number | undefined, number[]]>([
    [undefined, [1000, 4000, 16000]],
    [0.01, [10, 40, 160]],
    [0, [0, 0, 0]],
  ])('scale %s → %j', (scale, expected) => {
    expect(backoffSchedule(scale)).toEqual(expected);
  });
});

describe('afterDelivery: disabled after repeated failures, with a message', () => {
  const at = new Date('2026-11-27T10:00:00Z');
  const active = (failures: number): HookDeliveryState => ({ status: 'active', failures, message: null });
  const fail = { ok: false as const, reason: 'the receiver answered HTTP 500' };
  it.each<[string, HookDeliveryState, { ok: true } | typeof fail, HookDeliveryState]>([
    ['success keeps it active', active(0), { ok: true }, active(0)],
    ['success resets the count', active(2), { ok: true }, active(0)],
    ['first failure', active(0), fail, { status: 'active', failures: 1, message: 'Last delivery failed: the receiver answered HTTP 500' }],
    ['second failure', active(1), fail, { status: 'active', failures: 2, message: 'Last delivery failed: the receiver answered HTTP 500' }],
    [
      'third failure in a row disables it',
      active(2),
      fail,
      {
        status: 'disabled',
        failures: 3,
        message:
          'Disabled on 2026-11-27 10:00 UTC after 3 failed deliveries in a row (last: the receiver answered HTTP 500). Fix the receiver, then remove this webhook and add it again.',
      },
    ],
    ['a disabled webhook stays so', { status: 'disabled', failures: 3, message: 'x' }, { ok: true }, { status: 'disabled', failures: 3, message: 'x' }],
  ])('%s', (_, state, outcome, expected) => {
    expect(afterDelivery(state, outcome, at)).toEqual(expected);
  });

  it(`disables at exactly ${DISABLE_AFTER_FAILED_DELIVERIES} failures`, () => {
    let state = active(0);
    const statuses: string[] = [];
    for (let i = 0; i < DISABLE_AFTER_FAILED_DELIVERIES; i++) {
      state = afterDelivery(state, fail, at);
      statuses.push(state.status);
    }
    expect(statuses).toEqual(['active', 'active', 'disabled']);
  });
});

describe('attempt failures and signatures', () => {
  it.each<[Parameters<typeof attemptFailureText>[0], string]>([
    [{ status: 503 }, 'the receiver answered HTTP 503'],
    [{ timeoutMs: 5000 }, 'no answer within 5 s'],
    [{ error: 'ECONNREFUSED' }, 'could not connect (ECONNREFUSED)'],
  ])('%j → %s', (outcome, expected) => {
    expect(attemptFailureText(outcome)).toBe(expected);
  });

  it('the signature covers the timestamp and the body', () => {
    expect(signedText(1764237600, '{"a":1}')).toBe('1764237600.{"a":1}');
  });

  it.each<[number, number, boolean]>([
    [1000, 1000, true],
    [1000, 1300, true],
    [1000, 1301, false],
    [1301, 1000, false],
    [1000.5, 1000, false],
  ])('timestamp %s at %s fresh: %s', (timestamp, now, expected) => {
    expect(isFreshTimestamp(timestamp, now)).toBe(expected);
  });
});
