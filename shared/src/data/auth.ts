import {
  onAuthStateChanged as onProviderAuthStateChanged,
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
