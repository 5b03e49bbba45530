/**
 * The browser's DataGateway without Firebase at start-up. Firebase (app, auth and Firestore lite: about 58 KB
 * gzip of the first visit's JavaScript) is downloaded by the first call that needs it. A visitor reading a
 * server-rendered page needs none: the page's data came with the HTML (../ssr), and a visitor who has never
 * signed in on this browser is known to be signed out without asking Firebase (`mayHaveFirebaseSession`).
 *
 * The gateway's contract is unchanged: every call answers what the Firebase gateway answers, after the download.
 * If the download fails, calls reject with that error (the stores show their error states and retry with the
 * next call, which downloads again) and sign-in state listeners hear "signed out".
 */
import type { AuthUser, DataGateway } from './gateway';

export interface LazyGatewayOptions {
  /** Downloads and starts the real gateway (a dynamic import: a chunk of its own). */
  load: () => Promise<DataGateway>;
  /** Whether this browser may hold a signed-in session; when false, sign-in state is "signed out" at once. */
  mayHaveSession: () => Promise<boolean>;
  /** Where a failed download is reported (the stores report their own call failures). */
  logError?: (message: string, error: unknown) => void;
}

type AnyCall = (...args: unknown[]) => Promise<unknown>;

/**
 * The gateway's groups, which the lazy gateway presents before the real one exists. A list of groups, not of methods:
 * any method asked of a group is forwarded (a group added to DataGateway and not here fails the type check).
 */
const GROUPS: Record<keyof DataGateway, true> = {
  auth: true,
  users: true,
  products: true,
  catalog: true,
  materials: true,
  market: true,
  game: true,
  plan: true,
  audit: true,
  telemetry: true,
  tradeBook: true,
  watchlist: true,
  alertHooks: true,
};

export function createLazyGateway({ load, mayHaveSession, logError = console.error }: LazyGatewayOptions): DataGateway {
  let loading: Promise<DataGateway> | null = null;
  const whenLoaded = new Set<(gateway: DataGateway) => void>();

  function real(): Promise<DataGateway> {
    loading ??= load().then(
      (gateway) => {
        for (const callback of [...whenLoaded]) callback(gateway);
        whenLoaded.clear();
        return gateway;
      },
      (error: unknown) => {
        loading = null; // the next call tries again
        throw error;
      },
    );
    return loading;
  }

  /**
   * A group whose every method downloads the gateway, then calls the real group's method of that name (one function
   * per name, so a method read twice is the same function). `own` holds the methods written by hand.
   */
  function forwardingGroup(group: keyof DataGateway, own: object = {}): object {
    const forwarders = new Map<string, AnyCall>();
    return new Proxy(own, {
      get(target, method, receiver) {
        // Symbols, the object's own methods and Object.prototype's (toString…) are not gateway calls; nor is `then`,
        // so that a group is never taken for a promise.
        if (typeof method !== 'string' || method in target || method === 'then') return Reflect.get(target, method, receiver);
        let forward = forwarders.get(method);
        if (!forward) {
          forward = (...args: unknown[]) =>
            real().then((gateway) => {
              const calls = gateway[group] as Record<string, AnyCall> | undefined;
              if (!calls) throw new Error(`This gateway has no ${group}`);
              if (typeof calls[method] !== 'function') throw new Error(`This gateway has no ${group}.${method}`);
              return calls[method](...args);
            });
          forwarders.set(method, forward);
        }
        return forward;
      },
    });
  }

  function onStateChanged(listener: (user: AuthUser | null) => void): () => void {
    let stopped = false;
    let unsubscribe = () => {};
    const attach = (gateway: DataGateway) => {
      if (!stopped) unsubscribe = gateway.auth.onStateChanged(listener);
    };
    const signedOut = (error?: unknown) => {
      if (error !== undefined) logError('[gateway] Firebase could not be loaded: signed out until it can', error);
      if (!stopped) listener(null);
    };
    if (loading) {
      loading.then(attach, signedOut);
    } else {
      // Attached whenever Firebase arrives (a sign-in, a read), so later changes are heard.
      whenLoaded.add(attach);
      mayHaveSession().then(
        (may) => {
          if (may) real().catch(signedOut);
          else if (!loading) signedOut();
        },
        () => real().catch(signedOut),
      );
    }
    return () => {
      stopped = true;
      whenLoaded.delete(attach);
      unsubscribe();
    };
  }

  // The sign-in listener is the one method written by hand: it answers "signed out" without a download.
  const groups = Object.fromEntries(
    (Object.keys(GROUPS) as Array<keyof DataGateway>).map((group) => [group, forwardingGroup(group, group === 'auth' ? { onStateChanged } : {})]),
  );
  return groups as unknown as DataGateway;
}

/** Where Firebase Auth keeps a session (its persistence classes; the key names the API key and the app). */
const FIREBASE_SESSION_DATABASE = 'firebaseLocalStorageDb';
const FIREBASE_SESSION_STORE = 'firebaseLocalStorage';

export function firebaseSessionKey(apiKey: string, appName = '[DEFAULT]'): string {
  return `firebase:authUser:${apiKey}:${appName}`;
}

/**
 * Whether Firebase Auth may have kept a signed-in user in this browser: a user entry in its IndexedDB
 * database, or in local or session storage (its fallbacks). Errs on "may": when the browser cannot say
 * (no `indexedDB.databases`, a blocked database), Firebase is loaded and answers itself.
 */
export async function mayHaveFirebaseSession(apiKey: string, env: SessionProbeEnv = browserEnv()): Promise<boolean> {
  const key = firebaseSessionKey(apiKey);
  try {
    if (env.localStorage?.getItem(key) != null || env.sessionStorage?.getItem(key) != null) return true;
  } catch {
    // Storage access refused (privacy settings): IndexedDB decides.
  }
  const idb = env.indexedDB;
  if (!idb) return false;
  if (typeof idb.databases !== 'function') return true;
  try {
    const databases = await idb.databases();
    if (!databases.some((database) => database.name === FIREBASE_SESSION_DATABASE)) return false;
    return await storedEntryExists(idb, key);
  } catch {
    return true;
  }
}

export interface SessionProbeEnv {
  localStorage?: Pick<Storage, 'getItem'>;
  sessionStorage?: Pick<Storage, 'getItem'>;
  indexedDB?: IDBFactory;
}

function browserEnv(): SessionProbeEnv {
  const scope = globalThis as Partial<Window & typeof globalThis>;
  const storage = (name: 'localStorage' | 'sessionStorage') => {
    try {
      return scope[name];
    } catch {
      return undefined;
    }
  };
  return { localStorage: storage('localStorage'), sessionStorage: storage('sessionStorage'), indexedDB: scope.indexedDB };
}

/** Opens Firebase's database (it exists: `open` would otherwise create it) and looks the key up. */
function storedEntryExists(idb: IDBFactory, key: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = idb.open(FIREBASE_SESSION_DATABASE);
    request.onerror = () => resolve(true);
    request.onblocked = () => resolve(true);
    request.onsuccess = () => {
      const db = request.result;
      try {
        if (!db.objectStoreNames.contains(FIREBASE_SESSION_STORE)) {
          resolve(false);
          return;
        }
        const lookup = db.transaction(FIREBASE_SESSION_STORE, 'readonly').objectStore(FIREBASE_SESSION_STORE).get(key);
        lookup.onsuccess = () => resolve(lookup.result !== undefined);
        lookup.onerror = () => resolve(true);
      } catch {
        resolve(true);
      } finally {
        db.close();
      }
    };
  });
}
