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
import { RUNTIME_CONFIG_PATH, type RuntimeConfig } from '../config/runtime-config';

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

export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
}

/** Fetches and validates the runtime config; every failure is a RuntimeConfigError naming the URL and the problem. */
export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = fetch,
  url: string = RUNTIME_CONFIG_PATH,
): Promise<RuntimeConfig> {
  let response: Response;
  try {
    // The file changes per environment behind a fixed name: never use a cached copy.
    response = await fetchImpl(url, { cache: 'no-store' });
  } catch (cause) {
    throw new RuntimeConfigError(`Runtime config ${url} could not be fetched: ${String(cause)}`, { cause });
  }
  if (!response.ok) {
    throw new RuntimeConfigError(`Runtime config ${url} could not be fetched: HTTP ${response.status}`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new RuntimeConfigError(`Runtime config ${url} is not valid JSON`, { cause });
  }
  const problems = runtimeConfigProblems(body);
  if (problems.length > 0) {
    throw new RuntimeConfigError(`Runtime config ${url} is invalid: ${problems.join('; ')}`);
  }
  return body as RuntimeConfig;
}

/** Every problem of a candidate runtime config, as 'field: what is wrong'; empty when valid. */
export function runtimeConfigProblems(value: unknown): string[] {
  if (!isRecord(value)) return ['the file must contain a JSON object'];
  const problems: string[] = [];
  const text = (path: string, v: unknown) => {
    if (typeof v !== 'string' || v.trim() === '') problems.push(`${path} must be a non-empty string`);
  };
  const section = (path: string, v: unknown, fields: string[]) => {
    if (!isRecord(v)) {
      problems.push(`${path} must be an object`);
      return;
    }
    for (const field of fields) text(`${path}.${field}`, v[field]);
  };
  section('remotes', value.remotes, ['publicSite', 'adminConsole']);
  section('firebase', value.firebase, ['apiKey', 'authDomain', 'projectId', 'appId']);
  text('registerUrl', value.registerUrl);
  if (value.emulators !== undefined) {
    const emulators = value.emulators;
    if (!isRecord(emulators)) {
      problems.push('emulators must be an object when present');
    } else {
      text('emulators.authUrl', emulators.authUrl);
      text('emulators.firestoreHost', emulators.firestoreHost);
      const port = emulators.firestorePort;
      if (typeof port !== 'number' || !Number.isInteger(port) || port <= 0 || port > 65535) {
        problems.push('emulators.firestorePort must be an integer port number');
      }
    }
  }
  return problems;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
