// The real Firebase web SDK (firebase/app, firebase/firestore/lite, firebase/auth) inside a Chromium page, for
// conformance tests of our Firestore emulator: the same modules the apps bundle, bundled here by esbuild at test
// time (no network, no dist/ dependency) and injected into a page of the site, so that every call crosses the
// browser's CORS checks exactly as the apps' calls do.
import type { Page } from '@playwright/test';
import { build } from 'esbuild';
import { RUNTIME_CONFIG_PATH } from '../../shared/src/config/runtime-config';
import { paths } from '../../shared/src/paths';
import { REPO_ROOT, site } from './stack';

// Only what the tests call; `window.sdk` is the whole surface the page scripts see (typed in ../page-globals.d.ts).
const ENTRY = `
import { initializeApp, FirebaseError } from 'firebase/app';
import {
  getFirestore, connectFirestoreEmulator, Timestamp, collection, doc, query, where, orderBy, limit,
  getDocs, getDoc, setDoc, updateDoc, runTransaction, getCount, serverTimestamp,
} from 'firebase/firestore/lite';
import { initializeAuth, inMemoryPersistence, connectAuthEmulator, signInWithEmailAndPassword } from 'firebase/auth';
window.sdk = {
  initializeApp, FirebaseError, getFirestore, connectFirestoreEmulator, Timestamp, collection, doc, query, where,
  orderBy, limit, getDocs, getDoc, setDoc, updateDoc, runTransaction, getCount, serverTimestamp,
  initializeAuth, inMemoryPersistence, connectAuthEmulator, signInWithEmailAndPassword,
};
`;

let bundle: Promise<string> | null = null;

/** The IIFE bundle, built once per process (about a second; every later page reuses it). */
export function sdkBundle(): Promise<string> {
  bundle ??= build({
    stdin: { contents: ENTRY, resolveDir: REPO_ROOT, loader: 'js', sourcefile: 'e2e-browser-sdk.js' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0].text);
  return bundle;
}

/**
 * Opens a page of the site (same origin as the apps), injects the SDK and starts a Firebase app of its own from
 * the site's /app-config.json (project id and emulator endpoints as the apps read them). Its own app name and
 * in-memory auth keep it apart from the page's app and from any persisted session.
 * In the page afterwards: `window.sdk` (the modules), `window.db` (Firestore lite), `window.auth`.
 */
export async function openSdkPage(page: Page): Promise<void> {
  await page.goto(site(paths.faq));
  await page.addScriptTag({ content: await sdkBundle() });
  await page.evaluate(async (configPath) => {
    const config = await (await fetch(configPath)).json();
    const { sdk } = window;
    const app = sdk.initializeApp(config.firebase, 'e2e-sdk');
    window.db = sdk.getFirestore(app);
    sdk.connectFirestoreEmulator(window.db, config.emulators.firestoreHost, config.emulators.firestorePort);
    window.auth = sdk.initializeAuth(app, { persistence: sdk.inMemoryPersistence });
    sdk.connectAuthEmulator(window.auth, config.emulators.authUrl, { disableWarnings: true });
  }, RUNTIME_CONFIG_PATH);
}

/** Signs the page's SDK app in with an account of the Auth emulator. */
export async function signInSdk(page: Page, { email, password }: { email: string; password: string }): Promise<void> {
  await page.evaluate(
    ([email, password]) => window.sdk.signInWithEmailAndPassword(window.auth, email, password).then(() => undefined),
    [email, password],
  );
}

/** How a page function's promise settled: its value, or the parts of its error that cross page.evaluate. */
export type Settled<T> = { value: T; error?: undefined } | { value?: undefined; error: { name?: string; code?: string; isFirebaseError: boolean } };

/**
 * Runs `fn` (a page function, given `arg`) and reports how its promise settled: { value } or { error: { name,
 * code, isFirebaseError } }, since an Error thrown across page.evaluate keeps only its message.
 * (Not `instanceof FirestoreError`: FirebaseError's constructor resets the prototype, so in the real SDK a
 * FirestoreError is only ever `instanceof FirebaseError`, with name 'FirebaseError' and the Firestore `code`.)
 * `fn` crosses as its source text: it may use only its argument and the page's globals.
 */
export function settleInPage<T, A = undefined>(page: Page, fn: (arg: A) => T | Promise<T>, arg?: A): Promise<Settled<T>> {
  return page.evaluate(
    async ([source, arg]) => {
      try {
        return { value: await new Function(`return (${source})`)()(arg) };
      } catch (error) {
        const isFirebaseError = error instanceof window.sdk.FirebaseError;
        const { name, code } = (error ?? {}) as { name?: string; code?: string };
        return { error: { name, code, isFirebaseError } };
      }
    },
    [fn.toString(), arg] as const,
  ) as Promise<Settled<T>>;
}
