/**
 * The editor role (issue 38) end to end below the browser: the real gateway (createGatewayFromServices, the SDK's
 * firebase/firestore/lite) against the project's Firestore emulator enforcing firestore.rules, one signed-in client
 * per user (the emulator's mock tokens). An editor's catalogue writes pass and are audited in their name; their
 * user and role operations are refused; an admin's grant and revoke each write a roleAudit entry, and take effect
 * on the editor's next write.
 */
import { type FirebaseApp, deleteApp, initializeApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import { connectFirestoreEmulator, doc, getDoc, getFirestore, setLogLevel } from 'firebase/firestore/lite';
import { join } from 'node:path';
import { startFirestoreEmulator, type RunningFirestoreEmulator } from '../../../local-backend/src/firestore';
import { loadRulesFile } from '../../../local-backend/src/rules';
import { createGatewayFromServices } from './firebase-gateway';
import type { DataGateway } from './gateway';

const PROJECT_ID = 'demo-sbc-tycoon';
const RULES_PATH = join(__dirname, '../../../firestore.rules');
const createdAt = new Date('2026-01-01T00:00:00.000Z');
const denied = { code: 'permission-denied' };

const USERS = {
  admin: { uid: 'r-admin', email: 'admin@example.com', isAdmin: true },
  editor: { uid: 'r-editor', email: 'editor@example.com', isAdmin: false },
  player: { uid: 'r-player', email: 'player@example.com', isAdmin: false },
} as const;
type Who = keyof typeof USERS;

let emulator: RunningFirestoreEmulator;
const apps: FirebaseApp[] = [];

/** The console's gateway as `who` sees it: their token on every request, their name in the audit entries. */
function gatewayAs(who: Who): DataGateway {
  const { uid, email } = USERS[who];
  const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'fake-api-key' }, `roles-${who}-${apps.length}`);
  apps.push(app);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, emulator.host, emulator.port, { mockUserToken: { sub: uid, user_id: uid, email } });
  // Auth is not called by the methods used here (the actor is given).
  return createGatewayFromServices({ auth: {} as Auth, db }, 'http://127.0.0.1:1/unused', undefined, () => ({ uid, email }));
}

/** A user document as stored: raw fields through a client of the admin (who may read every user). */
async function storedUser(uid: string): Promise<Record<string, unknown>> {
  const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'fake-api-key' }, `roles-reader-${apps.length}`);
  apps.push(app);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, emulator.host, emulator.port, { mockUserToken: { sub: USERS.admin.uid, user_id: USERS.admin.uid } });
  return (await getDoc(doc(db, 'users', uid))).data() ?? {};
}

beforeAll(async () => {
  setLogLevel('silent');
  emulator = await startFirestoreEmulator({ port: 0, projectId: PROJECT_ID, rules: loadRulesFile(RULES_PATH) });
  emulator.importPlainDocuments([
    ...Object.values(USERS).map(({ uid, email, isAdmin }) => ({
      path: `users/${uid}`,
      data: { uid, email, displayName: uid, isAdmin, createdAt, lastLoginAt: createdAt },
    })),
    { path: 'products/mining_iron_ore', data: { slug: 'iron-ore', name: 'Iron Ore', category: 'mining', average_market_price: 12, createdAt } },
    { path: 'materials/Iron', data: { id: 1, unit: 'kg', spaceRequired: 0.5, value: 3.5, amount: 100, lastqty: 90, lastvalue: 3, startqty: 50, startvalue: 2, cyclecount: 4 } },
  ]);
});

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  await emulator.stop();
});

