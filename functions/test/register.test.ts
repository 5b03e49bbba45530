import { REGISTER_NAME_MAX_LENGTH, REGISTER_PASSWORD_MAX_LENGTH } from '@sbc/shared';
import { handleRegister, LIMITS, MESSAGES, type RegisterDeps, type UserProfile } from '../src/register';

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
    const response = await handleRegister({ method: 'POST', body: valid }, deps);
    expect(response).toEqual({ status: 200, body: { success: true, uid: 'uid-1' } });
    expect(written).toEqual([{ uid: 'uid-1', email: 'ada@example.com', displayName: 'Ada Lovelace' }]);
  });

  it.each([
    ['a JSON string', JSON.stringify(valid)],
    ['raw bytes (text/plain body)', Buffer.from(JSON.stringify(valid))],
  ])('accepts the body as %s', async (_label, body) => {
    const { deps } = fakeDeps();
    const response = await handleRegister({ method: 'POST', body }, deps);
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
    const response = await handleRegister({ method: 'POST', body }, deps);
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
    const response = await handleRegister({ method: 'POST', body }, deps);
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
    const response = await handleRegister({ method: 'POST', body: valid }, deps);
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
    const response = await handleRegister({ method: 'POST', body: valid }, deps);
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
    const response = await handleRegister({ method: 'POST', body: valid }, deps);
    expect(response.status).toBe(500);
  });
});

// The function is deployed alone and imports nothing from the site; the register form copies its maxima as
// maxLength (shared REGISTER_*_MAX_LENGTH), so a change on one side must fail here until the other follows.
it('has the same maxima as the register form', () => {
  expect(LIMITS.displayNameMax).toBe(REGISTER_NAME_MAX_LENGTH);
  expect(LIMITS.passwordMax).toBe(REGISTER_PASSWORD_MAX_LENGTH);
});
