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
      <span className="shell-refresh-icon" aria-hidden="true">
        ⟳
      </span>
      <span className="shell-refresh-label">{busy ? 'Refreshing…' : 'Refresh'}</span>
    </button>
  );
});
