import { DEFAULT_CATALOG_QUERY } from '@sbc/domain';
import { createFakeGateway } from '../testing/fakes';
import type { AuthUser, DataGateway } from './gateway';
import { createLazyGateway, firebaseSessionKey, mayHaveFirebaseSession, type SessionProbeEnv } from './lazy-gateway';

const PLAYER = { uid: 'u1', email: 'player@example.test', displayName: 'Player' } satisfies AuthUser;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function lazy(options: { session?: boolean; load?: () => Promise<DataGateway> } = {}) {
  const real = createFakeGateway({ products: [], accounts: [{ ...PLAYER, password: 'secret-1' }] });
  const load = jest.fn(options.load ?? (() => Promise.resolve(real)));
  const logError = jest.fn();
  const gateway = createLazyGateway({ load, mayHaveSession: () => Promise.resolve(options.session ?? false), logError });
  return { gateway, real, load, logError };
}

describe('the lazy gateway: Firebase is downloaded by the first call that needs it', () => {
  test('a signed-out visitor is told "signed out" without any download', async () => {
    const { gateway, load } = lazy({ session: false });
    const listener = jest.fn();
    gateway.auth.onStateChanged(listener);
    await flush();
    expect(listener.mock.calls).toEqual([[null]]);
    expect(load).not.toHaveBeenCalled();
  });

  test('a browser that may hold a session downloads at once and hears the provider', async () => {
    const { gateway, real, load } = lazy({ session: true });
    const listener = jest.fn();
    gateway.auth.onStateChanged(listener);
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    await real.auth.signIn(PLAYER.email, 'secret-1');
    expect(listener).toHaveBeenLastCalledWith(expect.objectContaining({ uid: 'u1' }));
  });

  test('a sign-in downloads once, and a listener told "signed out" earlier hears the new user', async () => {
    const { gateway, load } = lazy({ session: false });
    const listener = jest.fn();
    gateway.auth.onStateChanged(listener);
    await flush();
    const user = await gateway.auth.signIn(PLAYER.email, 'secret-1');
    expect(user.uid).toBe('u1');
    expect(load).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenLastCalledWith(expect.objectContaining({ uid: 'u1' }));
  });

  test('calls made together share one download and get their own answers, arguments passed on', async () => {
    const { gateway, load } = lazy();
    const [products, missing, watched] = await Promise.all([
      gateway.products.getAll(),
      gateway.products.getBySlug('no-such-product'),
      gateway.watchlist.listWatchItems('u1'),
    ]);
    expect(products).toEqual([]);
    expect(missing).toBeNull();
    expect(watched).toEqual([]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('a failed download rejects the call, logs nothing itself, and the next call downloads again', async () => {
    const failure = new Error('Loading chunk firebase failed');
    const real = createFakeGateway({ products: [] });
    let attempts = 0;
    const { gateway, load, logError } = lazy({ load: () => (++attempts === 1 ? Promise.reject(failure) : Promise.resolve(real)) });
    await expect(gateway.products.getAll()).rejects.toBe(failure);
    await expect(gateway.products.getAll()).resolves.toEqual([]);
    expect(load).toHaveBeenCalledTimes(2);
    expect(logError).not.toHaveBeenCalled();
  });

  test('when the download fails, sign-in state is "signed out" and the failure is logged', async () => {
    const failure = new Error('offline');
    const { gateway, logError } = lazy({ session: true, load: () => Promise.reject(failure) });
    const listener = jest.fn();
    gateway.auth.onStateChanged(listener);
    await flush();
    expect(listener.mock.calls).toEqual([[null]]);
    expect(logError).toHaveBeenCalledWith(expect.stringContaining('Firebase could not be loaded'), failure);
  });

  test('every group forwards whatever method it is asked for, the same function each time, after one download', async () => {
    const { gateway, real, load } = lazy();
    real.data.users.set('u1', { uid: 'u1', email: PLAYER.email!, displayName: 'Player', isAdmin: false });
    expect(gateway.catalog.count).toBe(gateway.catalog.count);
    expect(load).not.toHaveBeenCalled();
    const [count, user, trades, stats] = await Promise.all([
      gateway.catalog.count(DEFAULT_CATALOG_QUERY),
      gateway.users.get('u1'),
      gateway.tradeBook.get('u1'),
      gateway.market.getStats(),
    ]);
    expect([count, user?.email, trades, stats]).toEqual([0, PLAYER.email, [], []]);
    expect(real.calls.map((c) => c.method)).toEqual(['catalog.count', 'users.get', 'tradeBook.get', 'market.getStats']);
    expect(real.calls[1]!.args).toEqual(['u1']);
    expect(load).toHaveBeenCalledTimes(1);
    // A group is never taken for a promise.
    expect((gateway.products as unknown as { then?: unknown }).then).toBeUndefined();
  });

  test('a group the real gateway lacks (alert webhooks in an older shared copy) rejects its calls', async () => {
    const { alertHooks: _none, ...older } = createFakeGateway();
    const { gateway } = lazy({ load: () => Promise.resolve(older as DataGateway) });
    await expect(gateway.alertHooks!.listAlertHooks('u1')).rejects.toThrow('This gateway has no alertHooks');
  });

  test('a listener removed before the download is never attached', async () => {
    const { gateway } = lazy({ session: false });
    const listener = jest.fn();
    const unsubscribe = gateway.auth.onStateChanged(listener);
    await flush();
    unsubscribe();
    await gateway.auth.signIn(PLAYER.email, 'secret-1');
    expect(listener.mock.calls).toEqual([[null]]);
  });
});

/** Just enough of IndexedDB for the probe: named databases, one object store, lookups by key. */
function fakeIndexedDB(databases: Record<string, Record<string, Record<string, unknown>>>, options: { listable?: boolean } = {}): IDBFactory {
  const request = <T>(result: T) => {
    const req = { result, onsuccess: null as null | (() => void), onerror: null, onblocked: null };
    setTimeout(() => req.onsuccess?.(), 0);
    return req;
  };
  const factory = {
    open: (name: string) => {
      const stores = databases[name] ?? {};
      return request({
        objectStoreNames: { contains: (store: string) => store in stores },
        transaction: (store: string) => ({ objectStore: () => ({ get: (key: string) => request(stores[store]?.[key]) }) }),
        close: () => {},
      });
    },
    ...(options.listable === false ? {} : { databases: () => Promise.resolve(Object.keys(databases).map((name) => ({ name, version: 1 }))) }),
  };
  return factory as unknown as IDBFactory;
}

describe('mayHaveFirebaseSession: whether Firebase Auth may have kept a user in this browser', () => {
  const KEY = firebaseSessionKey('demo-api-key');
  const storage = (entries: Record<string, string>) => ({ getItem: (key: string) => entries[key] ?? null });
  const withUser = { firebaseLocalStorageDb: { firebaseLocalStorage: { [KEY]: { fbase_key: KEY, value: {} } } } };
  const signedOut = { firebaseLocalStorageDb: { firebaseLocalStorage: {} } };
  const otherKey = { firebaseLocalStorageDb: { firebaseLocalStorage: { [firebaseSessionKey('another-key')]: {} } } };

  test.each<[string, boolean, SessionProbeEnv]>([
    ['nothing stored anywhere', false, { indexedDB: fakeIndexedDB({}) }],
    ['a user in Firebase’s IndexedDB database', true, { indexedDB: fakeIndexedDB(withUser) }],
    ['the database after a sign-out (no user entry)', false, { indexedDB: fakeIndexedDB(signedOut) }],
    ['a user of another project (another API key)', false, { indexedDB: fakeIndexedDB(otherKey) }],
    ['a user in local storage (Firebase’s fallback)', true, { localStorage: storage({ [KEY]: '{}' }), indexedDB: fakeIndexedDB({}) }],
    ['a user in session storage', true, { sessionStorage: storage({ [KEY]: '{}' }), indexedDB: fakeIndexedDB({}) }],
    ['no IndexedDB at all and nothing in storage', false, {}],
    ['a browser that cannot list its databases (asks Firebase)', true, { indexedDB: fakeIndexedDB({}, { listable: false }) }],
  ])('%s → %s', async (_case, expected, env) => {
    await expect(mayHaveFirebaseSession('demo-api-key', env)).resolves.toBe(expected);
  });

  test('storage that refuses access does not stop the IndexedDB check', async () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    await expect(mayHaveFirebaseSession('demo-api-key', { localStorage: refusing, indexedDB: fakeIndexedDB(withUser) })).resolves.toBe(true);
  });
});
