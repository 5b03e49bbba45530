/**
 * The firebase-tools Auth emulator's REST API (the same Identity Toolkit calls the browser SDK makes),
 * plus its emulator-only admin endpoint.
 */
import { PROJECT_ID } from '../static-server/app-config';

export const DEMO_API_KEY = 'demo-api-key';

export interface AuthSession {
  uid: string;
  idToken: string;
  email: string;
}

async function identityToolkit(authUrl: string, rpc: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch(`${authUrl}/identitytoolkit.googleapis.com/v1/${rpc}?key=${DEMO_API_KEY}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown> & { error?: { message?: string } };
  if (!response.ok) {
    throw new Error(`Auth emulator ${rpc} failed: HTTP ${response.status} ${json.error?.message ?? ''}`.trim());
  }
  return json;
}

export async function signUp(
  authUrl: string,
  account: { email: string; password: string; displayName: string },
): Promise<AuthSession> {
  const result = await identityToolkit(authUrl, 'accounts:signUp', { ...account, returnSecureToken: true });
  return { uid: String(result.localId), idToken: String(result.idToken), email: String(result.email) };
}

export async function signInWithPassword(authUrl: string, email: string, password: string): Promise<AuthSession> {
  const result = await identityToolkit(authUrl, 'accounts:signInWithPassword', { email, password, returnSecureToken: true });
  return { uid: String(result.localId), idToken: String(result.idToken), email: String(result.email) };
}

/**
 * Marks an account's e-mail address verified, as following the verification link would (the emulator's admin call,
 * `Bearer owner`): e-mail alerts go only to a verified address (docs/alert-webhooks.md#e-mail-alerts).
 */
export async function markEmailVerified(authUrl: string, uid: string, projectId = PROJECT_ID): Promise<void> {
  const response = await fetch(`${authUrl}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid, emailVerified: true }),
  });
  if (!response.ok) throw new Error(`Auth emulator: verifying ${uid}'s e-mail failed with HTTP ${response.status} ${await response.text()}`);
}

/**
 * Follows the newest verification link the Auth emulator holds for `email` (it keeps the out-of-band codes instead of
 * sending mail): the code is applied as the link's page applies it (`accounts:update` with the `oobCode`, what the
 * SDK's applyActionCode sends). Fails when no link was requested for that address.
 */
export async function followVerificationLink(authUrl: string, email: string, projectId = PROJECT_ID): Promise<void> {
  const response = await fetch(`${authUrl}/emulator/v1/projects/${projectId}/oobCodes`);
  if (!response.ok) throw new Error(`Auth emulator: reading the out-of-band codes failed with HTTP ${response.status}`);
  const { oobCodes = [] } = (await response.json()) as { oobCodes?: Array<{ email: string; requestType: string; oobCode: string }> };
  const link = oobCodes.filter((code) => code.email === email && code.requestType === 'VERIFY_EMAIL').at(-1);
  if (!link) throw new Error(`Auth emulator: no verification link was requested for ${email}`);
  await identityToolkit(authUrl, 'accounts:update', { oobCode: link.oobCode });
}

/** Emulator-only: removes every account of the project. */
export async function deleteAllAccounts(authUrl: string, projectId = PROJECT_ID): Promise<void> {
  const response = await fetch(`${authUrl}/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`Auth emulator: deleting accounts failed with HTTP ${response.status}`);
}
