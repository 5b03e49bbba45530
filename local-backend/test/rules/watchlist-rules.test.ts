/**
 * firestore.rules for the players' watchlist (users/{uid}/watchlist/{kind}_{ref} and the users/{uid}.watchCount
 * counter), per kind of user (owner, another player, guest, admin) × every operation, through the engine with
 * an in-memory database. Adding and removing are batches (item + counter), so this file commits batches the
 * way the emulator does (local-backend/src/firestore/authorizer.ts): each write is checked with `getAfter`
 * seeing the whole batch applied, and the batch lands only if every write is allowed.
 */
import { join } from 'node:path';
import { loadRulesFile } from '../../src/rules';
import { BatchEnvironment, NOW, type Who } from './batch-environment';
import type { Plain } from './rules-harness';

const RULES_PATH = join(__dirname, '../../../firestore.rules');
const createdAt = new Date('2026-01-01T00:00:00.000Z');

function userDoc(uid: string, isAdmin: boolean, watchCount?: number): Record<string, Plain> {
  return {
    uid, email: `${uid}@example.com`, displayName: uid, isAdmin, createdAt, lastLoginAt: createdAt,
    ...(watchCount === undefined ? {} : { watchCount, watchItem: 'product_seeded' }),
  };
}

function item(extra: Record<string, Plain> = {}): Record<string, Plain> {
  return { kind: 'product', ref: 'energy_solar', slug: 'solar-panel', name: 'Solar Panel', addedAt: NOW, ...extra };
}

const ITEM = 'users/alice/watchlist/product_energy_solar';
const SEEDED = 'users/alice/watchlist/product_seeded';

function environment(): BatchEnvironment {
  return new BatchEnvironment(loadRulesFile(RULES_PATH))
    .seed('users/alice', userDoc('alice', false, 1))
    .seed('users/bob', userDoc('bob', false))
    .seed('users/admin', userDoc('admin', true))
    .seed(SEEDED, item({ ref: 'seeded', slug: 'seeded', name: 'Seeded', seenPrice: 10, seenInventory: 3, seenAt: NOW }));
}

/** Adding: the item and the counter + 1 naming it (what shared/src/data/watchlist.ts addWatchItem commits). */
function add(env: BatchEnvironment, who: Who, path: string, data: Record<string, Plain>, count: number, owner = 'alice'): boolean {
  const id = path.split('/').pop()!;
  return env.commit(who, [
    { path, data },
    { path: `users/${owner}`, data: { watchCount: count, watchItem: id }, merge: true },
  ]);
}

function remove(env: BatchEnvironment, who: Who, path: string, count: number, owner = 'alice'): boolean {
  const id = path.split('/').pop()!;
  return env.commit(who, [
    { path, data: null },
    { path: `users/${owner}`, data: { watchCount: count, watchItem: id }, merge: true },
  ]);
}

let env: BatchEnvironment;
beforeEach(() => {
  env = environment();
});

describe('who reads and writes a watchlist: only its owner', () => {
  it.each<[Who, boolean]>([
    ['alice', true],
    ['bob', false],
    ['guest', false],
    ['admin', false],
  ])('%s reads (get and list) alice\'s watchlist: %s', (who, allowed) => {
    expect(env.get(who, SEEDED)).toBe(allowed);
    expect(env.list(who, 'users/alice/watchlist')).toBe(allowed);
  });

  it.each<[Who, boolean]>([
    ['alice', true],
    ['bob', false],
    ['guest', false],
    ['admin', false],
  ])('%s adds an item to alice\'s watchlist: %s', (who, allowed) => {
    expect(add(env, who, ITEM, item(), 2)).toBe(allowed);
    expect(env.has(ITEM)).toBe(allowed);
  });

  it.each<[Who, boolean]>([
    ['alice', true],
    ['bob', false],
    ['guest', false],
    ['admin', false],
  ])('%s updates the baseline and alert of alice\'s item: %s', (who, allowed) => {
    const changes = { seenPrice: 12.5, seenInventory: 4, seenAt: NOW, alertMetric: 'price', alertDirection: 'above', alertThreshold: 11, alertFired: true };
    expect(env.commit(who, [{ path: SEEDED, data: changes, merge: true }])).toBe(allowed);
  });

  it.each<[Who, boolean]>([
    ['alice', true],
    ['bob', false],
    ['guest', false],
    ['admin', false],
  ])('%s removes alice\'s item: %s', (who, allowed) => {
    expect(remove(env, who, SEEDED, 0)).toBe(allowed);
    expect(env.has(SEEDED)).toBe(!allowed);
  });

  it('bob adds to his own watchlist (a first item, no counter yet)', () => {
    expect(add(env, 'bob', 'users/bob/watchlist/material_Copper', item({ kind: 'material', ref: 'Copper', slug: 'Copper', name: 'Copper' }), 1, 'bob')).toBe(true);
  });
});

