/**
 * The editor role (issue 38) in firestore.rules, as tables: admin, editor, player and guest × each catalogue
 * operation (products, their audit trail, materials) and each user operation (reading and listing users, granting
 * and revoking a role, the role audit trail). Same in-memory engine and harness as firestore-rules.test.ts.
 */
import { join } from 'node:path';
import { loadRulesFile } from '../../src/rules';
import { type Plain, type RulesContext, RulesTestEnvironment } from './rules-harness';

const RULES_PATH = join(__dirname, '../../../firestore.rules');
const createdAt = new Date('2026-01-01T00:00:00.000Z');

type Who = 'admin' | 'editor' | 'player' | 'guest';
const EVERYONE: Who[] = ['admin', 'editor', 'player', 'guest'];

function userDoc(uid: string, extra: Record<string, Plain> = {}): Record<string, Plain> {
  return { uid, email: `${uid}@example.com`, displayName: uid, isAdmin: false, createdAt, lastLoginAt: createdAt, ...extra };
}

function newProduct(now: Date): Record<string, Plain> {
  return { slug: 'copper-wire', name: 'Copper Wire', category: 'electronics', average_market_price: 0, createdAt: now, updatedAt: now };
}

function newMaterial(): Record<string, Plain> {
  return { id: 2, unit: 'kg', spaceRequired: 0.5, value: 42.1, amount: 300, lastqty: 300, lastvalue: 42.1, startqty: 300, startvalue: 42.1, cyclecount: 0 };
}

let env: RulesTestEnvironment;
beforeEach(() => {
  env = new RulesTestEnvironment(loadRulesFile(RULES_PATH))
    .seed('users/admin', userDoc('admin', { isAdmin: true }))
    .seed('users/admin2', userDoc('admin2', { isAdmin: true }))
    .seed('users/editor', userDoc('editor', { role: 'editor', roleAuditId: 'grant-1' }))
    .seed('users/player', userDoc('player'))
    .seed('users/carol', userDoc('carol'))
    .seed('users/revoked', userDoc('revoked', { role: 'player', roleAuditId: 'revoke-1' }))
    .seed('products/mining_iron_ore', { slug: 'iron-ore', name: 'Iron Ore', category: 'mining', createdAt })
    .seed('productAudit/old-entry', { productId: 'mining_iron_ore' })
    .seed('roleAudit/grant-1', { userId: 'editor', role: 'editor' })
    .seed('materials/Iron', { id: 1, unit: 'kg', spaceRequired: 0.5, value: 3.5, amount: 100, lastqty: 90, lastvalue: 3, startqty: 50, startvalue: 2, cyclecount: 4 })
    .seed('materialAudit/old-entry', { materialId: 'Iron' });
});

function as(who: Who | 'revoked'): RulesContext {
  return who === 'guest' ? env.unauthenticatedContext() : env.authenticatedContext(who, { email: `${who}@example.com` });
}

let entries = 0;
/** A product write with its audit entry in the same batch, as the console writes it. */
function audited(productId: string, data: Record<string, Plain>): Record<string, Plain> {
  const entryId = `entry-${++entries}`;
  env.alongside(`productAudit/${entryId}`, { productId });
  return { ...data, auditId: entryId };
}

/** A material edit with its materialAudit entry in the same batch, as the console writes it. */
function auditedMaterial(materialId: string, data: Record<string, Plain>): Record<string, Plain> {
  const entryId = `material-entry-${++entries}`;
  env.alongside(`materialAudit/${entryId}`, { materialId });
  return { ...data, updatedAt: env.now, auditId: entryId };
}

/** A role change with its roleAudit entry in the same batch, as Manage Users writes it. */
function roleChange(userId: string, role: Plain): Record<string, Plain> {
  const entryId = `role-${++entries}`;
  env.alongside(`roleAudit/${entryId}`, { userId, role });
  return { role, roleAuditId: entryId };
}

