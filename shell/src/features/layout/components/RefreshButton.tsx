import { observer } from 'mobx-react-lite';
import { useRootStore } from '@sbc/shared';

/**
 * Header refresh (SPEC section 2): materials and products, then the game date. A click while one runs is
 * ignored. aria-disabled instead of disabled keeps keyboard focus on the button while it is busy.
 */
export const RefreshButton = observer(function RefreshButton({ visible }: { visible: boolean }) {
  const store = useRootStore();
  if (!visible) return null;
  const busy = store.refreshingAll;

  const refresh = () => {
    if (store.refreshingAll) return;
    store.refreshAll().catch((error: unknown) => console.error('Refresh failed', error));
  };

  return (
    <button
      type="button"
      className={busy ? 'shell-refresh shell-refresh-busy' : 'shell-refresh'}
      aria-disabled={busy}
      aria-busy={busy}
      onClick={refresh}
    >
      <svg className="shell-refresh-icon" width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M20 11a8 8 0 0 0-14.9-4M4 4v4h4M4 13a8 8 0 0 0 14.9 4M20 20v-4h-4" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="shell-refresh-label">{busy ? 'Refreshing…' : 'Refresh'}</span>
    </button>
  );
});
