/**
 * The project's firestore.rules, exercised per collection and per kind of user (guest, player, another player,
 * admin) through the engine with an in-memory database, in the style of @firebase/rules-unit-testing.
 */
import { join } from 'node:path';
import { loadRulesFile } from '../../src/rules';
import { type Plain, type RulesContext, RulesTestEnvironment } from './rules-harness';

const RULES_PATH = join(__dirname, '../../../firestore.rules');
const createdAt = new Date('2026-01-01T00:00:00.000Z');

function product(extra: Record<string, Plain> = {}): Record<string, Plain> {
  return { slug: 'iron-ore', name: 'Iron Ore', category: 'mining', type: 'product', average_market_price: 12.5, enabled: true, createdAt, ...extra };
}

/** What the admin console's Add product writes (buildNewProductDocument), timestamps as the server's time. */
function newProduct(now: Date, extra: Record<string, Plain> = {}): Record<string, Plain> {
  return {
    slug: 'copper-wire',
    name: 'Copper Wire',
    category: 'electronics',
    type: 'product',
    materialId: '',
    image_url: '',
    originalPath: '',
    average_market_price: 0,
    price_max: 12.5,
    price_min: 8,
    pieces_on_market: 0,
    increase: 0,
    lastvqvalue: [],
    production: { cost: 3.25, time: 30, request_index: 1.2, request_index_history: [] },
    requested_materials: { Copper: 3, Rubber: 1 },
    space_required: 0.5,
    talent_required: null,
    enabled: true,
    createdAt: now,
    updatedAt: now,
    ...extra,
  };
}
const NEW_PRODUCT_ID = 'products/electronics_copper_wire';

/** A table row's `field: null` means "without that field". */
function withoutNulls(data: Record<string, Plain>): Record<string, Plain> {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== null));
}

/** One trade as the trade book page stores it (shared/src/data/trade-book.ts). */
function trade(extra: Record<string, Plain> = {}): Record<string, Plain> {
  return { id: 't1', kind: 'material', item: 'Iron', side: 'buy', quantity: 10, unitPrice: 3.5, at: 1764000000000, ...extra };
}

function userDoc(uid: string, isAdmin: boolean): Record<string, Plain> {
  return { uid, email: `${uid}@example.com`, displayName: uid, isAdmin, createdAt, lastLoginAt: createdAt };
}

function environment(): RulesTestEnvironment {
  return new RulesTestEnvironment(loadRulesFile(RULES_PATH))
    .seed('users/alice', userDoc('alice', false))
    .seed('users/bob', userDoc('bob', false))
    .seed('users/admin', userDoc('admin', true))
    .seed('products/mining_iron_ore', product())
    .seed('products/legacy', product({ slug: 'legacy', name: 'Legacy', migratedAt: createdAt, auditId: 'legacy-entry' }))
    .seed('materials/Iron', { id: 1, value: 3.5, amount: 100 })
    .seed('marketStats/iron-ore', { name: 'Iron Ore', type: 'product', avg: 12.5, count: 3, total: 37.5 })
    .seed('marketMaterialStats/Iron', { name: 'Iron', type: 'material', avg: 3.5, count: 100, total: 350 })
    .seed('gameParameters/date', { value: createdAt })
    .seed('talents/management', { id: 'management', 'Team Lead': true })
    .seed('catalogIndex/0', { entries: [{ k: 'p', id: 'energy_solar', s: 'solar-panel', n: 'Solar Panel', c: 'energy' }] })
    .seed('marketHistory/p_2026-11-27_3', { tier: 'period', day: '2026-11-27', shard: 3, expiresAt: createdAt, points: { t1764235800: { at: createdAt, items: { 'p/iron-ore': [12.5, 60, 3] } } } })
    .seed('marketMovers/latest', { at: '2026-11-27T09:30:00.000Z', windows: {} })
    .seed('telemetry/shell_20261127-080000-abc_2026112708', { app: 'shell', release: '20261127-080000-abc', hour: '2026112708', pageViews: 3, errors: 1 })
    .seed('secrets/config', { apiKey: 'x' })
    .seed('users/alice/notes/n1', { text: 'hello' })
    .seed('tradeBooks/alice', { trades: [trade()], updatedAt: createdAt });
}

