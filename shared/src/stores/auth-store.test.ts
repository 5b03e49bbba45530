import { when } from 'mobx';
import { createFakeGateway, type FakeGatewaySeed } from '../data/fake-gateway';
import { GatewayError } from '../data/errors';
import { AUTH_SERVICE_TIMEOUT_MS } from '../data/timeout';
import { AuthStore } from './auth-store';

const alice = { uid: 'u-alice', email: 'alice@example.com', displayName: 'Alice' };
const account = { ...alice, password: 'secret1' };

function setup(seed: FakeGatewaySeed = {}) {
  const gateway = createFakeGateway({ accounts: [account], ...seed });
  const store = new AuthStore(gateway);
  return { gateway, store };
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('sign-in state', () => {
  it('is not initialized until the provider reports, then a guest is not signed in and not admin', async () => {
    const { store } = setup();
    expect(store.initialized).toBe(false);
    await when(() => store.initialized);
    expect(store.user).toBeNull();
    expect(store.isSignedIn).toBe(false);
    expect(store.isAdmin).toBe(false);
  });

  it('reads isAdmin from the user document and merges lastLoginAt', async () => {
    const { gateway, store } = setup({
      signedInUser: alice,
      users: [{ uid: alice.uid, email: alice.email, displayName: 'Alice', isAdmin: true }],
    });
    await when(() => store.adminChecked);
    expect(store.isSignedIn).toBe(true);
    expect(store.isAdmin).toBe(true);
    expect(gateway.data.userWrites).toEqual([`touch:${alice.uid}`]);
  });

  // Issue 38: the role is read with the admin flag; isAdmin keeps meaning "admin" (the previous release reads it).
  it.each<[string, Record<string, unknown>, 'admin' | 'editor' | 'player', boolean]>([
    ['isAdmin true', { isAdmin: true }, 'admin', true],
    ['isAdmin true and role editor', { isAdmin: true, role: 'editor' }, 'admin', true],
    ['role editor', { isAdmin: false, role: 'editor' }, 'editor', false],
    ['role player (revoked)', { isAdmin: false, role: 'player' }, 'player', false],
    ['no role', { isAdmin: false }, 'player', false],
  ])('a user document with %s is an %s (isAdmin %s)', async (_, fields, role, isAdmin) => {
    const { store } = setup({ signedInUser: alice, users: [{ uid: alice.uid, email: alice.email, displayName: 'Alice', isAdmin: false, ...fields }] });
    expect(store.role).toBe('player');
    await when(() => store.adminChecked);
    expect(store.role).toBe(role);
    expect(store.isAdmin).toBe(isAdmin);
  });

  it('a failed user document read is a player, and signing out forgets the role', async () => {
    const { gateway, store } = setup({ signedInUser: alice, users: [{ uid: alice.uid, email: alice.email, displayName: 'Alice', isAdmin: false, role: 'editor' }] });
    await when(() => store.adminChecked);
    expect(store.role).toBe('editor');
    await store.logout();
    expect(store.role).toBe('player');
    gateway.fail('users.get', new GatewayError('unavailable', 'down'));
    await store.login(alice.email, account.password);
    await when(() => store.adminChecked);
    expect(store.role).toBe('player');
  });

  it('creates a missing user document with isAdmin false (and does not touch it again)', async () => {
    const { gateway, store } = setup({ signedInUser: alice });
    await when(() => store.adminChecked);
    expect(store.isAdmin).toBe(false);
    expect(gateway.data.users.get(alice.uid)).toMatchObject({
      uid: alice.uid,
      email: alice.email,
      displayName: 'Alice',
      isAdmin: false,
    });
    expect(gateway.data.userWrites).toEqual([`create:${alice.uid}`]);
  });

  it('treats a failed user read as not admin, logs it, and never creates the document', async () => {
    const { gateway, store } = setup({ signedInUser: alice, failing: { 'users.get': new Error('offline') } });
    await when(() => store.adminChecked);
    expect(store.isAdmin).toBe(false);
    expect(gateway.callCount('users.create')).toBe(0);
    expect(console.error).toHaveBeenCalledWith('Failed to read the user document', expect.any(Error));
  });

  it('keeps the admin flag when only the last-login update fails', async () => {
    const { store } = setup({
      signedInUser: alice,
      users: [{ uid: alice.uid, email: alice.email, displayName: 'Alice', isAdmin: true }],
      failing: { 'users.touchLastLogin': new Error('denied') },
    });
    await when(() => store.adminChecked);
    expect(store.isAdmin).toBe(true);
  });

  it('clears user and admin flag when the provider reports sign-out', async () => {
    const { gateway, store } = setup({
      signedInUser: alice,
      users: [{ uid: alice.uid, email: alice.email, displayName: 'Alice', isAdmin: true }],
    });
    await when(() => store.isAdmin);
    gateway.emitAuthState(null);
    expect(store.user).toBeNull();
    expect(store.isAdmin).toBe(false);
    expect(store.adminChecked).toBe(false);
  });

  it('ignores an admin check that finishes after the user signed out', async () => {
    const { gateway, store } = setup({
      signedInUser: alice,
      users: [{ uid: alice.uid, email: alice.email, displayName: 'Alice', isAdmin: true }],
    });
    const release = gateway.hold('users.get');
    await when(() => store.isSignedIn);
    gateway.emitAuthState(null);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.isAdmin).toBe(false);
  });
});

