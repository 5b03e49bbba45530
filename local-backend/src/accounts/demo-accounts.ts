/**
 * The demo sign-ins: an account in the Auth emulator and its users/{uid} document, shaped like the ones the
 * registration function and the browser create (admin status is only ever granted by editing the document).
 */
import type { DemoAccount } from '../seed/accounts';
import { signUp } from './auth-emulator';
import { commitDocuments } from './firestore-admin';

export interface ProvisionedAccount extends DemoAccount {
  uid: string;
}

export async function provisionDemoAccounts(
  endpoints: { authUrl: string; firestoreUrl: string },
  accounts: ReadonlyArray<DemoAccount>,
): Promise<ProvisionedAccount[]> {
  const provisioned: ProvisionedAccount[] = [];
  for (const account of accounts) {
    const session = await signUp(endpoints.authUrl, account);
    provisioned.push({ ...account, uid: session.uid });
  }
  await commitDocuments(
    endpoints.firestoreUrl,
    provisioned.map((account) => ({
      path: `users/${account.uid}`,
      data: { uid: account.uid, email: account.email.toLowerCase(), displayName: account.displayName, isAdmin: account.isAdmin },
      serverTimestamps: ['createdAt', 'lastLoginAt'],
    })),
  );
  return provisioned;
}