describe('the catalogue: admins and editors write, players and guests do not', () => {
  it.each<[Who, boolean]>([
    ['admin', true],
    ['editor', true],
    ['player', false],
    ['guest', false],
  ])('%s adds a product, edits one, reads its history and adds a material: %s', (who, allowed) => {
    const id = 'electronics_copper_wire';
    expect(as(who).set(`products/${id}`, audited(id, newProduct(env.now)))).toBe(allowed);
    expect(as(who).update('products/mining_iron_ore', audited('mining_iron_ore', { name: 'Iron Ore 2', updatedAt: env.now }))).toBe(allowed);
    expect(as(who).get('productAudit/old-entry')).toBe(allowed);
    expect(as(who).list('productAudit', { productId: 'mining_iron_ore' })).toBe(allowed);
    expect(as(who).set('materials/Cobalt', newMaterial())).toBe(allowed);
    expect(as(who).update('materials/Iron', auditedMaterial('Iron', { value: 4.25 }))).toBe(allowed);
    expect(as(who).get('materialAudit/old-entry')).toBe(allowed);
    expect(as(who).list('materialAudit', { materialId: 'Iron' })).toBe(allowed);
  });

  it.each(EVERYONE)('%s still cannot delete a product or a material, nor change an audit entry', (who) => {
    expect(as(who).delete('products/mining_iron_ore')).toBe(false);
    expect(as(who).delete('materials/Iron')).toBe(false);
    expect(as(who).update('materialAudit/old-entry', { materialId: 'x' })).toBe(false);
    expect(as(who).delete('materialAudit/old-entry')).toBe(false);
    expect(as(who).update('productAudit/old-entry', { productId: 'x' })).toBe(false);
    expect(as(who).delete('productAudit/old-entry')).toBe(false);
  });

  it('an editor writes audit entries only in their own name', () => {
    const entry = { productId: 'mining_iron_ore', slug: 'iron-ore', action: 'update', email: 'editor@example.com', at: env.now, after: {}, changedFields: [] };
    env.alongside('products/mining_iron_ore', { auditId: 'mine' });
    expect(as('editor').set('productAudit/mine', { ...entry, uid: 'editor' })).toBe(true);
    expect(as('editor').set('productAudit/mine', { ...entry, uid: 'admin' })).toBe(false);
  });

  it.each<[string, Record<string, Plain> | null]>([
    ['role is "Editor" (another case)', userDoc('dave', { role: 'Editor' })],
    ['role is "admin"', userDoc('dave', { role: 'admin' })],
    ['role is "player" (revoked)', userDoc('dave', { role: 'player' })],
    ['role is missing', userDoc('dave')],
    ['there is no user document', null],
  ])('a signed-in user is not an editor when %s', (_, doc) => {
    if (doc) env.seed('users/dave', doc);
    expect(env.authenticatedContext('dave').update('products/mining_iron_ore', audited('mining_iron_ore', { name: 'X Y', updatedAt: env.now }))).toBe(false);
  });

  it('a token claim saying editor does not make an editor: only the user document counts', () => {
    const claimed = env.authenticatedContext('player', { role: 'editor', editor: true });
    expect(claimed.update('products/mining_iron_ore', audited('mining_iron_ore', { name: 'X Y', updatedAt: env.now }))).toBe(false);
  });
});

// Issue 38: a material edited from the console (domain/src/validation/add-material.ts MATERIAL_EDITABLE_FIELDS).
describe('editing a material: the editable fields within Add Material limits, audited, at the server time', () => {
  it.each<[string, Record<string, Plain>, boolean]>([
    ['a new price, quantity, space and unit', { value: 5, amount: 0, spaceRequired: 1, unit: 't' }, true],
    ['an image URL added', { image_url: 'https://img.test/iron.png' }, true],
    ['a negative price', { value: -1 }, false],
    ['a quantity as text', { amount: '100' }, false],
    ['an empty unit', { unit: '' }, false],
    ['a 21-character unit', { unit: 'u'.repeat(21) }, false],
    ['a 501-character image URL', { image_url: 'x'.repeat(501) }, false],
    ["the game's id", { id: 2 }, false],
    ["the game's snapshot", { lastqty: 1 }, false],
    ['cyclecount reset', { cyclecount: 0 }, false],
    ['a field the console does not know', { credits: 5 }, false],
  ])('an editor saving %s: %s', (_, changes, allowed) => {
    expect(as('editor').update('materials/Iron', auditedMaterial('Iron', changes))).toBe(allowed);
  });

  it("removing the game's bookkeeping is refused; removing the image is allowed", () => {
    env.seed('materials/Tin', { id: 3, unit: 'kg', value: 1, amount: 1, image_url: 'https://img.test/t.png', cyclecount: 2 });
    expect(as('editor').removeFields('materials/Tin', ['image_url'], auditedMaterial('Tin', {}))).toBe(true);
    expect(as('editor').removeFields('materials/Tin', ['cyclecount'], auditedMaterial('Tin', {}))).toBe(false);
    expect(as('editor').removeFields('materials/Tin', ['id'], auditedMaterial('Tin', {}))).toBe(false);
  });

  it('an edit without its entry, with a reused entry, or at a client-chosen time is refused', () => {
    expect(as('editor').update('materials/Iron', { value: 5, updatedAt: env.now, auditId: 'not-in-batch' })).toBe(false);
    expect(as('editor').update('materials/Iron', { value: 5, updatedAt: env.now, auditId: 'old-entry' })).toBe(false);
    expect(as('editor').update('materials/Iron', { ...auditedMaterial('Iron', { value: 5 }), updatedAt: createdAt })).toBe(false);
    expect(as('editor').update('materials/Iron', { value: 5 })).toBe(false);
  });

  const entry = (extra: Record<string, Plain> = {}): Record<string, Plain> => ({
    materialId: 'Iron', action: 'update', uid: 'editor', email: 'editor@example.com', at: env.now, before: { value: 3.5 }, after: { value: 5 }, changedFields: ['value'], ...extra,
  });
  it.each<[string, Who, () => Record<string, Plain>, boolean]>([
    ['what the console writes', 'editor', () => entry(), true],
    ['a restore', 'admin', () => entry({ uid: 'admin', action: 'restore' }), true],
    ['by a player', 'player', () => entry({ uid: 'player' }), false],
    ["in someone else's name", 'editor', () => entry({ uid: 'admin' }), false],
    ['at a client-chosen time', 'editor', () => entry({ at: createdAt }), false],
    ['for another material than the batch writes', 'editor', () => entry({ materialId: 'Tin' }), false],
    ['with an extra field', 'editor', () => entry({ note: 'x' }), false],
    ["an import's create (no before)", 'editor', () => entry({ action: 'create', before: null }), true],
    ['with an unknown action', 'editor', () => entry({ action: 'delete' }), false],
  ])('a materialAudit entry %s (%s): %s', (_, who, data, allowed) => {
    env.alongside('materials/Iron', { auditId: 'new-material-entry' });
    expect(as(who).set('materialAudit/new-material-entry', data())).toBe(allowed);
  });
});