describe('login', () => {
  it('signs in and checks the admin flag once, even though the provider reports the same user too', async () => {
    const { gateway, store } = setup();
    await when(() => store.initialized);
    await store.login(account.email, account.password);
    expect(store.user).toEqual(alice);
    await when(() => store.adminChecked);
    expect(gateway.callCount('users.get')).toBe(1);
  });

  it.each([
    ['auth/user-not-found', 'User not found.'],
    ['auth/wrong-password', 'Incorrect password.'],
    ['auth/invalid-email', 'Invalid email address.'],
    ['auth/user-disabled', 'This account has been disabled.'],
    ['auth/too-many-requests', 'Too many login attempts. Please try again later.'],
    ['auth/network-request-failed', 'Login error. Please try again.'],
  ])('rejects provider code %s with "%s"', async (code, message) => {
    const { store } = setup({ failing: { 'auth.signIn': new GatewayError(code, 'Firebase error') } });
    await expect(store.login('a@b.co', 'whatever')).rejects.toThrow(message);
    expect(store.isSignedIn).toBe(false);
  });

  it('maps the fake provider checks: unknown e-mail and wrong password', async () => {
    const { store } = setup();
    await expect(store.login('nobody@example.com', 'x')).rejects.toThrow('User not found.');
    await expect(store.login(account.email, 'wrong')).rejects.toThrow('Incorrect password.');
  });
});

describe('register', () => {
  const input = { email: 'bob@example.com', password: 'secret1', displayName: 'Bob' };

  it('registers through the function, then signs in', async () => {
    const { gateway, store } = setup();
    await store.register(input);
    const methods = gateway.calls.map((c) => c.method);
    expect(methods.indexOf('auth.register')).toBeGreaterThanOrEqual(0);
    expect(methods.indexOf('auth.signIn')).toBeGreaterThan(methods.indexOf('auth.register'));
    expect(store.user).toMatchObject({ email: 'bob@example.com', displayName: 'Bob' });
  });

  it.each([
    ['The email address is already in use by another account.', 'This email is already in use.'],
    ['Invalid email address format', 'Invalid email address.'],
    ['Password is too weak', 'Password is too weak.'],
    ['Something else broke', 'Registration is not allowed.'],
  ])('maps the HTTP error text "%s" to "%s"', async (text, message) => {
    const { gateway, store } = setup();
    gateway.auth.register = async () => ({ success: false, error: text, httpStatus: 400 });
    await expect(store.register(input)).rejects.toThrow(message);
  });

  it.each([
    [{ success: false }, 'Registration failed'],
    [{ success: false, error: '' }, 'Registration failed'],
    [{ success: false, networkError: true }, 'Registration error. Please try again.'],
  ])('rejects the reply %j with "%s"', async (reply, message) => {
    const { gateway, store } = setup();
    gateway.auth.register = async () => reply;
    await expect(store.register(input)).rejects.toThrow(message);
  });

  it('rejects an already registered e-mail with the spec message (fake function)', async () => {
    const { store } = setup();
    await expect(store.register({ ...input, email: account.email })).rejects.toThrow('This email is already in use.');
  });

  it('maps a failed sign-in after registration with the registration messages', async () => {
    const { store } = setup({ failing: { 'auth.signIn': new GatewayError('auth/operation-not-allowed', 'x') } });
    await expect(store.register(input)).rejects.toThrow('Registration is not allowed.');
  });
});