type Who = 'guest' | 'alice' | 'bob' | 'admin';
function as(env: RulesTestEnvironment, who: Who): RulesContext {
  return who === 'guest' ? env.unauthenticatedContext() : env.authenticatedContext(who, { email: `${who}@example.com` });
}

let env: RulesTestEnvironment;
beforeEach(() => {
  env = environment().alongside('productAudit/legacy-entry', { productId: 'legacy' });
});

let entries = 0;
/**
 * A product write as the admin console makes it: with a fresh audit entry for this product in the same batch
 * (the rules refuse a product write without one; audit-trail.test.ts covers that side).
 */
function audited(path: string, data: Record<string, Plain>): Record<string, Plain> {
  const entryId = `entry-${++entries}`;
  env.alongside(`productAudit/${entryId}`, { productId: path.split('/')[1] });
  return { ...data, auditId: entryId };
}

describe('products: everyone reads, only admins write', () => {
  it.each<[Who, boolean]>([
    ['guest', true],
    ['alice', true],
    ['admin', true],
  ])('%s reads a product and lists the collection: %s', (who, allowed) => {
    expect(as(env, who).get('products/mining_iron_ore')).toBe(allowed);
    expect(as(env, who).list('products')).toBe(allowed);
  });

  it.each<[Who, boolean]>([
    ['guest', false],
    ['alice', false],
    ['bob', false],
    ['admin', true],
  ])('%s adds a new product: %s', (who, allowed) => {
    expect(as(env, who).set(NEW_PRODUCT_ID, audited(NEW_PRODUCT_ID, newProduct(env.now)))).toBe(allowed);
  });

  const long = (n: number) => 'x'.repeat(n);
  // SPEC section 5 (Add product) and section 3, as firestore.rules isValidProduct and the create rule read them.
  it.each<[string, Record<string, Plain> | 'only-required', boolean]>([
    ['what Add product writes', {}, true],
    ['a talent of 100 characters, materialId 100, image URL 500, originalPath 200', { talent_required: long(100), materialId: long(100), image_url: long(500), originalPath: long(200) }, true],
    ['a talent as text', { talent_required: 'Engineer' }, true],
    ['no optional fields at all (slug, name, category and timestamps only)', 'only-required', true],
    ['no slug', { slug: null }, false],
    ['an empty slug', { slug: '' }, false],
    ['a numeric slug', { slug: 42 }, false],
    ['a name of 1 character', { name: 'C', slug: 'c' }, false],
    ['a name of 101 characters', { name: long(101) }, false],
    ['a numeric name', { name: 7 }, false],
    ['a category of 51 characters', { category: long(51) }, false],
    ['a talent of 101 characters', { talent_required: long(101) }, false],
    ['a numeric talent', { talent_required: 3 }, false],
    ['a materialId of 101 characters', { materialId: long(101) }, false],
    ['an image URL of 501 characters', { image_url: long(501) }, false],
    ['an originalPath of 201 characters', { originalPath: long(201) }, false],
    ['a negative maximum price', { price_max: -1 }, false],
    ['a minimum price as text', { price_min: '8' }, false],
    ['a negative space', { space_required: -0.5 }, false],
    ['a negative increase', { increase: -0.1 }, false],
    ['pieces on market as text', { pieces_on_market: '0' }, false],
    ['a negative production cost', { production: { cost: -1, time: 30, request_index: 1, request_index_history: [] } }, false],
    ['a production time as text', { production: { cost: 1, time: '30', request_index: 1, request_index_history: [] } }, false],
    ['production as a number', { production: 5 }, false],
    ['a material quantity as text', { requested_materials: { Copper: '3' } }, false],
    ['a material quantity of 0', { requested_materials: { Copper: 0 } }, false],
    ['a material quantity of −2', { requested_materials: { Copper: 3, Tin: -2 } }, false],
    ['requested_materials as a list', { requested_materials: ['Copper'] }, false],
    ['20 materials', { requested_materials: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`M${i}`, i + 1])) }, true],
    ['21 materials', { requested_materials: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`M${i}`, i + 1])) }, false],
    ['the 20th material with a bad quantity', { requested_materials: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`M${i}`, i === 19 ? 'x' : 1])) }, false],
    ['enabled as text', { enabled: 'true' }, false],
    ['a field the console does not write', { credits: 5 }, false],
    ['a client-chosen createdAt', { createdAt: new Date('2026-01-01T00:00:00.000Z') }, false],
    ['a client-chosen updatedAt', { updatedAt: new Date('2026-01-01T00:00:00.000Z') }, false],
    ['no createdAt', { createdAt: null }, false],
  ])('an admin adding a product with %s: %s', (_, changes, allowed) => {
    const full = newProduct(env.now);
    const data =
      changes === 'only-required'
        ? { slug: full.slug, name: full.name, category: full.category, createdAt: env.now, updatedAt: env.now }
        : withoutNulls({ ...full, ...changes });
    expect(as(env, 'admin').set(NEW_PRODUCT_ID, audited(NEW_PRODUCT_ID, data))).toBe(allowed);
  });

  // SPEC section 7: the id is category + '_' + name, lower-cased, other characters than a-z 0-9 _ made '_'.
  it.each<[string, string, string, boolean]>([
    ['electronics', 'Copper Wire', 'electronics_copper_wire', true],
    ['Food & Drinks', 'Caffè Latte', 'food___drinks_caff__latte', true],
    ['tech', 'Rocket 🚀', 'tech_rocket__', true],
    ['electronics', 'Copper Wire', 'copper-wire', false],
    ['electronics', 'Copper Wire', 'Electronics_Copper_Wire', false],
    ['electronics', 'Copper Wire', 'abcdefghij0123456789', false],
  ])('adding category %p, name %p as products/%s: %s', (category, name, id, allowed) => {
    expect(as(env, 'admin').set(`products/${id}`, audited(`products/${id}`, newProduct(env.now, { category, name })))).toBe(allowed);
  });

  it.each<[Who, boolean]>([
    ['guest', false],
    ['alice', false],
    ['admin', true],
  ])('%s edits a product price: %s', (who, allowed) => {
    expect(as(env, who).update('products/mining_iron_ore', audited('products/mining_iron_ore', { average_market_price: 99, updatedAt: env.now }))).toBe(allowed);
  });

  it.each<[string, Record<string, Plain>, boolean]>([
    ['the full JSON with identity fields unchanged', product({ price_max: 20 }), true],
    ['a negative increase (the game writes falling prices)', { increase: -0.05 }, true],
    ['a new slug', { slug: 'steel' }, false],
    ['a new createdAt', { createdAt: new Date('2026-02-02T00:00:00.000Z') }, false],
    ['createdAt as a string instead of a timestamp', { createdAt: createdAt.toISOString() }, false],
    ['a migratedAt that was absent before', { migratedAt: createdAt }, false],
    ['an empty name', { name: '' }, false],
    ['a name of 1 character', { name: 'I' }, false],
    ['a numeric name', { name: 3 }, false],
    ['a negative price', { price_min: -2 }, false],
    ['a category of 51 characters', { category: 'c'.repeat(51) }, false],
    ['a field the console does not know', { credits: 5 }, false],
    ['a client-chosen updatedAt', { updatedAt: new Date('2026-02-02T00:00:00.000Z') }, false],
  ])('an admin updating a product with %s: %s', (_, changes, allowed) => {
    expect(as(env, 'admin').update('products/mining_iron_ore', audited('products/mining_iron_ore', { updatedAt: env.now, ...changes }))).toBe(allowed);
  });

  it('an update without updatedAt = the server time is refused', () => {
    expect(as(env, 'admin').update('products/mining_iron_ore', audited('products/mining_iron_ore', { average_market_price: 99 }))).toBe(false);
  });

  it('a field the game stored may stay or be removed by the JSON editor, never be changed from a browser', () => {
    env.seed('products/game', product({ slug: 'game', name: 'Game', gameTick: 7 }));
    const admin = as(env, 'admin');
    expect(admin.update('products/game', audited('products/game', { name: 'Game 2', updatedAt: env.now }))).toBe(true);
    expect(admin.update('products/game', audited('products/game', { gameTick: 8, updatedAt: env.now }))).toBe(false);
    expect(admin.removeFields('products/game', ['gameTick'], audited('products/game', { updatedAt: env.now }))).toBe(true);
  });

  it('an admin cannot change migratedAt nor remove slug or createdAt', () => {
    const admin = as(env, 'admin');
    expect(admin.update('products/legacy', audited('products/legacy', { migratedAt: new Date('2026-03-03T00:00:00.000Z'), updatedAt: env.now }))).toBe(false);
    expect(admin.update('products/legacy', audited('products/legacy', { name: 'Legacy 2', updatedAt: env.now }))).toBe(true);
    expect(admin.removeFields('products/legacy', ['createdAt'], audited('products/legacy', { updatedAt: env.now }))).toBe(false);
    expect(admin.removeFields('products/legacy', ['migratedAt'], audited('products/legacy', { updatedAt: env.now }))).toBe(false);
    expect(admin.removeFields('products/legacy', ['slug'], audited('products/legacy', { updatedAt: env.now }))).toBe(false);
  });

  it.each<Who>(['guest', 'alice', 'admin'])('%s cannot delete a product (no feature deletes)', (who) => {
    expect(as(env, who).delete('products/mining_iron_ore')).toBe(false);
  });

  it.each<[string, Record<string, Plain> | null]>([
    ['isAdmin is the string "true"', { ...userDoc('carol', false), isAdmin: 'true' }],
    ['isAdmin is missing', { uid: 'carol' }],
    ['there is no user document', null],
  ])('a signed-in user is not an admin when %s', (_, doc) => {
    if (doc) env.seed('users/carol', doc);
    expect(env.authenticatedContext('carol').set(NEW_PRODUCT_ID, audited(NEW_PRODUCT_ID, newProduct(env.now)))).toBe(false);
  });

  it('a token claim saying admin does not make an admin: only the user document counts', () => {
    expect(env.authenticatedContext('alice', { admin: true, isAdmin: true }).set('products/x', audited('products/x', product()))).toBe(false);
  });
});

