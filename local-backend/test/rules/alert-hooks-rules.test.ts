/**
 * firestore.rules for alert webhooks (issue 37): users/{uid}/alertHooks/{slot}, alertHookSecrets/{uid}_{slot} and
 * alertIndex/{itemId}, per kind of user (owner, another player, guest, admin) × operation, through the engine with an
 * in-memory database and batches as the emulator commits them. What the page writes is
 * shared/src/data/alert-hooks.ts; the delivery state is the Cloud Functions' alone.
 */
import { join } from 'node:path';
import { loadRulesFile } from '../../src/rules';
import { BatchEnvironment, NOW, type Who } from './batch-environment';
import type { Plain } from './rules-harness';

const RULES_PATH = join(__dirname, '../../../firestore.rules');
const SECRET = 'ab'.repeat(32);
const HOOK = 'users/alice/alertHooks/hook1';
const SECRET_DOC = 'alertHookSecrets/alice_hook1';

const hook = (extra: Record<string, Plain> = {}): Record<string, Plain> => ({ url: 'https://discord.com/api/webhooks/1/x', label: 'Discord', createdAt: NOW, status: 'pending', ...extra });
const secret = (extra: Record<string, Plain> = {}): Record<string, Plain> => ({ uid: 'alice', slot: 'hook1', secret: SECRET, ...extra });

function environment(): BatchEnvironment {
  return new BatchEnvironment(loadRulesFile(RULES_PATH))
    .seed('users/alice', { uid: 'alice', isAdmin: false })
    .seed('users/admin', { uid: 'admin', isAdmin: true })
    .seed('users/alice/alertHooks/hook2', hook({ status: 'active', failures: 0, message: null }))
    .seed('alertHookSecrets/alice_hook2', secret({ slot: 'hook2' }))
    .seed('alertIndex/product_p1', { kind: 'product', ref: 'p1', name: 'P1', slug: 'p1', alerts: { alice: { metric: 'price', direction: 'above', threshold: 1, fired: false } } });
}

/** Adding a webhook: the webhook and its secret in one batch (what addAlertHook commits). */
function add(env: BatchEnvironment, who: Who, owner: string, slot: string, data = hook(), secretData = secret({ uid: owner, slot })): boolean {
  return env.commit(who, [
    { path: `users/${owner}/alertHooks/${slot}`, data },
    { path: `alertHookSecrets/${owner}_${slot}`, data: secretData },
  ]);
}

let env: BatchEnvironment;
beforeEach(() => {
  env = environment();
});

describe('who reads and writes webhooks: only their owner', () => {
  it.each<[Who, boolean]>([
    ['alice', true],
    ['bob', false],
    ['guest', false],
    ['admin', false],
  ])("%s reads alice's webhooks (get and list): %s", (who, allowed) => {
    expect(env.get(who, 'users/alice/alertHooks/hook2')).toBe(allowed);
    expect(env.list(who, 'users/alice/alertHooks')).toBe(allowed);
  });

  it.each<[Who, boolean]>([
    ['alice', true],
    ['bob', false],
    ['guest', false],
    ['admin', false],
  ])('%s adds a webhook for alice: %s', (who, allowed) => {
    expect(add(env, who, 'alice', 'hook1')).toBe(allowed);
    expect(env.has(HOOK)).toBe(allowed);
    expect(env.has(SECRET_DOC)).toBe(allowed);
  });

  it.each<[Who, boolean]>([
    ['alice', true],
    ['bob', false],
    ['guest', false],
  ])("%s removes alice's webhook with its secret: %s", (who, allowed) => {
    expect(env.commit(who, [{ path: 'users/alice/alertHooks/hook2', data: null }, { path: 'alertHookSecrets/alice_hook2', data: null }])).toBe(allowed);
  });

  it('a webhook is not removed without its secret, nor a secret without its webhook', () => {
    expect(env.commit('alice', [{ path: 'users/alice/alertHooks/hook2', data: null }])).toBe(false);
    expect(env.commit('alice', [{ path: 'alertHookSecrets/alice_hook2', data: null }])).toBe(false);
  });
});

describe('the secret is never readable back', () => {
  it.each<Who>(['alice', 'bob', 'guest', 'admin'])('%s cannot read a secret (get or list)', (who) => {
    expect(env.get(who, 'alertHookSecrets/alice_hook2')).toBe(false);
    expect(env.list(who, 'alertHookSecrets')).toBe(false);
  });

  it('the owner cannot change a secret', () => {
    expect(env.commit('alice', [{ path: 'alertHookSecrets/alice_hook2', data: { secret: 'cd'.repeat(32) }, merge: true }])).toBe(false);
  });

  it('a secret cannot be created for an existing webhook (to replace the one it was given)', () => {
    expect(env.commit('alice', [{ path: 'alertHookSecrets/alice_hook3', data: secret({ slot: 'hook2' }) }])).toBe(false);
  });
});

