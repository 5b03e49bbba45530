import { REGISTER_NAME_MAX_LENGTH, REGISTER_PASSWORD_MAX_LENGTH } from '@sbc/domain';
import { corsHeaders, parseAllowedOrigins } from '../src/cors';
import { DEFAULT_RATE_LIMIT, FixedWindowRateLimit, parseRateLimit } from '../src/rate-limit';
import { handleRegister, LIMITS, MESSAGES, type RegisterDeps, tooManyRegistrationsMessage, type UserProfile } from '../src/register';

function fakeDeps(overrides: Partial<RegisterDeps> = {}) {
  const written: UserProfile[] = [];
  const deleted: string[] = [];
  const deps: RegisterDeps = {
    createAuthUser: async ({ email }) => ({ uid: 'uid-1', email: email.toLowerCase() }),
    writeUserDoc: async (profile) => {
      written.push(profile);
    },
    deleteAuthUser: async (uid) => {
      deleted.push(uid);
    },
    log: () => undefined,
    ...overrides,
  };
  return { deps, written, deleted };
}

const valid = { email: 'Ada@Example.com', password: 'secret1', displayName: '  Ada Lovelace  ' };

function authError(code: string) {
  return Object.assign(new Error(code), { code });
}

describe('registerUser handler', () => {
  it('creates the auth user, writes the profile with the trimmed name and answers success with the uid', async () => {
    const { deps, written } = fakeDeps();
    const response = await handleRegister({ method: 'POST', contentType: 'application/json', body: valid }, deps);
    expect(response).toEqual({ status: 200, body: { success: true, uid: 'uid-1' } });
    expect(written).toEqual([{ uid: 'uid-1', email: 'ada@example.com', displayName: 'Ada Lovelace' }]);
  });

  it.each([
    ['a JSON string', JSON.stringify(valid)],
    ['raw bytes (text/plain body)', Buffer.from(JSON.stringify(valid))],
  ])('accepts the body as %s', async (_label, body) => {
    const { deps } = fakeDeps();
    const response = await handleRegister({ method: 'POST', contentType: 'application/json', body }, deps);
    expect(response.body).toEqual({ success: true, uid: 'uid-1' });
  });

  it.each(['GET', 'PUT', 'DELETE', 'PATCH'])('answers %s with 405 and an Allow header', async (method) => {
    const { deps, written } = fakeDeps();
    const response = await handleRegister({ method, body: valid }, deps);
    expect(response).toEqual({
      status: 405,
      body: { success: false, error: MESSAGES.methodNotAllowed },
      headers: { Allow: 'POST' },
    });
    expect(written).toEqual([]);
  });

  const long = (n: number) => 'x'.repeat(n);
  it.each([
    ['no body', undefined, MESSAGES.malformedBody],
    ['a malformed JSON string', '{"email":', MESSAGES.malformedBody],
    ['a JSON array', '[]', MESSAGES.malformedBody],
    ['a number', 42, MESSAGES.malformedBody],
    ['a missing email', { password: 'secret1', displayName: 'Ada' }, MESSAGES.emailMissing],
    ['an empty email', { ...valid, email: '' }, MESSAGES.emailMissing],
    ['a non-string email', { ...valid, email: 7 }, MESSAGES.emailInvalid],
    ['an email without @', { ...valid, email: 'ada.example.com' }, MESSAGES.emailInvalid],
    ['an email without a dot in the domain', { ...valid, email: 'ada@example' }, MESSAGES.emailInvalid],
    ['an email with spaces inside', { ...valid, email: 'a da@example.com' }, MESSAGES.emailInvalid],
    ['an email of 255 characters', { ...valid, email: `${long(243)}@example.com` }, MESSAGES.emailTooLong],
    ['a missing password', { email: 'ada@example.com', displayName: 'Ada' }, MESSAGES.passwordMissing],
    ['a non-string password', { ...valid, password: 123456 }, MESSAGES.passwordTooShort],
    ['a 5-character password', { ...valid, password: '12345' }, MESSAGES.passwordTooShort],
    ['a 129-character password', { ...valid, password: long(129) }, MESSAGES.passwordTooLong],
    ['a missing display name', { email: 'ada@example.com', password: 'secret1' }, MESSAGES.displayNameMissing],
    ['a blank display name', { ...valid, displayName: '   ' }, MESSAGES.displayNameMissing],
    ['a non-string display name', { ...valid, displayName: ['Ada'] }, MESSAGES.displayNameLength],
    ['a 1-character display name after trimming', { ...valid, displayName: ' A ' }, MESSAGES.displayNameLength],
    ['a 101-character display name', { ...valid, displayName: long(101) }, MESSAGES.displayNameLength],
  ])('answers 400 for %s', async (_label, body, error) => {
    const { deps, written } = fakeDeps();
    const response = await handleRegister({ method: 'POST', contentType: 'application/json', body }, deps);
    expect(response).toEqual({ status: 400, body: { success: false, error } });
    expect(written).toEqual([]);
  });

  it.each([
    ['an email of exactly 254 characters', { ...valid, email: `${long(242)}@example.com` }],
    ['a 6-character password', { ...valid, password: '123456' }],
    ['a 128-character password', { ...valid, password: long(128) }],
    ['a 2-character display name', { ...valid, displayName: 'Al' }],
    ['a 100-character display name', { ...valid, displayName: long(100) }],
  ])('accepts the boundary case %s', async (_label, body) => {
    const { deps } = fakeDeps();
    const response = await handleRegister({ method: 'POST', contentType: 'application/json', body }, deps);
    expect(response.status).toBe(200);
  });

  // The browser maps texts containing these phrases (SPEC section 8).
  it.each([
    ['auth/email-already-exists', 409, 'already in use'],
    ['auth/invalid-email', 400, 'Invalid email'],
    ['auth/invalid-password', 400, 'too weak'],
    ['auth/internal-error', 500, 'Registration failed'],
  ])('maps the Auth error %s to HTTP %i with a text containing "%s"', async (code, status, phrase) => {
    const { deps, written } = fakeDeps({
      createAuthUser: async () => {
        throw authError(code);
      },
    });
    const response = await handleRegister({ method: 'POST', contentType: 'application/json', body: valid }, deps);
    expect(response.status).toBe(status);
    expect(response.body.success).toBe(false);
    expect(!response.body.success && response.body.error).toContain(phrase);
    expect(written).toEqual([]);
  });

  it.each([
    [MESSAGES.emailInvalid, 'Invalid email'],
    [MESSAGES.emailMissing, 'Invalid email'],
    [MESSAGES.emailTooLong, 'Invalid email'],
    [MESSAGES.passwordTooShort, 'too weak'],
    [MESSAGES.passwordMissing, 'too weak'],
  ])('validation text "%s" carries the phrase "%s" the browser maps', (message, phrase) => {
    expect(message).toContain(phrase);
  });

  it('deletes the auth user again and answers 500 when the profile cannot be written', async () => {
    const { deps, deleted } = fakeDeps({
      writeUserDoc: async () => {
        throw new Error('firestore down');
      },
    });
    const response = await handleRegister({ method: 'POST', contentType: 'application/json', body: valid }, deps);
    expect(response).toEqual({ status: 500, body: { success: false, error: MESSAGES.profileWriteFailed } });
    expect(deleted).toEqual(['uid-1']);
  });

  it('still answers 500 when the compensating delete fails too', async () => {
    const { deps } = fakeDeps({
      writeUserDoc: async () => {
        throw new Error('firestore down');
      },
      deleteAuthUser: async () => {
        throw new Error('auth down');
      },
    });
    const response = await handleRegister({ method: 'POST', contentType: 'application/json', body: valid }, deps);
    expect(response.status).toBe(500);
  });
});

