/**
 * What the console's integration tests (./admin-catalog.int.test.ts, ./catalogue-files.int.test.ts) share: the user
 * document of their admin, the real SDK signed in as that admin against the local backend's Firestore emulator, and
 * what a call costs there in reads and writes. Each test starts the emulator itself (its own rules, indexes and
 * documents) and hands it in: outside a *.test.ts file shared may not import the local backend
 * (scripts/boundaries/rules.mjs).
 */
import { type FirebaseApp, initializeApp } from 'firebase/app';
import { type Firestore, connectFirestoreEmulator, getFirestore } from 'firebase/firestore/lite';

/** What these helpers use of a running emulator (RunningFirestoreEmulator, local-backend/src/firestore/emulator.ts). */
interface TestEmulator {
  projectId: string;
  host: string;
  port: number;
  counters(): { reads: Record<string, number>; writes: Record<string, number> };
}

/** The document that makes `actor` an admin under firestore.rules, for the emulator's importPlainDocuments. */
export function adminUserDocument(actor: { uid: string; email: string }) {
  return { path: `users/${actor.uid}`, data: { uid: actor.uid, email: actor.email, displayName: 'Admin', isAdmin: true } };
}

/** A Firestore client on an app of its own (`appName`), signed in to `emulator` as `uid` (a mock token). */
export function signedInFirestore(emulator: TestEmulator, appName: string, uid: string): { app: FirebaseApp; db: Firestore } {
  const app = initializeApp({ projectId: emulator.projectId, apiKey: 'fake-api-key' }, appName);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, emulator.host, emulator.port, { mockUserToken: { sub: uid, user_id: uid } });
  return { app, db };
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** What `run` answers, and how many documents the emulator counted it reading and writing. */
export async function costOf<T>(emulator: TestEmulator, run: () => Promise<T>): Promise<{ result: T; reads: number; writes: number }> {
  const before = emulator.counters();
  const result = await run();
  const after = emulator.counters();
  return { result, reads: sum(after.reads) - sum(before.reads), writes: sum(after.writes) - sum(before.writes) };
}