describe('market collections: everyone reads, no browser writes', () => {
  const documents = ['materials/Iron', 'marketStats/iron-ore', 'marketMaterialStats/Iron', 'gameParameters/date', 'talents/management', 'catalogIndex/0', 'marketHistory/p_2026-11-27_3', 'marketMovers/latest'];

  it.each(documents)('%s is readable by a guest, a player and an admin, also as a collection query', (path) => {
    const collection = path.split('/')[0];
    for (const who of ['guest', 'alice', 'admin'] as Who[]) {
      expect(as(env, who).get(path)).toBe(true);
      expect(as(env, who).list(collection)).toBe(true);
    }
  });

  it.each(documents)('%s cannot be created, changed or deleted, not even by an admin', (path) => {
    const collection = path.split('/')[0];
    for (const who of ['guest', 'alice', 'admin'] as Who[]) {
      const ctx = as(env, who);
      expect(ctx.set(`${collection}/new-doc`, { name: 'x' })).toBe(false);
      expect(ctx.update(path, { name: 'changed' })).toBe(false);
      expect(ctx.delete(path)).toBe(false);
    }
  });
});

describe('market history and movers: the recording function alone writes them', () => {
  const point = 'marketHistory/p_2026-11-27_3';
  it.each<[string, Who, (ctx: RulesContext) => boolean]>([
    ['a guest adds a period point', 'guest', (ctx) => ctx.update(point, { 'points.t1764237600': { at: createdAt, items: { 'p/iron-ore': [1, 1, 1] } } })],
    ['a player rewrites a recorded price', 'alice', (ctx) => ctx.set(point, { tier: 'period', points: {} })],
    ['a player postpones the pruning', 'alice', (ctx) => ctx.update(point, { expiresAt: new Date('2099-01-01T00:00:00.000Z') })],
    ['an admin creates a day document', 'admin', (ctx) => ctx.set('marketHistory/d_2026-11_3', { tier: 'day', days: {} })],
    ['an admin deletes a period document', 'admin', (ctx) => ctx.delete(point)],
    ['a player forges the movers', 'alice', (ctx) => ctx.set('marketMovers/latest', { at: '2026-11-27T10:00:00.000Z', windows: {} })],
    ['an admin clears the movers', 'admin', (ctx) => ctx.delete('marketMovers/latest')],
  ])('%s: refused', (_name, who, write) => {
    expect(write(as(env, who))).toBe(false);
  });

  it.each<[Who]>([['guest'], ['alice'], ['admin']])('%s reads a period document and the movers', (who) => {
    expect(as(env, who).get(point)).toBe(true);
    expect(as(env, who).get('marketMovers/latest')).toBe(true);
  });
});