beforeEach(() => jest.spyOn(console, 'log').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

describe('the editor role through the gateway and the rules', () => {
  it('before the grant, the future editor is a player: catalogue writes are refused', async () => {
    await expect(gatewayAs('editor').products.update('iron-ore', { slug: 'iron-ore', name: 'Iron Ore', category: 'mining', average_market_price: 13 })).rejects.toMatchObject(denied);
  });

  it("an admin grants the role: the user document holds it and a roleAudit entry says who, what, to whom, when", async () => {
    const admin = gatewayAs('admin');
    const updated = await admin.users.setRole(USERS.editor.uid, 'editor');
    expect(updated).toMatchObject({ uid: USERS.editor.uid, role: 'editor', isAdmin: false });
    expect(await storedUser(USERS.editor.uid)).toMatchObject({ role: 'editor', isAdmin: false });
    const [entry] = await admin.audit.roleHistory();
    expect(entry).toMatchObject({ userId: USERS.editor.uid, userEmail: USERS.editor.email, role: 'editor', previousRole: 'player', uid: USERS.admin.uid, email: USERS.admin.email });
    expect(entry!.at).toBeInstanceOf(Date);
    expect((await storedUser(USERS.editor.uid)).roleAuditId).toBe(entry!.id);
  });

  it("the editor's catalogue writes pass, each audited in the editor's name; the history is theirs to read", async () => {
    const editor = gatewayAs('editor');
    const saved = await editor.products.update('iron-ore', { slug: 'iron-ore', name: 'Iron Ore', category: 'mining', average_market_price: 14 });
    expect(saved.product.average_market_price).toBe(14);
    const id = await editor.products.add({ slug: 'copper-wire', name: 'Copper Wire', category: 'electronics' }, { explicitId: 'electronics_copper_wire' });
    expect(id).toBe('electronics_copper_wire');
    const material = await editor.materials.add('Cobalt', { id: 9, unit: 'kg', spaceRequired: 0, value: 4, amount: 10, lastqty: 10, lastvalue: 4, startqty: 10, startvalue: 4, cyclecount: 0 });
    expect(material.name).toBe('Cobalt');
    const [last] = await editor.audit.productHistory('mining_iron_ore');
    expect(last).toMatchObject({ action: 'update', uid: USERS.editor.uid, email: USERS.editor.email, changedFields: ['average_market_price'] });
  });

  it("the editor edits a material (audited, with before and after), restores the first version, and cannot touch the game's fields", async () => {
    const editor = gatewayAs('editor');
    const loaded = (await editor.materials.getForEdit('Iron'))!;
    expect(loaded.raw).toMatchObject({ id: 1, unit: 'kg', value: 3.5 });
    const first = await editor.materials.update('Iron', { ...loaded.raw, value: 4.25, image_url: 'https://img.test/iron.png' }, { expectedVersion: loaded.version });
    expect(first.material).toMatchObject({ name: 'Iron', value: 4.25, image_url: 'https://img.test/iron.png', cyclecount: 4, lastqty: 90 });
    await editor.materials.update('Iron', { ...first.raw, value: 5 }, { expectedVersion: first.version });
    // A save with a stale version is refused as a conflict.
    await expect(editor.materials.update('Iron', { ...first.raw, value: 6 }, { expectedVersion: first.version })).rejects.toMatchObject({ code: 'conflict' });
    let history = await editor.audit.materialHistory('Iron');
    expect(history.map((e) => [e.action, e.changedFields, e.uid])).toEqual([
      ['update', ['value'], USERS.editor.uid],
      ['update', ['image_url', 'value'], USERS.editor.uid],
    ]);
    expect(history[1]).toMatchObject({ before: { value: 3.5 }, after: { value: 4.25 } });
    // Restore the first edit's version: a save of its "after", recorded as a restore.
    await editor.materials.update('Iron', history[1]!.after, { action: 'restore' });
    history = await editor.audit.materialHistory('Iron');
    expect(history[0]).toMatchObject({ action: 'restore', changedFields: ['value'], after: { value: 4.25 } });
    // The game's bookkeeping is refused by the gateway (the domain's rule) before any write.
    await expect(editor.materials.update('Iron', { ...history[0]!.after, cyclecount: 0 })).rejects.toMatchObject({ code: 'invalid-data', message: 'Il campo "cyclecount" non è modificabile: lo gestisce il gioco' });
    // A player's edit is refused by the rules.
    await expect(gatewayAs('player').materials.update('Iron', { ...history[0]!.after, value: 1 })).rejects.toMatchObject(denied);
    await expect(gatewayAs('player').audit.materialHistory('Iron')).rejects.toMatchObject(denied);
  });

  it("the editor's user and role operations are refused: listing users, the role history, granting (themselves or others)", async () => {
    const editor = gatewayAs('editor');
    await expect(editor.users.list()).rejects.toMatchObject(denied);
    await expect(editor.audit.roleHistory()).rejects.toMatchObject(denied);
    await expect(editor.users.setRole(USERS.player.uid, 'editor')).rejects.toMatchObject(denied);
    await expect(editor.users.setRole(USERS.editor.uid, 'editor')).rejects.toMatchObject(denied);
    expect((await storedUser(USERS.player.uid)).role).toBeUndefined();
  });

  it("a player cannot grant themselves the role, nor write the catalogue; an admin cannot change an admin's role", async () => {
    const player = gatewayAs('player');
    await expect(player.users.setRole(USERS.player.uid, 'editor')).rejects.toMatchObject(denied);
    await expect(player.materials.add('Nickel', { id: 10, unit: 'kg', spaceRequired: 0, value: 1, amount: 1, lastqty: 1, lastvalue: 1, startqty: 1, startvalue: 1, cyclecount: 0 })).rejects.toMatchObject(denied);
    await expect(gatewayAs('admin').users.setRole(USERS.admin.uid, 'editor')).rejects.toMatchObject(denied);
  });

  it("an admin revokes the role: a second entry, newest first, and the editor's next write is refused", async () => {
    const admin = gatewayAs('admin');
    await expect(admin.users.setRole(USERS.editor.uid, 'player')).resolves.toMatchObject({ role: 'player' });
    const history = await admin.audit.roleHistory();
    expect(history.map((e) => [e.userId, e.previousRole, e.role])).toEqual([
      [USERS.editor.uid, 'editor', 'player'],
      [USERS.editor.uid, 'player', 'editor'],
    ]);
    await expect(gatewayAs('editor').products.update('iron-ore', { slug: 'iron-ore', name: 'Iron Ore', category: 'mining', average_market_price: 15 })).rejects.toMatchObject(denied);
    await expect(admin.products.getBySlug('iron-ore')).resolves.toMatchObject({ average_market_price: 14 });
  });
});
