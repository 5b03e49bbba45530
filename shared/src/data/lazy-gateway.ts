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
import type { WatchlistGateway } from './watchlist';
import type { AlertHooksGateway } from './alert-hooks-items';

export interface LazyGatewayOptions {
  /** Downloads and starts the real gateway (a dynamic import: a chunk of its own). */
  load: () => Promise<DataGateway>;
  /** Whether this browser may hold a signed-in session; when false, sign-in state is "signed out" at once. */
  mayHaveSession: () => Promise<boolean>;
  /** Where a failed download is reported (the stores report their own call failures). */
  logError?: (message: string, error: unknown) => void;
}

/** The gateway's calls (all asynchronous); the sign-in listener and the watchlist group are wired by hand. */
type CallName = Exclude<keyof DataGateway, 'onAuthStateChanged' | 'watchlist' | 'alertHooks'>;
type AnyCall = (...args: unknown[]) => Promise<unknown>;

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

  /** A method that downloads the gateway, then calls it. */
  const forward = <K extends CallName>(name: K): DataGateway[K] =>
    ((...args: unknown[]) => real().then((gateway) => (gateway[name] as AnyCall)(...args))) as DataGateway[K];
  const forwardWatchlist = <K extends keyof WatchlistGateway>(name: K): WatchlistGateway[K] =>
    ((...args: unknown[]) => real().then((gateway) => (gateway.watchlist[name] as AnyCall)(...args))) as WatchlistGateway[K];

  const forwardAlertHooks = <K extends keyof AlertHooksGateway>(name: K): AlertHooksGateway[K] =>
    ((...args: unknown[]) =>
      real().then((gateway) => {
        if (!gateway.alertHooks) throw new Error('This gateway has no alert webhooks');
        return (gateway.alertHooks[name] as AnyCall)(...args);
      })) as AlertHooksGateway[K];

  function onAuthStateChanged(listener: (user: AuthUser | null) => void): () => void {
    let stopped = false;
    let unsubscribe = () => {};
    const attach = (gateway: DataGateway) => {
      if (!stopped) unsubscribe = gateway.onAuthStateChanged(listener);
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

  return {
    onAuthStateChanged,
    signIn: forward('signIn'),
    signOut: forward('signOut'),
    register: forward('register'),
    getUserDocument: forward('getUserDocument'),
    createUserDocument: forward('createUserDocument'),
    touchLastLogin: forward('touchLastLogin'),
    listUsers: forward('listUsers'),
    setUserRole: forward('setUserRole'),
    getRoleHistory: forward('getRoleHistory'),
    getTelemetryHours: forward('getTelemetryHours'),
    getAllProducts: forward('getAllProducts'),
    getProductsByCategory: forward('getProductsByCategory'),
    getProductsByCategoryFirstPage: forward('getProductsByCategoryFirstPage'),
    countProductsByCategory: forward('countProductsByCategory'),
    getProductBySlug: forward('getProductBySlug'),
    getProductsUsingMaterial: forward('getProductsUsingMaterial'),
    getProductForEdit: forward('getProductForEdit'),
    addProduct: forward('addProduct'),
    updateProduct: forward('updateProduct'),
    searchProducts: forward('searchProducts'),
    getProductHistory: forward('getProductHistory'),
    listCatalogPage: forward('listCatalogPage'),
    countCatalog: forward('countCatalog'),
    listAllMatching: forward('listAllMatching'),
    findProductsForImport: forward('findProductsForImport'),
    applyBulkChanges: forward('applyBulkChanges'),
    listMaterialDocuments: forward('listMaterialDocuments'),
    applyMaterialChanges: forward('applyMaterialChanges'),
    getMaterials: forward('getMaterials'),
    getMaterialByName: forward('getMaterialByName'),
    addMaterial: forward('addMaterial'),
    getMaterialForEdit: forward('getMaterialForEdit'),
    updateMaterial: forward('updateMaterial'),
    getMaterialHistory: forward('getMaterialHistory'),
    getMarketStats: forward('getMarketStats'),
    getGameDate: forward('getGameDate'),
    getGameStats: forward('getGameStats'),
    getTalents: forward('getTalents'),
    getCatalogIndex: forward('getCatalogIndex'),
    getTrades: forward('getTrades'),
    updateTrades: forward('updateTrades'),
    getMarketHistory: forward('getMarketHistory'),
    getMarketMovers: forward('getMarketMovers'),
    watchlist: {
      listWatchItems: forwardWatchlist('listWatchItems'),
      addWatchItem: forwardWatchlist('addWatchItem'),
      removeWatchItem: forwardWatchlist('removeWatchItem'),
      updateWatchItems: forwardWatchlist('updateWatchItems'),
    },
    alertHooks: {
      listAlertHooks: forwardAlertHooks('listAlertHooks'),
      getAlertHook: forwardAlertHooks('getAlertHook'),
      addAlertHook: forwardAlertHooks('addAlertHook'),
      removeAlertHook: forwardAlertHooks('removeAlertHook'),
      requestAlertHookTest: forwardAlertHooks('requestAlertHookTest'),
      // A gateway without the e-mail calls (not expected: the lazy and the real gateway come from the same shared
      // copy) answers "not available" rather than failing.
      emailAlertsAvailable: () => real().then((gateway) => gateway.alertHooks?.emailAlertsAvailable?.() ?? false),
      addEmailAlerts: forwardAlertHooks('addEmailAlerts'),
    },
  };
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