describe('telemetry: admins read (the Salute page); nobody writes from a browser, the endpoint writes as admin', () => {
  const path = 'telemetry/shell_20261127-080000-abc_2026112708';

  it.each<[Who, boolean]>([
    ['guest', false],
    ['alice', false],
    ['admin', true],
  ])('%s reads an hour document and queries the collection: %s', (who, allowed) => {
    expect(as(env, who).get(path)).toBe(allowed);
    expect(as(env, who).list('telemetry')).toBe(allowed);
  });

  it.each<[string, Who, (ctx: RulesContext) => boolean]>([
    ['a guest forges a new hour', 'guest', (ctx) => ctx.set('telemetry/shell_x_2026112709', { app: 'shell', pageViews: 1 })],
    ['a player inflates the counts', 'alice', (ctx) => ctx.update(path, { errors: 1000 })],
    ['an admin edits an hour', 'admin', (ctx) => ctx.update(path, { errors: 0 })],
    ['an admin creates one', 'admin', (ctx) => ctx.set('telemetry/shell_x_2026112709', { app: 'shell' })],
    ['an admin deletes one', 'admin', (ctx) => ctx.delete(path)],
    ['a player deletes one', 'alice', (ctx) => ctx.delete(path)],
  ])('%s: refused', (_name, who, write) => {
    expect(write(as(env, who))).toBe(false);
  });
});