// Issue 38: an import of materials creates new ones with their materialAudit entry in the same batch (job-named, so
// a resumed job cannot create one twice); Add Material's plain create (no entry) stays allowed.
describe('an import creating a material: audited, at the server time, each entry once', () => {
  function importedMaterial(name: string, extra: Record<string, Plain> = {}, entryFor = name): Record<string, Plain> {
    const entryId = `bulk_job1_${name}_${++entries}`;
    env.alongside(`materialAudit/${entryId}`, { materialId: entryFor });
    return { ...newMaterial(), updatedAt: env.now, auditId: entryId, ...extra };
  }
  it.each<[Who, boolean]>([
    ['admin', true],
    ['editor', true],
    ['player', false],
    ['guest', false],
  ])('%s creating a material with its entry: %s', (who, allowed) => {
    expect(as(who).set('materials/Cobalt', importedMaterial('Cobalt'))).toBe(allowed);
  });
  it.each<[string, () => Record<string, Plain>, boolean]>([
    ['with an image and its entry', () => importedMaterial('Cobalt', { image_url: 'https://img.test/co.png' }), true],
    ['naming an entry not in the batch', () => ({ ...newMaterial(), updatedAt: env.now, auditId: 'not-in-batch' }), false],
    ['naming an entry that already exists (the job run twice)', () => ({ ...newMaterial(), updatedAt: env.now, auditId: 'old-entry' }), false],
    ['with an entry describing another material', () => importedMaterial('Cobalt', {}, 'Tin'), false],
    ['at a client-chosen time', () => importedMaterial('Cobalt', { updatedAt: createdAt }), false],
    ['with its entry but no updatedAt', () => Object.fromEntries(Object.entries(importedMaterial('Cobalt')).filter(([k]) => k !== 'updatedAt')), false],
    ['with a negative price', () => importedMaterial('Cobalt', { value: -1 }), false],
    ['with invented history (cyclecount 3)', () => importedMaterial('Cobalt', { cyclecount: 3 }), false],
  ])('an editor creating materials/Cobalt %s: %s', (_, data, allowed) => {
    expect(as('editor').set('materials/Cobalt', data())).toBe(allowed);
  });
  it('an existing material is never replaced by an import create', () => {
    expect(as('admin').set('materials/Iron', importedMaterial('Iron'))).toBe(false);
  });
});

