import {
  onAuthStateChanged as onProviderAuthStateChanged,
  sendEmailVerification,
  signInWithEmailAndPassword,
  signOut as providerSignOut,
  type Auth,
  type User,
} from 'firebase/auth';
import { toGatewayError } from './errors';
import type { AuthUser } from './gateway';

export function toAuthUser(user: User): AuthUser {
  return { uid: user.uid, email: user.email, displayName: user.displayName };
}

export function onAuthStateChanged(auth: Auth, listener: (user: AuthUser | null) => void): () => void {
  return onProviderAuthStateChanged(auth, (user) => listener(user ? toAuthUser(user) : null));
}

/** Failures become a GatewayError whose code is the provider's (e.g. 'auth/wrong-password'). */
export async function signIn(auth: Auth, email: string, password: string): Promise<AuthUser> {
  try {
    const credential = await signInWithEmailAndPassword(auth, email, password);
    return toAuthUser(credential.user);
  } catch (error) {
    throw toGatewayError(error);
  }
}

export async function signOut(auth: Auth): Promise<void> {
  try {
    await providerSignOut(auth);
  } catch (error) {
    throw toGatewayError(error);
  }
}

/**
 * Firebase Auth sends the signed-in user a link that verifies their address (the Auth emulator keeps it as an
 * out-of-band code instead). No user signed in: 'auth/no-current-user'.
 */
export async function sendVerificationEmail(auth: Auth): Promise<void> {
  try {
    if (!auth.currentUser) throw Object.assign(new Error('No user is signed in'), { code: 'auth/no-current-user' });
    await sendEmailVerification(auth.currentUser);
  } catch (error) {
    throw toGatewayError(error);
  }
}
