/**
 * Loading the demo data into running emulators: the demo economy into Firestore (replacing everything) and the
 * demo sign-ins into Auth plus their users/{uid} documents.
 */
import {
  deleteAllAccounts,
  provisionDemoAccounts,
  replaceAllDocuments,
  signInWithPassword,
  type BulkLoadOptions,
  type ProvisionedAccount,
} from '../accounts';
import { gameStatsLast, marketToPresent } from '../market';
import { DEMO_ACCOUNTS, generateDemoEconomy, toFirestoreFields, type SeedOptions } from '../seed';

export interface DemoDataEndpoints {
  firestoreUrl: string;
  authUrl: string;
}

export interface LoadEconomyOptions extends BulkLoadOptions {
  /**
   * Bring the economy to this time before writing it (src/market/present.ts): a live market's economy is loaded
   * as if the game had run until then. Without it the economy is written as generated (its fixed 2025 date).
   */
  presentAt?: Date;
}

/**
 * Replaces every Firestore document with the demo economy, in requests within Firestore's request size limit
 * (a reset, then imports: replaceAllDocuments), the game stats last. Returns the number of documents.
 */
export async function loadDemoEconomy(firestoreUrl: string, seedOptions: SeedOptions = {}, options: LoadEconomyOptions = {}): Promise<number> {
  let documents = generateDemoEconomy(seedOptions).documents;
  if (options.presentAt) {
    const moved = new Map(marketToPresent(documents, options.presentAt).documents.map((doc) => [doc.path, doc]));
    documents = documents.map((doc) => moved.get(doc.path) ?? doc);
  }
  // REST-typed fields survive JSON (Dates would not).
  const rest = gameStatsLast(documents).map((doc) => ({ path: doc.path, fields: toFirestoreFields(doc.data) }));
  await replaceAllDocuments(firestoreUrl, rest, options);
  return rest.length;
}

/** Full demo state: economy, then every Auth account replaced by the demo accounts. */
export async function loadDemoData(endpoints: DemoDataEndpoints, seedOptions: SeedOptions = {}, options: LoadEconomyOptions = {}) {
  const documentCount = await loadDemoEconomy(endpoints.firestoreUrl, seedOptions, options);
  await deleteAllAccounts(endpoints.authUrl);
  const accounts = await provisionDemoAccounts(endpoints, DEMO_ACCOUNTS);
  return { documentCount, accounts };
}

/**
 * Recreates demo accounts that are missing from Auth, e.g. after a hard kill skipped the Auth export while
 * Firestore kept its data. Returns the accounts it had to recreate.
 */
export async function ensureDemoAccounts(endpoints: DemoDataEndpoints): Promise<ProvisionedAccount[]> {
  const missing = [];
  for (const account of DEMO_ACCOUNTS) {
    try {
      await signInWithPassword(endpoints.authUrl, account.email, account.password);
    } catch {
      missing.push(account);
    }
  }
  return missing.length > 0 ? provisionDemoAccounts(endpoints, missing) : [];
}
