import { initializeApp, getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import { handleRegister, type RegisterDeps } from './register';
import { handleRenderPage } from './render-page';

// The stack sets SBC_FIRESTORE_EMULATOR_HOST when it runs our emulator on a port other than the one in
// .env.local (which wins over the parent environment inside the Functions emulator).
const firestoreEmulatorHost = process.env.SBC_FIRESTORE_EMULATOR_HOST || process.env.FIRESTORE_EMULATOR_HOST;
if (firestoreEmulatorHost) process.env.FIRESTORE_EMULATOR_HOST = firestoreEmulatorHost;

if (getApps().length === 0) initializeApp();

let firestore: Firestore | undefined;
function db(): Firestore {
  if (firestore) return firestore;
  firestore = getFirestore();
  if (firestoreEmulatorHost) {
    // Our emulator speaks REST only. Without a stub auth client firebase-admin looks for Google credentials
    // and fails offline (googleapis/nodejs-firestore#1811); with it, it sends `Bearer owner` (admin).
    firestore.settings({
      preferRest: true,
      authClient: { getRequestHeaders: async () => ({}), universeDomain: 'googleapis.com' },
    } as FirebaseFirestore.Settings);
  }
  return firestore;
}

export const deps: RegisterDeps = {
  async createAuthUser({ email, password, displayName }) {
    const record = await getAuth().createUser({ email, password, displayName });
    return { uid: record.uid, email: record.email };
  },
  async writeUserDoc({ uid, email, displayName }) {
    await db().collection('users').doc(uid).set({
      uid,
      email,
      displayName,
      isAdmin: false,
      createdAt: FieldValue.serverTimestamp(),
      lastLoginAt: FieldValue.serverTimestamp(),
    });
  },
  async deleteAuthUser(uid) {
    await getAuth().deleteUser(uid);
  },
  log(message, error) {
    console.error(message, error);
  },
};

/**
 * The framework parses application/json into an object; for other content types (text/plain is what a
 * browser can send without a preflight) it leaves `{}` or a string, so fall back to the raw bytes.
 */
function pickBody(parsed: unknown, raw: Buffer | undefined): unknown {
  const isEmptyObject = typeof parsed === 'object' && parsed !== null && !Buffer.isBuffer(parsed) && Object.keys(parsed).length === 0;
  if ((parsed === undefined || isEmptyObject) && raw && raw.length > 0) return raw;
  return parsed;
}

export const registerUser = onRequest({ region: 'europe-west1', cors: true }, async (req, res) => {
  const body = pickBody(req.body, req.rawBody);
  try {
    const result = await handleRegister({ method: req.method, body }, deps);
    for (const [name, value] of Object.entries(result.headers ?? {})) res.set(name, value);
    res.status(result.status).json(result.body);
  } catch (error) {
    console.error('registerUser: unexpected failure', error);
    res.status(500).json({ success: false, error: 'Registration failed: internal error' });
  }
});

/** Server-rendered public pages (./render-page.ts), behind the shell's Hosting rewrites. */
export const renderPage = onRequest({ region: 'europe-west1', memory: '512MiB', timeoutSeconds: 15, concurrency: 80 }, (req, res) =>
  handleRenderPage(req, res),
);