/** What the admin console's Add Material writes (toNewMaterial). */
function newMaterial(extra: Record<string, Plain> = {}): Record<string, Plain> {
  return { id: 2, unit: 'kg', spaceRequired: 0.5, value: 42.1, amount: 300, lastqty: 300, lastvalue: 42.1, startqty: 300, startvalue: 42.1, cyclecount: 0, ...extra };
}

describe('materials: an admin may create a new one from the console; nobody replaces or deletes one (edits: roles-rules.test.ts)', () => {
  it.each<[Who, boolean]>([
    ['admin', true],
    ['alice', false],
    ['guest', false],
  ])('%s creating materials/Cobalt: %s', (who, allowed) => {
    expect(as(env, who).set('materials/Cobalt', newMaterial())).toBe(allowed);
  });

  it.each<[string, string, Record<string, Plain>, boolean]>([
    ['with an image URL', 'materials/Cobalt', newMaterial({ image_url: 'https://img.test/c.png' }), true],
    ['an existing name (a replace)', 'materials/Iron', newMaterial(), false],
    ['the bookkeeping id list', 'materials/list', newMaterial(), false],
    ['a one-letter name', 'materials/C', newMaterial(), false],
    ['a negative price', 'materials/Cobalt', newMaterial({ value: -1 }), false],
    ['an amount as text', 'materials/Cobalt', newMaterial({ amount: '300' }), false],
    ['a fractional id', 'materials/Cobalt', newMaterial({ id: 2.5 }), false],
    ['an id of 0', 'materials/Cobalt', newMaterial({ id: 0 }), false],
    ['an empty unit', 'materials/Cobalt', newMaterial({ unit: '' }), false],
    ['a 21-character unit', 'materials/Cobalt', newMaterial({ unit: 'u'.repeat(21) }), false],
    ['a 501-character image URL', 'materials/Cobalt', newMaterial({ image_url: 'x'.repeat(501) }), false],
    ['invented history (cyclecount 3)', 'materials/Cobalt', newMaterial({ cyclecount: 3 }), false],
    ['an unknown field', 'materials/Cobalt', newMaterial({ isAdmin: true }), false],
    ['a missing field (unit)', 'materials/Cobalt', withoutNulls(newMaterial({ unit: null })), false],
  ])('admin, %s: %s', (_case, path, data, allowed) => {
    expect(as(env, 'admin').set(path, data)).toBe(allowed);
  });

  it('an admin cannot change a material without its audit entry, nor delete one', () => {
    expect(as(env, 'admin').update('materials/Iron', { value: 4 })).toBe(false);
    expect(as(env, 'admin').delete('materials/Iron')).toBe(false);
  });
});