// The function is deployed alone and imports nothing from the site; the register form copies its maxima as
// maxLength (shared REGISTER_*_MAX_LENGTH), so a change on one side must fail here until the other follows.
it('has the same maxima as the register form', () => {
  expect(LIMITS.displayNameMax).toBe(REGISTER_NAME_MAX_LENGTH);
  expect(LIMITS.passwordMax).toBe(REGISTER_PASSWORD_MAX_LENGTH);
});

describe('registerUser refuses what a browser form or a script would send', () => {
  const json = 'application/json';

  it.each<[string, string | undefined, number]>([
    ['application/json', json, 200],
    ['application/json; charset=utf-8', 'application/json; charset=utf-8', 200],
    ['APPLICATION/JSON', 'APPLICATION/JSON', 200],
    ['text/plain (a cross-site fetch without preflight)', 'text/plain', 415],
    ['application/x-www-form-urlencoded (an HTML form)', 'application/x-www-form-urlencoded', 415],
    ['multipart/form-data', 'multipart/form-data; boundary=x', 415],
    ['application/jsonp', 'application/jsonp', 415],
    ['no content type', undefined, 415],
  ])('Content-Type %s → %s', async (_, contentType, status) => {
    const { deps } = fakeDeps();
    const response = await handleRegister({ method: 'POST', contentType, body: valid }, deps);
    expect(response.status).toBe(status);
    if (status === 415) expect(response.body).toEqual({ success: false, error: MESSAGES.unsupportedMediaType });
  });

  it('answers a malformed JSON body with a JSON error', async () => {
    const { deps } = fakeDeps();
    const response = await handleRegister({ method: 'POST', contentType: json, body: '{"email": ' }, deps);
    expect(response).toEqual({ status: 400, body: { success: false, error: MESSAGES.malformedBody } });
  });

  it(`refuses a body over ${LIMITS.bodyBytesMax} bytes with 413 before reading it`, async () => {
    const { deps, written } = fakeDeps();
    const response = await handleRegister({ method: 'POST', contentType: json, body: valid, bodyBytes: LIMITS.bodyBytesMax + 1 }, deps);
    expect(response).toEqual({ status: 413, body: { success: false, error: MESSAGES.bodyTooLarge } });
    expect(written).toEqual([]);
    expect((await handleRegister({ method: 'POST', contentType: json, body: valid, bodyBytes: LIMITS.bodyBytesMax }, deps)).status).toBe(200);
  });

  it.each([
    ['a tab', 'Ada\tLovelace'],
    ['a newline', 'Ada\nLovelace'],
    ['a NUL', 'Ada\u0000'],
    ['DEL', 'Ada\u007f'],
    ['a C1 control', 'Ada\u0085'],
    ['a right-to-left override', 'Ada\u202eecalevol'],
    ['a bidi isolate', 'Ada\u2066x\u2069'],
  ])('refuses a display name with %s', async (_, displayName) => {
    const { deps, written } = fakeDeps();
    const response = await handleRegister({ method: 'POST', contentType: json, body: { ...valid, displayName } }, deps);
    expect(response).toEqual({ status: 400, body: { success: false, error: MESSAGES.displayNameControl } });
    expect(written).toEqual([]);
  });

  it.each(['Zoë Ångström', 'José 😀', 'Ünal-O\'Brien'])('accepts the display name %p', async (displayName) => {
    const { deps } = fakeDeps();
    expect((await handleRegister({ method: 'POST', contentType: json, body: { ...valid, displayName } }, deps)).status).toBe(200);
  });

  it('stops a burst from one client with 429, a clear message and Retry-After; other clients go on', async () => {
    let now = 0;
    const { deps, written } = fakeDeps({ rateLimit: new FixedWindowRateLimit({ limit: 10, windowSeconds: 600 }, () => now) });
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      statuses.push((await handleRegister({ method: 'POST', contentType: json, body: valid, client: '203.0.113.7' }, deps)).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    expect(written).toHaveLength(10);
    now = 60_000;
    const limited = await handleRegister({ method: 'POST', contentType: json, body: valid, client: '203.0.113.7' }, deps);
    expect(limited).toEqual({
      status: 429,
      body: { success: false, error: 'Too many registration attempts from this address: try again in 9 minutes' },
      headers: { 'Retry-After': '540' },
    });
    expect((await handleRegister({ method: 'POST', contentType: json, body: valid, client: '198.51.100.1' }, deps)).status).toBe(200);
    now = 600_000;
    expect((await handleRegister({ method: 'POST', contentType: json, body: valid, client: '203.0.113.7' }, deps)).status).toBe(200);
  });
});

describe('rate limit configuration', () => {
  it.each<[string | undefined, { limit: number; windowSeconds: number }]>([
    ['10/600', { limit: 10, windowSeconds: 600 }],
    [' 3 / 60 ', { limit: 3, windowSeconds: 60 }],
    [undefined, DEFAULT_RATE_LIMIT],
    ['', DEFAULT_RATE_LIMIT],
    ['0/600', DEFAULT_RATE_LIMIT],
    ['ten/600', DEFAULT_RATE_LIMIT],
    ['10', DEFAULT_RATE_LIMIT],
  ])('%p → %p', (text, config) => {
    expect(parseRateLimit(text)).toEqual(config);
  });

  it('the message says minutes, at least one', () => {
    expect(tooManyRegistrationsMessage(1)).toBe('Too many registration attempts from this address: try again in 1 minute');
    expect(tooManyRegistrationsMessage(61)).toBe('Too many registration attempts from this address: try again in 2 minutes');
  });
});

describe('CORS allow-list', () => {
  const allowed = parseAllowedOrigins(' https://sbc.web.app/ ,https://sbc.firebaseapp.com,, ');

  it('parses a comma-separated list', () => {
    expect(allowed).toEqual(['https://sbc.web.app', 'https://sbc.firebaseapp.com']);
    expect(parseAllowedOrigins(undefined)).toEqual([]);
  });

  it.each<[string | undefined, boolean]>([
    ['https://sbc.web.app', true],
    ['https://sbc.firebaseapp.com', true],
    ['https://evil.example', false],
    ['https://sbc.web.app.evil.example', false],
    ['http://sbc.web.app', false],
    ['null', false],
    [undefined, false],
  ])('origin %p gets Access-Control-Allow-Origin: %s', (origin, granted) => {
    const headers = corsHeaders(origin, allowed);
    expect(headers.Vary).toBe('Origin');
    expect(headers['Access-Control-Allow-Origin']).toBe(granted ? origin : undefined);
  });
});
