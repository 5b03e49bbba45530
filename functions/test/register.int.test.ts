/**
 * registerUser through the real stack pieces: the function in the Functions emulator, the Auth emulator and our
 * Firestore emulator. Run by `npm run test:integration` (scripts/test-integration.mjs starts them and passes
 * their URLs in SBC_* variables; the defaults are the standard local ports).
 */
const registerUrl = process.env.SBC_REGISTER_URL ?? 'http://127.0.0.1:5001/demo-sbc-tycoon/europe-west1/registerUser';
const authUrl = process.env.SBC_AUTH_URL ?? 'http://127.0.0.1:9099';
const firestoreUrl = process.env.SBC_FIRESTORE_URL ?? 'http://127.0.0.1:8080';
const documents = 'projects/demo-sbc-tycoon/databases/(default)/documents';
/** The stack's shell, the one origin its registerUser answers (REGISTER_ALLOWED_ORIGINS). */
const shellOrigin = process.env.SBC_SHELL_ORIGIN ?? 'http://localhost:3000';

jest.setTimeout(30_000);

function register(body: unknown, init: RequestInit = {}) {
  return fetch(registerUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    ...init,
  });
}

async function signIn(email: string, password: string) {
  const response = await fetch(`${authUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  return { status: response.status, body: (await response.json()) as { localId?: string; idToken?: string } };
}

async function lookupDisplayName(idToken: string) {
  const response = await fetch(`${authUrl}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ idToken }),
  });
  const body = (await response.json()) as { users?: Array<{ displayName?: string }> };
  return body.users?.[0]?.displayName;
}

async function readUserDoc(uid: string) {
  // `Bearer owner` is the emulator's admin identity (what firebase-admin sends): rules do not apply.
  const response = await fetch(`${firestoreUrl}/v1/${documents}:batchGet`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ documents: [`${documents}/users/${uid}`] }),
  });
  const [result] = (await response.json()) as Array<{ found?: { fields: Record<string, Record<string, unknown>> } }>;
  return result.found?.fields;
}

const unique = () => `player-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

describe('registerUser (emulated)', () => {
  it('creates the Auth account and users/{uid} with isAdmin false and server timestamps', async () => {
    const email = unique();
    const response = await register({ email, password: 'secret1', displayName: '  Grace Hopper ' });
    const body = (await response.json()) as { success: boolean; uid: string };
    expect(response.status).toBe(200);
    expect(body.success).toBe(true);

    const session = await signIn(email, 'secret1');
    expect(session.status).toBe(200);
    expect(session.body.localId).toBe(body.uid);
    expect(await lookupDisplayName(session.body.idToken ?? '')).toBe('Grace Hopper');

    const fields = await readUserDoc(body.uid);
    expect(fields).toMatchObject({
      uid: { stringValue: body.uid },
      email: { stringValue: email },
      displayName: { stringValue: 'Grace Hopper' },
      isAdmin: { booleanValue: false },
    });
    expect(fields?.createdAt.timestampValue).toMatch(/Z$/);
    expect(fields?.lastLoginAt.timestampValue).toMatch(/Z$/);
  });

  it('answers a second registration of the same e-mail with 409 and a text containing "already in use"', async () => {
    const email = unique();
    expect((await register({ email, password: 'secret1', displayName: 'First' })).status).toBe(200);
    const response = await register({ email, password: 'other-secret', displayName: 'Second' });
    const body = (await response.json()) as { success: boolean; error: string };
    expect(response.status).toBe(409);
    expect(body.success).toBe(false);
    expect(body.error).toContain('already in use');
  });

  it.each([
    [{ email: 'not-an-email', password: 'secret1', displayName: 'Al' }, 'Invalid email'],
    [{ email: 'short@example.com', password: '123', displayName: 'Al' }, 'too weak'],
  ])('rejects %j with 400 and a text containing "%s"', async (input, phrase) => {
    const response = await register(input);
    const body = (await response.json()) as { success: boolean; error: string };
    expect(response.status).toBe(400);
    expect(body.error).toContain(phrase);
  });

  it('answers GET with 405', async () => {
    const response = await fetch(registerUrl);
    expect(response.status).toBe(405);
    expect(await response.json()).toEqual({ success: false, error: expect.stringContaining('POST') });
  });

  it('answers the browser preflight from the shell origin only (CORS allow-list)', async () => {
    const preflight = (origin: string) =>
      fetch(registerUrl, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
      });
    const fromShell = await preflight(shellOrigin);
    expect(fromShell.status).toBe(204);
    expect(fromShell.headers.get('access-control-allow-origin')).toBe(shellOrigin);
    const fromElsewhere = await preflight('https://evil.example');
    expect(fromElsewhere.status).toBe(403);
    expect(fromElsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a registration posted from another website, before creating anything', async () => {
    const email = unique();
    const response = await register({ email, password: 'secret1', displayName: 'Cross Site' }, { headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect((await signIn(email, 'secret1')).status).toBe(400);
  });

  it.each([
    ['text/plain (a request without preflight)', 'text/plain'],
    ['an HTML form', 'application/x-www-form-urlencoded'],
  ])('refuses %s with 415 and a JSON error, creating no account', async (_, contentType) => {
    const email = unique();
    const response = await fetch(registerUrl, {
      method: 'POST',
      headers: { 'Content-Type': contentType },
      body: contentType === 'text/plain' ? JSON.stringify({ email, password: 'secret1', displayName: 'Plain Text' }) : `email=${encodeURIComponent(email)}&password=secret1&displayName=Form`,
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ success: false, error: 'Unsupported content type: send the registration as application/json' });
    expect((await signIn(email, 'secret1')).status).toBe(400);
  });

  it('answers bad bodies with 400/413 and, where the function sees them, a JSON error', async () => {
    // Unparsable JSON is refused by the platform's body parser (firebase-tools and Google's functions framework)
    // before the function runs: a 400 whose text the site maps to 'Registration is not allowed.'.
    const unparsable = await fetch(registerUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"email": ' });
    expect(unparsable.status).toBe(400);
    const notAnObject = await fetch(registerUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '[1, 2]' });
    expect(notAnObject.status).toBe(400);
    expect(await notAnObject.json()).toEqual({ success: false, error: 'Malformed request body: expected a JSON object with email, password and displayName' });
    const large = await register({ email: unique(), password: 'secret1', displayName: 'x'.repeat(5000) });
    expect(large.status).toBe(413);
    const control = await register({ email: unique(), password: 'secret1', displayName: 'Ada\u202eLovelace' });
    expect(control.status).toBe(400);
    expect(await control.json()).toEqual({ success: false, error: 'Display name must not contain control characters' });
  });

  it('stops a burst from one client with 429 and Retry-After after 10 attempts', async () => {
    // Its own client (the last X-Forwarded-For entry), so the other tests' bucket is left alone.
    const client = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 15; i += 1) {
      last = await register({}, { headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client } });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429, 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last!.json()).toEqual({ success: false, error: expect.stringMatching(/^Too many registration attempts from this address: try again in \d+ minutes?$/) });
  });
});