describe('users: owner and admins read; owner creates and touches only lastLoginAt and displayName', () => {
  it.each<[Who, string, boolean]>([
    ['alice', 'users/alice', true],
    ['bob', 'users/alice', false],
    ['guest', 'users/alice', false],
    ['admin', 'users/alice', true],
    ['admin', 'users/admin', true],
  ])('%s reads %s: %s', (who, path, allowed) => {
    expect(as(env, who).get(path)).toBe(allowed);
  });

  it.each<[Who, boolean]>([
    ['guest', false],
    ['alice', false],
    ['admin', true],
  ])('%s lists the whole users collection: %s', (who, allowed) => {
    expect(as(env, who).list('users')).toBe(allowed);
  });

  // Rules are not filters: the read rule tests the document id against the caller, which a field filter cannot
  // prove, so even a query that would return only the caller's own document is denied (as in Firestore).
  it('a player querying users where uid == their uid is denied; pinning the document id to their uid is allowed', () => {
    expect(as(env, 'alice').list('users', { uid: 'alice' })).toBe(false);
    expect(as(env, 'alice').listById('users', 'alice')).toBe(true);
    expect(as(env, 'alice').listById('users', 'bob')).toBe(false);
  });

  it('a query is decided by the rules, not by what is stored: a player is denied even on an empty users collection', () => {
    const empty = new RulesTestEnvironment(loadRulesFile(RULES_PATH));
    expect(as(empty, 'alice').list('users')).toBe(false);
    expect(as(empty, 'guest').list('users')).toBe(false);
    expect(as(empty, 'guest').list('products')).toBe(true);
  });

  const fresh = (uid: string, extra: Record<string, Plain> = {}) => ({ ...userDoc(uid, false), createdAt: env.now, lastLoginAt: env.now, ...extra });

  it.each<[string, Who, string, (() => Record<string, Plain>), boolean]>([
    ['the spec fields with isAdmin false', 'alice', 'users/dave', () => fresh('dave'), false],
    ['their own document with the spec fields and isAdmin false', 'alice', 'users/alice', () => fresh('alice'), true],
    ['their own document with isAdmin true', 'alice', 'users/alice', () => fresh('alice', { isAdmin: true }), false],
    ['their own document without isAdmin', 'alice', 'users/alice', () => ({ uid: 'alice', email: 'alice@example.com' }), false],
    ['their own document with an extra field', 'alice', 'users/alice', () => fresh('alice', { credits: 1000000 }), false],
    ['their own document with another uid inside', 'alice', 'users/alice', () => fresh('bob'), false],
    ['another player\'s document', 'alice', 'users/bob', () => fresh('bob'), false],
    ['a document while signed out', 'guest', 'users/alice', () => fresh('alice'), false],
    ['an admin document for someone else', 'admin', 'users/dave', () => fresh('dave'), false],
    ['their own document with another e-mail than their sign-in', 'alice', 'users/alice', () => fresh('alice', { email: 'bob@example.com' }), false],
    ['their own document with a display name of 100 characters', 'alice', 'users/alice', () => fresh('alice', { displayName: 'a'.repeat(100) }), true],
    ['their own document with a display name of 101 characters', 'alice', 'users/alice', () => fresh('alice', { displayName: 'a'.repeat(101) }), false],
    ['their own document with a numeric display name', 'alice', 'users/alice', () => fresh('alice', { displayName: 7 }), false],
    ['their own document with a client-chosen createdAt', 'alice', 'users/alice', () => fresh('alice', { createdAt }), false],
    ['their own document with a client-chosen lastLoginAt', 'alice', 'users/alice', () => fresh('alice', { lastLoginAt: createdAt }), false],
  ])('creating %s (%s → %s): %s', (_, who, path, data, allowed) => {
    env = new RulesTestEnvironment(loadRulesFile(RULES_PATH)).seed('users/admin', userDoc('admin', true)).seed('users/bob', userDoc('bob', false));
    expect(as(env, who).set(path, data())).toBe(allowed);
  });

  it('on first sign-in a new player creates what the site writes (createUserDocument), and nothing less', () => {
    env = environment();
    const erin = env.authenticatedContext('erin', { email: 'erin@example.com' });
    expect(erin.set('users/erin', { uid: 'erin', isAdmin: false })).toBe(false);
    expect(erin.set('users/erin', { uid: 'erin', email: 'erin@example.com', displayName: '', isAdmin: false, createdAt: env.now, lastLoginAt: env.now })).toBe(true);
  });

  it.each<[string, Who, string, Record<string, Plain>, boolean]>([
    ['their lastLoginAt', 'alice', 'users/alice', { lastLoginAt: new Date('2026-11-22T10:00:00.000Z') }, true],
    ['their displayName', 'alice', 'users/alice', { displayName: 'Alice the Great' }, true],
    ['both', 'alice', 'users/alice', { displayName: 'Al', lastLoginAt: new Date('2026-11-22T10:00:00.000Z') }, true],
    ['their lastLoginAt to a client-chosen time', 'alice', 'users/alice', { lastLoginAt: new Date('2030-01-01T00:00:00.000Z') }, false],
    ['their displayName to 101 characters', 'alice', 'users/alice', { displayName: 'a'.repeat(101) }, false],
    ['their displayName to a map', 'alice', 'users/alice', { displayName: { first: 'A' } }, false],
    ['their own isAdmin to true', 'alice', 'users/alice', { isAdmin: true }, false],
    ['isAdmin together with lastLoginAt', 'alice', 'users/alice', { isAdmin: true, lastLoginAt: new Date('2026-11-22T10:00:00.000Z') }, false],
    ['their email', 'alice', 'users/alice', { email: 'new@example.com' }, false],
    ['their uid', 'alice', 'users/alice', { uid: 'bob' }, false],
    ['a new field', 'alice', 'users/alice', { credits: 5 }, false],
    ["another player's lastLoginAt", 'bob', 'users/alice', { lastLoginAt: new Date('2026-11-22T10:00:00.000Z') }, false],
    ["another player's isAdmin (admin granting)", 'admin', 'users/alice', { isAdmin: true }, false],
    ["another player's displayName", 'admin', 'users/alice', { displayName: 'renamed' }, false],
    ['their own isAdmin to false (admin)', 'admin', 'users/admin', { isAdmin: false }, false],
    ['their lastLoginAt (admin)', 'admin', 'users/admin', { lastLoginAt: new Date('2026-11-22T10:00:00.000Z') }, true],
    ['a document while signed out', 'guest', 'users/alice', { lastLoginAt: new Date('2026-11-22T10:00:00.000Z') }, false],
  ])('updating %s (%s → %s): %s', (_, who, path, changes, allowed) => {
    expect(as(env, who).update(path, changes)).toBe(allowed);
  });

  it('a player cannot remove isAdmin from their document either', () => {
    expect(as(env, 'alice').removeFields('users/alice', ['isAdmin'])).toBe(false);
  });

  it.each<Who>(['alice', 'bob', 'admin', 'guest'])('%s cannot delete users/alice', (who) => {
    expect(as(env, who).delete('users/alice')).toBe(false);
  });
});