describe('what a new webhook may hold', () => {
  it.each<[string, string, Record<string, Plain>, Record<string, Plain>, boolean]>([
    ['a complete webhook', 'hook1', hook(), secret(), true],
    ['the third slot', 'hook3', hook(), secret({ slot: 'hook3' }), true],
    ['a fourth webhook (no such slot)', 'hook4', hook(), secret({ slot: 'hook4' }), false],
    ['an id of its own', 'mine', hook(), secret({ slot: 'mine' }), false],
    ['without its secret', 'hook1', hook(), {}, false],
    ['a secret that is not 64 hex', 'hook1', hook(), secret({ secret: 'short' }), false],
    ['a secret for another player', 'hook1', hook(), secret({ uid: 'bob' }), false],
    ['already active (delivery state)', 'hook1', hook({ status: 'active' }), secret(), false],
    ['with a failure count', 'hook1', hook({ failures: 0 }), secret(), false],
    ['a URL that is no URL', 'hook1', hook({ url: 'javascript:alert(1)' }), secret(), false],
    ['a URL over 500 characters', 'hook1', hook({ url: `https://x.example/${'a'.repeat(500)}` }), secret(), false],
    ['a label over 60 characters', 'hook1', hook({ label: 'x'.repeat(61) }), secret(), false],
    ['a creation time of its own', 'hook1', hook({ createdAt: new Date('2020-01-01T00:00:00Z') }), secret(), false],
  ])('%s: %s', (_, slot, data, secretData, allowed) => {
    if (Object.keys(secretData).length === 0) {
      expect(env.commit('alice', [{ path: `users/alice/alertHooks/${slot}`, data }])).toBe(allowed);
      return;
    }
    expect(add(env, 'alice', 'alice', slot, data, secretData)).toBe(allowed);
  });

  it('an occupied slot cannot be created again (the cap holds)', () => {
    expect(add(env, 'alice', 'alice', 'hook2')).toBe(false);
  });
});

describe('no client writes to delivery state', () => {
  it.each<[string, Record<string, Plain>, boolean]>([
    ['"Send a test" (testRequestedAt = request.time)', { testRequestedAt: NOW }, true],
    ['a test stamped by the browser', { testRequestedAt: new Date('2026-11-22T09:00:00Z') }, false],
    ['status active again', { status: 'active' }, false],
    ['failures reset', { failures: 0 }, false],
    ['message cleared', { message: null }, false],
    ['a last test result', { lastTest: { ok: true } }, false],
    ['the URL', { url: 'https://evil.example/x' }, false],
  ])('the owner writes %s: %s', (_, changes, allowed) => {
    expect(env.commit('alice', [{ path: 'users/alice/alertHooks/hook2', data: changes, merge: true }])).toBe(allowed);
  });
});

describe('the alerts-by-item index is the functions\' own', () => {
  it.each<Who>(['alice', 'bob', 'guest', 'admin'])('%s can neither read nor write it', (who) => {
    expect(env.get(who, 'alertIndex/product_p1')).toBe(false);
    expect(env.list(who, 'alertIndex')).toBe(false);
    expect(env.commit(who, [{ path: 'alertIndex/product_p1', data: { alerts: {} }, merge: true }])).toBe(false);
    expect(env.commit(who, [{ path: 'alertIndex/product_p2', data: { alerts: {} } }])).toBe(false);
  });
});

/** E-mail alerts (docs/alert-webhooks.md#e-mail-alerts): a destination in one of the three slots, with no address. */
describe('e-mail alerts', () => {
  const email = (extra: Record<string, Plain> = {}): Record<string, Plain> => ({ channel: 'email', createdAt: NOW, status: 'pending', ...extra });

  it.each<[Who, boolean]>([
    ['alice', true],
    ['bob', false],
    ['guest', false],
    ['admin', false],
  ])('%s turns on e-mail alerts for alice: %s', (who, allowed) => {
    expect(env.commit(who, [{ path: HOOK, data: email() }])).toBe(allowed);
  });

  it.each<[string, string, Record<string, Plain>, boolean]>([
    ['e-mail alerts', 'hook1', email(), true],
    ['in the third slot', 'hook3', email(), true],
    ['a fourth destination (no such slot: e-mail counts towards the cap)', 'hook4', email(), false],
    ['an occupied slot', 'hook2', email(), false],
    ['an address of its own (an open relay)', 'hook1', email({ address: 'victim@example.com' }), false],
    ['a "to" of its own', 'hook1', email({ to: 'victim@example.com' }), false],
    ['a URL too', 'hook1', email({ url: 'https://x.example/' }), false],
    ['already active', 'hook1', email({ status: 'active' }), false],
    ['a channel of its own', 'hook1', email({ channel: 'sms' }), false],
    ['a creation time of its own', 'hook1', email({ createdAt: new Date('2020-01-01T00:00:00Z') }), false],
  ])('%s (%s): %s', (_, slot, data, allowed) => {
    expect(env.commit('alice', [{ path: `users/alice/alertHooks/${slot}`, data }])).toBe(allowed);
  });

  it('has no secret: one created with it is refused', () => {
    expect(env.commit('alice', [{ path: HOOK, data: email() }, { path: SECRET_DOC, data: secret() }])).toBe(false);
  });

  it('the owner asks for a test and removes it; no address or state written by the browser', () => {
    env.seed('users/alice/alertHooks/hook3', email({ status: 'active', address: 'alice@example.com', failures: 0, message: null }));
    expect(env.commit('alice', [{ path: 'users/alice/alertHooks/hook3', data: { testRequestedAt: NOW }, merge: true }])).toBe(true);
    expect(env.commit('alice', [{ path: 'users/alice/alertHooks/hook3', data: { address: 'victim@example.com' }, merge: true }])).toBe(false);
    expect(env.commit('alice', [{ path: 'users/alice/alertHooks/hook3', data: { status: 'disabled', failures: 3 }, merge: true }])).toBe(false);
    expect(env.commit('bob', [{ path: 'users/alice/alertHooks/hook3', data: null }])).toBe(false);
    expect(env.commit('alice', [{ path: 'users/alice/alertHooks/hook3', data: null }])).toBe(true);
  });
});
