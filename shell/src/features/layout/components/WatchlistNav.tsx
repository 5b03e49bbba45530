import './watchlist-nav.css';
import { observer } from 'mobx-react-lite';
import { Link, NavLink } from 'react-router-dom';
import { paths, useRootStore, useServerSnapshot } from '@sbc/shared';

/** "Watchlist" in the main navigation, for signed-in players only. */
export const WatchlistNavItem = observer(function WatchlistNavItem({ onNavigate }: { onNavigate: () => void }) {
  const { auth } = useRootStore();
  // Signed-out while hydrating a server-rendered page (what the server rendered), the player's item right after.
  const hydrating = useServerSnapshot();
  if (hydrating || !auth.user) return null;
  return (
    <li>
      <NavLink to={paths.watchlist} className={({ isActive }) => (isActive ? 'shell-nav-link active' : 'shell-nav-link')} onClick={onNavigate}>
        Watchlist
      </NavLink>
    </li>
  );
});

/** "1 watchlist alert" / "3 watchlist alerts": the badge's accessible name. */
export function alertBadgeLabel(count: number): string {
  return `${count} watchlist ${count === 1 ? 'alert' : 'alerts'}`;
}

/**
 * The header badge: how many watchlist alerts have fired and not re-armed, evaluated when the site opens
 * (WatchlistStore). Always visible (also on phones, where the navigation is folded), linking to the watchlist.
 */
export const WatchlistAlertBadge = observer(function WatchlistAlertBadge() {
  const { auth, watchlist } = useRootStore();
  const hydrating = useServerSnapshot();
  const count = watchlist.firedAlerts.length;
  if (hydrating || !auth.user || count === 0) return null;
  return (
    <Link to={paths.watchlist} className="shell-alert-badge" aria-label={alertBadgeLabel(count)} title={alertBadgeLabel(count)}>
      <span aria-hidden="true">🔔</span>
      <span className="shell-alert-badge-count" aria-hidden="true">{count}</span>
    </Link>
  );
});
