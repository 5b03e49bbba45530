/** Test harness: an in-process emulator on a random port and SDK clients pointed at it. */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, setLogLevel, terminate, type Firestore } from 'firebase/firestore/lite';
import * as admin from 'firebase-admin/app';
import { getFirestore as getAdminFirestore, type Firestore as AdminFirestore, type Settings } from 'firebase-admin/firestore';
import { startFirestoreEmulator, type FirestoreEmulatorOptions, type RunningFirestoreEmulator } from '../../src/firestore';

export const PROJECT_ID = 'demo-sbc-tycoon';

// Expected failures (denials, retried transactions) would otherwise flood the output with SDK warnings.
setLogLevel('error');

export async function startTestEmulator(options: Partial<FirestoreEmulatorOptions> = {}): Promise<RunningFirestoreEmulator> {
  return startFirestoreEmulator({ projectId: PROJECT_ID, port: 0, ...options });
}

export interface LiteClient {
  app: FirebaseApp;
  db: Firestore;
  close(): Promise<void>;
}

let appCounter = 0;

/**
 * A lite client. `mockUserToken` signs it in: an object is the SDK's mock user (`{ sub: 'alice' }`), a string
 * is sent verbatim as the bearer token (e.g. an Auth-emulator ID token from `idToken()`).
 */
export function liteClient(
  emulator: RunningFirestoreEmulator,
  name: string,
  mockUserToken?: string | { sub: string; [claim: string]: unknown },
): LiteClient {
  const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'fake-api-key' }, `${name}-${++appCounter}`);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, emulator.host, emulator.port, mockUserToken ? { mockUserToken } : {});
  return {
    app,
    db,
    async close() {
      await terminate(db);
      await deleteApp(app);
    },
  };
}

export interface AdminClient {
  db: AdminFirestore;
  close(): Promise<void>;
}

/** firebase-admin over REST, with the settings from the protocol note (no Google credentials offline). */
export function adminClient(emulator: RunningFirestoreEmulator, name: string): AdminClient {
  const app = admin.initializeApp({ projectId: PROJECT_ID }, `${name}-${++appCounter}`);
  const db = getAdminFirestore(app);
  db.settings({
    preferRest: true,
    host: `${emulator.host}:${emulator.port}`,
    ssl: false,
    authClient: { getRequestHeaders: async () => ({}), universeDomain: 'googleapis.com' },
  } as Settings);
  return {
    db,
    async close() {
      await db.terminate();
      await admin.deleteApp(app);
    },
  };
}

/** An Auth-emulator style ID token (alg none, header `typ`). */
export function idToken(claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const payload = {
    iss: `https://securetoken.google.com/${PROJECT_ID}`,
    aud: PROJECT_ID,
    iat: now,
    exp: now + 3600,
    sub: 'user-1',
    user_id: 'user-1',
    firebase: { sign_in_provider: 'password' },
    ...claims,
  };
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
}

export function documentsUrl(emulator: RunningFirestoreEmulator, suffix = ''): string {
  return `${emulator.url}/v1/projects/${PROJECT_ID}/databases/(default)/documents${suffix}`;
}
