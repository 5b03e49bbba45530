/**
 * What the browser journeys put on `window` inside the page (page.evaluate / addInitScript) and the
 * Chromium-only APIs they read. Not part of any app build.
 */
type FirebaseAppModule = typeof import('firebase/app');
type FirestoreLiteModule = typeof import('firebase/firestore/lite');
type FirebaseAuthModule = typeof import('firebase/auth');

interface Window {
  /** The real Firebase SDK loaded by e2e/lib/browser-sdk.ts (the names its bundle exports), and its instances. */
  sdk: Pick<FirebaseAppModule, 'initializeApp' | 'FirebaseError'> &
    Pick<
      FirestoreLiteModule,
      | 'getFirestore'
      | 'connectFirestoreEmulator'
      | 'Timestamp'
      | 'collection'
      | 'doc'
      | 'query'
      | 'where'
      | 'orderBy'
      | 'limit'
      | 'getDocs'
      | 'getDoc'
      | 'setDoc'
      | 'updateDoc'
      | 'runTransaction'
      | 'getCount'
      | 'serverTimestamp'
    > &
    Pick<FirebaseAuthModule, 'initializeAuth' | 'inMemoryPersistence' | 'connectAuthEmulator' | 'signInWithEmailAndPassword'>;
  db: import('firebase/firestore/lite').Firestore;
  auth: import('firebase/auth').Auth;
  /** axe-core, injected by the accessibility checks. */
  axe: typeof import('axe-core');
  __itemsAt?: number;
  __renderedAt?: number;
  /** ms from a sort's click to the first frame showing the column sorted (performance.ts). */
  __sortShownMs?: number;
  __longTasks: Array<{ startTime: number; duration: number }>;
  /** The performance journey's long-task observer (its undelivered entries are taken when it measures). */
  __longTaskObserver?: PerformanceObserver;
  /** The live-market journey's record of the browser notifications the page showed. */
  __notifications?: Array<{ title: string; body?: string }>;
  /** The measuring journeys' marks (e2e/lib/measuring.ts): first contentful paint, hydration and long tasks; `done` once both times are known. */
  __firstPaint: {
    fcp: number | null;
    hydrated: number | null;
    longTasks: Array<{ startTime: number; duration: number }>;
    done: Promise<void>;
  };
}

interface Performance {
  /** Chromium only, coarse without --enable-precise-memory-info. */
  memory?: { usedJSHeapSize: number };
}
