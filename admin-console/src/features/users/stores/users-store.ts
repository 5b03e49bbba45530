import { makeAutoObservable, observable, runInAction } from 'mobx';
import type { RootStoreApi } from '@sbc/shared';
import { roleMessages, type GrantableRole, type UserDocument } from '@sbc/domain';

export const USERS_LOAD_FAILED = 'Impossibile caricare gli utenti. Riprova.';
export const ROLE_HISTORY_LOAD_FAILED = 'Impossibile caricare la cronologia dei ruoli.';

/** One row of the role history (the shared store's RoleAuditEntry, read structurally). */
export interface RoleChange {
  id: string;
  userEmail: string;
  role: GrantableRole;
  email: string | null;
  uid: string;
  at: Date | null;
}

/**
 * Manage Users' state: one page of users at a time, ordered by e-mail, moved with value cursors (the last e-mail
 * of each page seen, kept as a stack for "Pagina precedente"), or a search's matches. Every page is one bounded
 * query (see shared/src/data/users.ts); nothing is cached, since admins come here to see the current users.
 */
export class UsersStore {
  users: UserDocument[] = [];
  state: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  hasMore = false;
  /** The query shown: '' is the paged list. */
  search = '';
  /** The newest role changes (issue 38), and the outcome of the last grant or revoke. */
  history: RoleChange[] = [];
  historyState: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  /** uid whose role is being changed, and what the last change said (role="status" or role="alert"). */
  changing: string | null = null;
  notice: { kind: 'status' | 'alert'; text: string } | null = null;
  /** Cursors of the pages before the current one: cursors[i] is what page i + 1 starts after. */
  private cursors: Array<string | null> = [];
  private request = 0;

  constructor(private readonly root: RootStoreApi) {
    makeAutoObservable<UsersStore, 'cursors' | 'request' | 'root'>(this, { root: false, request: false, cursors: observable }, { autoBind: true });
  }

  /** 1-based number of the page shown. */
  get page(): number {
    return this.cursors.length + 1;
  }

  get hasPrevious(): boolean {
    return this.search === '' && this.cursors.length > 0;
  }

  get hasNext(): boolean {
    return this.search === '' && this.hasMore;
  }

  load(): Promise<void> {
    return this.fetch(this.cursors.at(-1) ?? null);
  }

  next(): Promise<void> {
    if (!this.hasNext || this.users.length === 0) return Promise.resolve();
    const after = this.users[this.users.length - 1].email;
    this.cursors.push(after);
    return this.fetch(after);
  }

  previous(): Promise<void> {
    if (!this.hasPrevious) return Promise.resolve();
    this.cursors.pop();
    return this.fetch(this.cursors.at(-1) ?? null);
  }

  /** The newest role changes (≤ 20 reads). */
  async loadHistory(): Promise<void> {
    this.historyState = 'loading';
    try {
      const entries = await this.root.admin.loadRoleHistory();
      runInAction(() => {
        this.history = entries;
        this.historyState = 'ready';
      });
    } catch {
      runInAction(() => {
        this.historyState = 'error';
      });
    }
  }

  /**
   * Grants ('editor') or revokes ('player') the editor role of one user, audited (1 read, 2 writes); the row shows
   * the new role and the history is read again. Resolves false when it failed (the notice says so).
   */
  async setRole(user: UserDocument, role: GrantableRole): Promise<boolean> {
    this.changing = user.uid;
    this.notice = null;
    try {
      const updated = await this.root.admin.setUserRole(user.uid, role);
      const who = user.email || user.displayName || user.uid;
      runInAction(() => {
        this.users = this.users.map((u) => (u.uid === user.uid ? { ...u, ...updated } : u));
        this.notice = { kind: 'status', text: role === 'editor' ? roleMessages.granted(who) : roleMessages.revoked(who) };
      });
      void this.loadHistory();
      return true;
    } catch {
      runInAction(() => {
        this.notice = { kind: 'alert', text: roleMessages.failed };
      });
      return false;
    } finally {
      runInAction(() => {
        this.changing = null;
      });
    }
  }

  /** A search shows its matches (one page); an empty one goes back to the first page of the list. */
  find(text: string): Promise<void> {
    this.search = text.trim();
    this.cursors = [];
    return this.fetch(null);
  }

  private async fetch(after: string | null): Promise<void> {
    const request = ++this.request;
    this.state = 'loading';
    try {
      const page = await this.root.admin.listUsers(this.search === '' ? { after } : { prefix: this.search });
      runInAction(() => {
        if (request !== this.request) return; // a newer page or search was asked for meanwhile
        this.users = page.users;
        this.hasMore = page.hasMore;
        this.state = 'ready';
      });
    } catch {
      runInAction(() => {
        if (request === this.request) this.state = 'error';
      });
    }
  }
}
