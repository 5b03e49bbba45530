import { makeAutoObservable, runInAction } from 'mobx';
import {
  loginErrorMessage,
  REGISTRATION_FAILED,
  registrationCodeFromHttpErrorText,
  registrationErrorMessage,
  roleOfUser,
  type UserRole,
} from '@sbc/domain';
import { errorCode, GatewayError, GatewayErrorCode } from '../data/errors';
import { AUTH_SERVICE_TIMEOUT_MS, isTimeout, withTimeout } from '../data/timeout';
import type { AuthGateway, AuthUser, DataGateway, RegistrationInput, RegistrationResult } from '../data/gateway';
import type { AuthStoreApi } from './contract';

/**
 * Sign-in state plus the admin flag and the role (SPEC.md sections 4, 6, 7; issue 38). On every change to a user the user
 * document is read for isAdmin and role (created with isAdmin false when missing) and lastLoginAt is merge-written.
 * Any failure there is logged and means "not admin"; a read failure never creates the document, because
 * that could overwrite an existing admin record.
 *
 * Every call to the auth service and to the user document gives up after AUTH_SERVICE_TIMEOUT_MS: login and
 * registration then reject with the catalogue's 'anything else' text, and a user read that timed out counts
 * as a failed read (not admin) and skips the lastLoginAt write, which would only hang as well.
 *
 * Without an auth group (a page rendered on the server, whose gateway is the public reads alone) no sign-in state is
 * ever reported: the store stays as the browser's is at hydration, signed out and not yet initialized, so the
 * markup matches; signing in is refused there.
 */
export class AuthStore implements AuthStoreApi {
  initialized = false;
  user: AuthUser | null = null;
  isAdmin = false;
  /** What the user may do (@sbc/domain roles.ts): read with the admin flag, 'player' until then and on failure. */
  role: UserRole = 'player';
  adminChecked = false;
  private readonly unsubscribe: () => void;
  /** uid whose admin check is running or done: a repeated report of the same user does not re-check. */
  private checkedUid: string | null = null;

  constructor(private readonly gateway: Partial<Pick<DataGateway, 'auth' | 'users'>>) {
    makeAutoObservable<AuthStore, 'gateway' | 'unsubscribe' | 'checkedUid'>(
      this,
      { gateway: false, unsubscribe: false, checkedUid: false },
      { autoBind: true },
    );
    this.unsubscribe = gateway.auth ? gateway.auth.onStateChanged((user) => this.applyUser(user)) : () => {};
  }

  get isSignedIn(): boolean {
    return this.user !== null;
  }

  async login(email: string, password: string): Promise<void> {
    let user: AuthUser;
    try {
      user = await timed(this.authCalls().signIn(email, password), 'Sign-in');
    } catch (error) {
      throw new Error(loginErrorMessage(errorCode(error)), { cause: error });
    }
    this.applyUser(user);
  }

  async register(input: RegistrationInput): Promise<void> {
    let result: RegistrationResult;
    try {
      result = await timed(this.authCalls().register(input), 'Registration');
    } catch (error) {
      throw new Error(registrationErrorMessage(errorCode(error)), { cause: error });
    }
    if (!result.success) throw new Error(registrationFailureMessage(result));
    let user: AuthUser;
    try {
      user = await timed(this.authCalls().signIn(input.email, input.password), 'Sign-in');
    } catch (error) {
      throw new Error(registrationErrorMessage(errorCode(error)), { cause: error });
    }
    this.applyUser(user);
  }

  /**
   * Resolves true once signed out. A failure is only logged (SPEC section 4) and resolves false, so the
   * caller can leave the page as it is instead of acting as if the user were gone; it never rejects.
   */
  async logout(): Promise<boolean> {
    try {
      await this.authCalls().signOut();
      return true;
    } catch (error) {
      console.error('Logout failed', error);
      return false;
    }
  }

  dispose(): void {
    this.unsubscribe();
  }

  private authCalls(): AuthGateway {
    if (!this.gateway.auth) throw new GatewayError(GatewayErrorCode.unavailable, 'Signing in is not possible on a page rendered on the server');
    return this.gateway.auth;
  }

  private applyUser(user: AuthUser | null): void {
    this.initialized = true;
    this.user = user;
    if (!user) {
      this.checkedUid = null;
      this.isAdmin = false;
      this.role = 'player';
      this.adminChecked = false;
      return;
    }
    if (this.checkedUid === user.uid) return;
    this.checkedUid = user.uid;
    this.isAdmin = false;
    this.role = 'player';
    this.adminChecked = false;
    void this.checkAdmin(user);
  }

  private async checkAdmin(user: AuthUser): Promise<void> {
    const role = await this.ensureUserDocument(user);
    runInAction(() => {
      // A later sign-in state (logout, another user) wins over this check.
      if (this.checkedUid !== user.uid) return;
      this.isAdmin = role === 'admin';
      this.role = role;
      this.adminChecked = true;
    });
  }

  /** Returns the user's role; creates the document when missing, otherwise merges lastLoginAt. */
  private async ensureUserDocument(user: AuthUser): Promise<UserRole> {
    const users = this.gateway.users;
    if (!users) return 'player';
    let role: UserRole = 'player';
    let exists: boolean;
    try {
      const document = await timed(users.get(user.uid), 'The user document read');
      exists = document !== null;
      role = roleOfUser(document);
    } catch (error) {
      console.error('Failed to read the user document', error);
      if (isTimeout(error)) return 'player';
      exists = true; // unknown: never risk overwriting it
    }
    if (!exists) {
      try {
        await timed(users.create(user), 'The user document creation');
      } catch (error) {
        console.error('Failed to create the user document', error);
      }
      // Creation already stamps lastLoginAt.
      return 'player';
    }
    try {
      await timed(users.touchLastLogin(user.uid), 'The last login write');
    } catch (error) {
      console.error('Failed to update the last login time', error);
    }
    return role;
  }
}

function timed<T>(call: Promise<T>, what: string): Promise<T> {
  return withTimeout(call, AUTH_SERVICE_TIMEOUT_MS, what);
}

/**
 * SPEC section 8. An HTTP error's nested text is mapped to a code, then to the message. A reply with
 * success false and no text gives 'Registration failed'. Decision (spec silent): a non-HTTP-error reply with
 * success false and a text shows that text; a request that got no reply gives the generic message.
 */
export function registrationFailureMessage(result: RegistrationResult): string {
  if (result.httpStatus !== undefined) {
    return registrationErrorMessage(registrationCodeFromHttpErrorText(result.error ?? ''));
  }
  if (result.networkError) return registrationErrorMessage(undefined);
  return result.error && result.error.trim() !== '' ? result.error : REGISTRATION_FAILED;
}
