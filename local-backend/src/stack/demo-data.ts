/**
 * Loading the demo data into running emulators: the demo economy into Firestore (replacing everything) and the
 * demo sign-ins into Auth plus their users/{uid} documents.
 */
import { deleteAllAccounts, provisionDemoAccounts, signInWithPassword, type ProvisionedAccount } from '../accounts';
import { DEMO_ACCOUNTS, generateDemoEconomy, toFirestoreFields, type SeedOptions } from '../seed';

export interface DemoDataEndpoints {
  firestoreUrl: string;
  authUrl: string;
}

/** Replaces every Firestore document with the demo economy (through the emulator's reset endpoint). */
export async function loadDemoEconomy(firestoreUrl: string, seedOptions: SeedOptions = {}): Promise<number> {
  const economy = generateDemoEconomy(seedOptions);
  // REST-typed fields survive JSON (Dates would not).
  const documents = economy.documents.map((doc) => ({ path: doc.path, fields: toFirestoreFields(doc.data) }));
  const response = await fetch(`${firestoreUrl}/emulator/v1/reset`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ documents }),
  });
  if (!response.ok) throw new Error(`Firestore emulator reset failed: HTTP ${response.status} ${await response.text()}`);
  return documents.length;
}

/** Full demo state: economy, then every Auth account replaced by the demo accounts. */
export async function loadDemoData(endpoints: DemoDataEndpoints, seedOptions: SeedOptions = {}) {
  const documentCount = await loadDemoEconomy(endpoints.firestoreUrl, seedOptions);
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