describe('the fields and sizes of an item', () => {
  const long = 'x'.repeat(201);
  it.each<[string, string, Record<string, Plain>, boolean]>([
    ['a complete product', ITEM, item(), true],
    ['a material', 'users/alice/watchlist/material_Copper', item({ kind: 'material', ref: 'Copper', slug: 'Copper', name: 'Copper' }), true],
    ['with a first baseline', ITEM, item({ seenPrice: 10.5, seenRequestIndex: 1.2, seenInventory: 4, seenAt: NOW }), true],
    ['with an alert', ITEM, item({ alertMetric: 'requestIndex', alertDirection: 'below', alertThreshold: 0.8, alertFired: false }), true],
    ['an id that is not kind_ref', 'users/alice/watchlist/product_other', item(), false],
    ['an unknown kind', 'users/alice/watchlist/sector_energy_solar', item({ kind: 'sector' }), false],
    ['no name', ITEM, { kind: 'product', ref: 'energy_solar', slug: 'solar-panel', addedAt: NOW }, false],
    ['an extra field', ITEM, item({ note: 'hi' }), false],
    ['a name of 201 characters', ITEM, item({ name: long }), false],
    ['a ref of 201 characters', `users/alice/watchlist/product_${long}`, item({ ref: long }), false],
    ['an empty slug', ITEM, item({ slug: '' }), false],
    ['a baseline price that is text', ITEM, item({ seenPrice: '10' }), false],
    ['half an alert', ITEM, item({ alertMetric: 'price', alertThreshold: 3 }), false],
    ['an unknown alert metric', ITEM, item({ alertMetric: 'volume', alertDirection: 'above', alertThreshold: 3, alertFired: false }), false],
    ['a threshold that is text', ITEM, item({ alertMetric: 'price', alertDirection: 'above', alertThreshold: '3', alertFired: false }), false],
    [
      'a request-index alert on a material',
      'users/alice/watchlist/material_Copper',
      item({ kind: 'material', ref: 'Copper', slug: 'Copper', name: 'Copper', alertMetric: 'requestIndex', alertDirection: 'above', alertThreshold: 1, alertFired: false }),
      false,
    ],
    ['addedAt that is not a time', ITEM, item({ addedAt: 'today' }), false],
  ])('adding %s: %s', (_, path, data, allowed) => {
    expect(add(env, 'alice', path, data, 2)).toBe(allowed);
  });

  it.each<[string, Record<string, Plain>, boolean]>([
    ['a new baseline', { seenPrice: 11, seenInventory: 2, seenAt: NOW }, true],
    ['an alert fired', { alertMetric: 'price', alertDirection: 'above', alertThreshold: 9, alertFired: true }, true],
    ['a changed ref', { ref: 'other' }, false],
    ['a changed kind', { kind: 'material' }, false],
    ['a changed addedAt', { addedAt: createdAt }, false],
    ['an extra field', { note: 'x' }, false],
  ])('updating with %s: %s', (_, changes, allowed) => {
    expect(env.commit('alice', [{ path: SEEDED, data: changes, merge: true }])).toBe(allowed);
  });
});

describe('the counter: at most 200 items, always equal to the number of items', () => {
  it('an item without the counter in the same batch is refused', () => {
    expect(env.commit('alice', [{ path: ITEM, data: item() }])).toBe(false);
  });

  it.each<[string, number, string, boolean]>([
    ['counter + 1 naming the item', 2, 'product_energy_solar', true],
    ['counter + 2', 3, 'product_energy_solar', false],
    ['counter unchanged', 1, 'product_energy_solar', false],
    ['counter + 1 naming another item', 2, 'product_other', false],
  ])('adding with %s: %s', (_, count, named, allowed) => {
    expect(
      env.commit('alice', [
        { path: ITEM, data: item() },
        { path: 'users/alice', data: { watchCount: count, watchItem: named }, merge: true },
      ]),
    ).toBe(allowed);
  });

  it('the 200th item is accepted, the 201st refused', () => {
    env.seed('users/alice', userDoc('alice', false, 199));
    expect(add(env, 'alice', ITEM, item(), 200)).toBe(true);
    expect(add(env, 'alice', 'users/alice/watchlist/material_Copper', item({ kind: 'material', ref: 'Copper', slug: 'Copper', name: 'Copper' }), 201)).toBe(false);
  });

  it('the counter cannot be reset or changed on its own', () => {
    expect(env.commit('alice', [{ path: 'users/alice', data: { watchCount: 0, watchItem: 'product_seeded' }, merge: true }])).toBe(false);
    expect(env.commit('alice', [{ path: 'users/alice', data: { watchCount: 2, watchItem: 'product_energy_solar' }, merge: true }])).toBe(false);
  });

  it('another player cannot change alice\'s counter, not even paired with a write of their own', () => {
    expect(
      env.commit('bob', [
        { path: 'users/bob/watchlist/product_energy_solar', data: item() },
        { path: 'users/alice', data: { watchCount: 0, watchItem: 'product_energy_solar' }, merge: true },
      ]),
    ).toBe(false);
  });

  it('removing without lowering the counter is refused; the counter cannot be lowered for an item that stays', () => {
    expect(env.commit('alice', [{ path: SEEDED, data: null }])).toBe(false);
    expect(env.commit('alice', [{ path: 'users/alice', data: { watchCount: 0, watchItem: 'product_seeded' }, merge: true }])).toBe(false);
    expect(remove(env, 'alice', SEEDED, 0)).toBe(true);
  });

  it('adding an item already watched is refused (it would count twice)', () => {
    expect(add(env, 'alice', SEEDED, item({ ref: 'seeded', slug: 'seeded', name: 'Seeded' }), 2)).toBe(false);
  });
});