describe('users and roles: only admins', () => {
  it.each<[Who, boolean]>([
    ['admin', true],
    ['editor', false],
    ['player', false],
    ['guest', false],
  ])("%s lists the users, reads another user's document and the role audit trail: %s", (who, allowed) => {
    expect(as(who).list('users')).toBe(allowed);
    expect(as(who).get('users/carol')).toBe(allowed);
    expect(as(who).get('roleAudit/grant-1')).toBe(allowed);
    expect(as(who).list('roleAudit')).toBe(allowed);
  });

  it.each<[Who, boolean]>([
    ['admin', true],
    ['editor', false],
    ['player', false],
    ['guest', false],
  ])('%s grants the editor role to carol, and revokes it from the editor: %s', (who, allowed) => {
    expect(as(who).update('users/carol', roleChange('carol', 'editor'))).toBe(allowed);
    expect(as(who).update('users/editor', roleChange('editor', 'player'))).toBe(allowed);
  });

  it.each<[string, Who | 'revoked', string, boolean, () => Record<string, Plain>]>([
    ['an editor grants themselves the role again', 'editor', 'users/editor', false, () => roleChange('editor', 'editor')],
    ['a player grants themselves the editor role', 'player', 'users/player', false, () => roleChange('player', 'editor')],
    ['a player grants it without an audit entry', 'player', 'users/player', false, () => ({ role: 'editor' })],
    ['a revoked editor takes the role back', 'revoked', 'users/revoked', false, () => roleChange('revoked', 'editor')],
    ['an editor grants the role to a player', 'editor', 'users/player', false, () => roleChange('player', 'editor')],
    ['an admin changes their own role', 'admin', 'users/admin', false, () => roleChange('admin', 'editor')],
    ["an admin grants a role to another admin's document", 'admin', 'users/admin2', false, () => roleChange('admin2', 'editor')],
    ['an admin grants without the audit entry', 'admin', 'users/carol', false, () => ({ role: 'editor', roleAuditId: 'not-in-batch' })],
    ['an admin grants with no roleAuditId', 'admin', 'users/carol', false, () => ({ role: 'editor' })],
    ["an admin reuses an existing entry's id", 'admin', 'users/carol', false, () => ({ role: 'editor', roleAuditId: 'grant-1' })],
    ['an admin grants a role that does not exist', 'admin', 'users/carol', false, () => roleChange('carol', 'owner')],
    ['an admin grants isAdmin with the role', 'admin', 'users/carol', false, () => ({ ...roleChange('carol', 'editor'), isAdmin: true })],
    ["an admin renames the user with the role", 'admin', 'users/carol', false, () => ({ ...roleChange('carol', 'editor'), displayName: 'x' })],
    ['an admin grants with an entry that names another user', 'admin', 'users/carol', false, () => ({ ...roleChange('player', 'editor') })],
    ['an admin grants the editor role (the table above, once more)', 'admin', 'users/carol', true, () => roleChange('carol', 'editor')],
  ])('%s (%s → %s): %s', (_, who, path, allowed, changes) => {
    expect(as(who).update(path, changes())).toBe(allowed);
  });

  it('a player cannot create their user document with a role', () => {
    const fresh = env.authenticatedContext('erin', { email: 'erin@example.com' });
    const doc = { uid: 'erin', email: 'erin@example.com', displayName: '', isAdmin: false, createdAt: env.now, lastLoginAt: env.now };
    expect(fresh.set('users/erin', doc)).toBe(true);
    expect(fresh.set('users/erin', { ...doc, role: 'editor' })).toBe(false);
  });

  it('the sign-in merge-write still works for an editor (lastLoginAt only)', () => {
    expect(as('editor').update('users/editor', { lastLoginAt: env.now })).toBe(true);
    expect(as('editor').get('users/editor')).toBe(true);
  });
});

describe('the role audit trail: written by an admin with the grant, in their name, never changed', () => {
  const entry = (extra: Record<string, Plain> = {}): Record<string, Plain> => ({
    userId: 'carol',
    userEmail: 'carol@example.com',
    role: 'editor',
    previousRole: 'player',
    uid: 'admin',
    email: 'admin@example.com',
    at: env.now,
    ...extra,
  });
  beforeEach(() => {
    env.alongside('users/carol', { ...userDoc('carol'), role: 'editor', roleAuditId: 'new-entry' });
  });

  it.each<[string, Who, boolean, () => Record<string, Plain>]>([
    ['what Manage Users writes', 'admin', true, () => entry()],
    ['by an editor', 'editor', false, () => entry({ uid: 'editor' })],
    ['by a player', 'player', false, () => entry({ uid: 'player' })],
    ['by a guest', 'guest', false, () => entry()],
    ["in another admin's name", 'admin', false, () => entry({ uid: 'someone' })],
    ['at a client-chosen time', 'admin', false, () => entry({ at: createdAt })],
    ['naming another role than the user gets', 'admin', false, () => entry({ role: 'player' })],
    ['for a user the batch does not change', 'admin', false, () => entry({ userId: 'player' })],
    ['with an extra field', 'admin', false, () => entry({ note: 'x' })],
    ['without previousRole', 'admin', false, () => ({ ...entry(), previousRole: null })],
  ])('an entry %s (%s): %s', (_, who, allowed, data) => {
    const fields = Object.fromEntries(Object.entries(data()).filter(([, v]) => v !== null));
    expect(as(who).set('roleAudit/new-entry', fields)).toBe(allowed);
  });

  it.each(EVERYONE)('%s cannot change or delete an entry', (who) => {
    expect(as(who).update('roleAudit/grant-1', { role: 'player' })).toBe(false);
    expect(as(who).delete('roleAudit/grant-1')).toBe(false);
  });
});
