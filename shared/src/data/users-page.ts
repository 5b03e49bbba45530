/** The admin's users listing: its page size and page shape (./users.ts reads the pages). */
import type { UserDocument } from '@sbc/domain';

export const USERS_PAGE_SIZE = 50;

export interface UsersPage {
  users: UserDocument[];
  /** Another page follows (paging only; a search shows its first page). */
  hasMore: boolean;
}

/**
 * One page of users for Manage Users (admins only: firestore.rules let admins list users), ordered by e-mail.
 * - Paging: `after` is the last e-mail of the previous page (a value cursor); one query of
 *   USERS_PAGE_SIZE + 1 documents, the extra one only telling whether a next page exists: ≤ 51 reads a page.
 * - Search (`prefix`): users whose e-mail (as stored: Auth lower-cases it) or display name (as typed, and
 *   capitalised) starts with it: three prefix queries of ≤ 50 each, merged, the first 50 by e-mail shown:
 *   ≤ 150 reads, whatever the number of users.
 */
