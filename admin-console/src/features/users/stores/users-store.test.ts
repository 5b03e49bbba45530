import type { RootStoreApi } from '@sbc/shared';
import { roleMessages } from '@sbc/domain';
import { UsersStore } from './users-store';

/** A console running in a shell released before issue 38: its admin store has no setUserRole nor loadRoleHistory. */
function olderShellRoot(): RootStoreApi {
  const admin = { listUsers: jest.fn(async () => ({ users: [], hasMore: false })) };
  return { admin } as unknown as RootStoreApi;
}

describe('UsersStore in an older shell (compatibility policy, docs/deploying.md)', () => {
  it('offers no role change, says why when asked, and shows no role history', async () => {
    const store = new UsersStore(olderShellRoot());
    expect(store.canChangeRoles).toBe(false);
    await store.loadHistory();
    expect(store.historyState).toBe('unavailable');
    const changed = await store.setRole({ uid: 'p1', email: 'p1@example.com', displayName: 'P', isAdmin: false }, 'editor');
    expect(changed).toBe(false);
    expect(store.notice).toEqual({ kind: 'alert', text: roleMessages.unavailable });
  });
});