describe('logout', () => {
  it('signs out and resolves true', async () => {
    const { gateway, store } = setup({ signedInUser: alice });
    await when(() => store.isSignedIn);
    await expect(store.logout()).resolves.toBe(true);
    expect(store.isSignedIn).toBe(false);
    expect(gateway.callCount('auth.signOut')).toBe(1);
    expect(console.error).not.toHaveBeenCalled();
  });

  it('only logs a failure and resolves false, never rejects, and the user stays signed in', async () => {
    const { store } = setup({ signedInUser: alice, failing: { 'auth.signOut': new Error('offline') } });
    await when(() => store.isSignedIn);
    await expect(store.logout()).resolves.toBe(false);
    expect(console.error).toHaveBeenCalledWith('Logout failed', expect.any(Error));
    expect(store.isSignedIn).toBe(true);
    expect(store.user).toEqual(alice);
  });

  it('keeps the admin flag after a failed logout', async () => {
    const { store } = setup({
      signedInUser: alice,
      users: [{ uid: alice.uid, email: alice.email, displayName: 'Alice', isAdmin: true }],
      failing: { 'auth.signOut': new GatewayError('auth/network-request-failed', 'offline') },
    });
    await when(() => store.isAdmin);
    await expect(store.logout()).resolves.toBe(false);
    expect(store.isAdmin).toBe(true);
  });

  it('a retry after a failed logout succeeds', async () => {
    const { gateway, store } = setup({ signedInUser: alice, failing: { 'auth.signOut': new Error('offline') } });
    await when(() => store.isSignedIn);
    await expect(store.logout()).resolves.toBe(false);
    gateway.fail('auth.signOut', undefined);
    await expect(store.logout()).resolves.toBe(true);
    expect(store.isSignedIn).toBe(false);
  });
});

describe('a hanging auth service (AUTH_SERVICE_TIMEOUT_MS)', () => {
  const input = { email: 'bob@example.com', password: 'secret1', displayName: 'Bob' };
  // Microtasks stay real: the fake provider reports the sign-in state through queueMicrotask.
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] }));
  afterEach(() => jest.useRealTimers());

  /** Settles `promise` into an observable outcome without an unhandled rejection. */
  function track(promise: Promise<unknown>) {
    const outcome: { settled: boolean; error?: unknown } = { settled: false };
    promise.then(
      () => Object.assign(outcome, { settled: true }),
      (error: unknown) => Object.assign(outcome, { settled: true, error }),
    );
    return outcome;
  }

  it('login gives up after the timeout with "Login error. Please try again." and stays signed out', async () => {
    const { gateway, store } = setup();
    gateway.hold('auth.signIn');
    const login = track(store.login(account.email, account.password));
    await jest.advanceTimersByTimeAsync(AUTH_SERVICE_TIMEOUT_MS - 1);
    expect(login.settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(login.settled).toBe(true);
    expect(login.error).toEqual(new Error('Login error. Please try again.'));
    expect(store.isSignedIn).toBe(false);
  });

  it.each([
    ['the registration function', 'auth.register' as const],
    ['the sign-in after registering', 'auth.signIn' as const],
  ])('registration gives up when %s hangs, with "Registration error. Please try again."', async (_label, method) => {
    const { gateway, store } = setup();
    gateway.hold(method);
    const registering = track(store.register(input));
    await jest.advanceTimersByTimeAsync(AUTH_SERVICE_TIMEOUT_MS - 1);
    expect(registering.settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(registering.error).toEqual(new Error('Registration error. Please try again.'));
  });

  it('a hanging user-document read ends the admin check as not admin, logged, with no write', async () => {
    const { gateway, store } = setup({
      signedInUser: alice,
      users: [{ uid: alice.uid, email: alice.email, displayName: 'Alice', isAdmin: true }],
    });
    gateway.hold('users.get');
    await when(() => store.isSignedIn);
    await jest.advanceTimersByTimeAsync(AUTH_SERVICE_TIMEOUT_MS - 1);
    expect(store.adminChecked).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(store.adminChecked).toBe(true);
    expect(store.isAdmin).toBe(false);
    expect(console.error).toHaveBeenCalledWith(
      'Failed to read the user document',
      expect.objectContaining({ code: 'deadline-exceeded' }),
    );
    expect(gateway.callCount('users.touchLastLogin')).toBe(0);
    expect(gateway.callCount('users.create')).toBe(0);
  });

  it('a hanging last-login write keeps the admin flag that was read, after the timeout', async () => {
    const { gateway, store } = setup({
      signedInUser: alice,
      users: [{ uid: alice.uid, email: alice.email, displayName: 'Alice', isAdmin: true }],
    });
    gateway.hold('users.touchLastLogin');
    await when(() => store.isSignedIn);
    await jest.advanceTimersByTimeAsync(AUTH_SERVICE_TIMEOUT_MS);
    expect(store.adminChecked).toBe(true);
    expect(store.isAdmin).toBe(true);
  });

  it('an answer in time is used as usual and leaves no timer behind', async () => {
    const { store } = setup();
    await store.login(account.email, account.password);
    await when(() => store.adminChecked);
    expect(store.user).toEqual(alice);
    expect(jest.getTimerCount()).toBe(0);
  });
});
