/**
 * Firebase initialisation from the runtime config (/app-config.json). Browser code uses only
 * `firebase/firestore/lite` (no realtime listeners: ~65 KB gzip instead of 173 KB) and `firebase/auth`.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore/lite';
import type { RuntimeConfig } from '../config/runtime-config';

export interface FirebaseServices {
  app: FirebaseApp;
  auth: Auth;
  db: Firestore;
}

/**
 * Auth is initialised with `initializeAuth`, not `getAuth`: in the browser `getAuth` also installs the
 * popup/redirect sign-in helper, which fetches https://apis.google.com/js/api.js on every page (a console
 * error offline, and script the site never uses: it signs in with e-mail and password only). So there is no
 * `popupRedirectResolver`, and the persistence is `getAuth`'s own list, so existing sessions (kept in
 * IndexedDB) carry over: the first one the browser supports is used; none (Node) means in-memory.
 */
const AUTH_PERSISTENCE = [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence];

let instance: { config: string; services: FirebaseServices } | null = null;
let namedAppCount = 0;

/**
 * Initialises Firebase once per page: later calls with the same config return the same services. A call
 * with a different config is a programming error (two configs in one page) and throws.
 */
export function initFirebase(config: RuntimeConfig): FirebaseServices {
  const key = JSON.stringify(config);
  if (instance) {
    if (instance.config !== key) {
      throw new Error('initFirebase: Firebase is already initialised with a different runtime config');
    }
    return instance.services;
  }
  const services = createFirebaseServices(config);
  instance = { config: key, services };
  return services;
}

/**
 * Not cached: a separate named Firebase app per call (tests, tools). Pages use `initFirebase`.
 * `appName` defaults to '[DEFAULT]' for the first app and a unique name afterwards.
 */
export function createFirebaseServices(config: RuntimeConfig, appName?: string): FirebaseServices {
  const name = appName ?? (namedAppCount++ === 0 ? undefined : `sbc-${namedAppCount}`);
  const app = name ? initializeApp(config.firebase, name) : initializeApp(config.firebase);
  const auth = initializeAuth(app, { persistence: AUTH_PERSISTENCE });
  const db = getFirestore(app);
  if (config.emulators) {
    connectAuthEmulator(auth, config.emulators.authUrl, { disableWarnings: true });
    connectFirestoreEmulator(db, config.emulators.firestoreHost, config.emulators.firestorePort);
  }
  return { app, auth, db };
}

/** Releases the services (tests). */
export async function disposeFirebaseServices(services: FirebaseServices): Promise<void> {
  if (instance?.services === services) instance = null;
  await deleteApp(services.app);
}