describe('trade books: private, only the owner reads and writes their own', () => {
  it.each<[Who, string, boolean]>([
    ['alice', 'tradeBooks/alice', true],
    ['bob', 'tradeBooks/alice', false],
    ['admin', 'tradeBooks/alice', false],
    ['guest', 'tradeBooks/alice', false],
    ['bob', 'tradeBooks/bob', true],
  ])('%s reads %s: %s', (who, path, allowed) => {
    expect(as(env, who).get(path)).toBe(allowed);
  });

  it.each<Who>(['alice', 'bob', 'admin', 'guest'])('%s cannot list every trade book', (who) => {
    expect(as(env, who).list('tradeBooks')).toBe(false);
  });

  const book = (extra: Record<string, Plain> = {}) => ({ trades: [trade(), trade({ id: 't2', side: 'sell', quantity: 4 })], updatedAt: env.now, ...extra });

  it.each<[string, Who, string, () => Record<string, Plain>, boolean]>([
    ['their own book', 'alice', 'tradeBooks/alice', () => book(), true],
    ['their own first book', 'bob', 'tradeBooks/bob', () => book(), true],
    ["another player's book", 'bob', 'tradeBooks/alice', () => book(), false],
    ["another player's book (admin)", 'admin', 'tradeBooks/alice', () => book(), false],
    ['a book while signed out', 'guest', 'tradeBooks/alice', () => book(), false],
    ['an empty book', 'alice', 'tradeBooks/alice', () => book({ trades: [] }), true],
    ['2000 trades', 'alice', 'tradeBooks/alice', () => book({ trades: Array.from({ length: 2000 }, (_, i) => trade({ id: `t${i}` })) }), true],
    ['2001 trades', 'alice', 'tradeBooks/alice', () => book({ trades: Array.from({ length: 2001 }, (_, i) => trade({ id: `t${i}` })) }), false],
    ['trades that are not a list', 'alice', 'tradeBooks/alice', () => book({ trades: { t1: trade() } }), false],
    ['a client-chosen updatedAt', 'alice', 'tradeBooks/alice', () => book({ updatedAt: createdAt }), false],
    ['without updatedAt', 'alice', 'tradeBooks/alice', () => ({ trades: [] }), false],
    ['an extra field', 'alice', 'tradeBooks/alice', () => book({ owner: 'bob' }), false],
  ])('writing %s (%s → %s): %s', (_, who, path, data, allowed) => {
    expect(as(env, who).set(path, data())).toBe(allowed);
  });

  it.each<[Who, boolean]>([
    ['alice', true],
    ['bob', false],
    ['admin', false],
    ['guest', false],
  ])('%s deletes tradeBooks/alice: %s', (who, allowed) => {
    expect(as(env, who).delete('tradeBooks/alice')).toBe(allowed);
  });
});

describe('everything else is denied', () => {
  it.each<[Who, string]>([
    ['admin', 'secrets/config'],
    ['alice', 'secrets/config'],
    ['alice', 'users/alice/notes/n1'],
    ['admin', 'users/alice/notes/n1'],
  ])('%s cannot read or write %s', (who, path) => {
    const ctx = as(env, who);
    expect(ctx.get(path)).toBe(false);
    expect(ctx.update(path, { x: 1 })).toBe(false);
    expect(ctx.delete(path)).toBe(false);
  });

  it('a denial carries the reason for the PERMISSION_DENIED message', () => {
    const decision = env.decide({ uid: 'alice', token: {} }, 'update', 'users/alice', { ...env.stored('users/alice')!.fields, isAdmin: { booleanValue: true } });
    expect(decision).toEqual({ allowed: false, reason: 'every matching allow rule evaluated to false' });
    const missingField = env.decide({ uid: 'frank', token: {} }, 'create', 'users/frank', { uid: { stringValue: 'frank' } });
    expect(missingField.reason).toMatch(/^allow at line \d+: property "email" is undefined \(line \d+\)$/);
    expect(env.decide(null, 'get', 'secrets/config', null)).toEqual({ allowed: false, reason: 'no allow rule matches this request' });
  });
});
