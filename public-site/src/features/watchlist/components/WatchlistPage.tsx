import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { loginReturningTo, paths, usePageMeta, useRootStore, WATCHLIST_LOAD_FAILED } from '@sbc/shared';
import { nextSort, sortWatchRows, WATCHLIST_MAX_ITEMS, type WatchSortKey } from '@sbc/domain';
import { StateMessage } from '../../../components/StateMessage';
import { pageSeo } from '../../../lib/page-seo';
import { useResponsiveLayout } from '../../../hooks/use-responsive-layout';
import type { SortState } from '../sort-state';
import { AlertNotifications } from './AlertNotifications';
import { AlertWebhooks } from './AlertWebhooks';
import { FiredAlerts } from './FiredAlerts';
import { WatchlistCards } from './WatchlistCards';
import { WatchlistTable } from './WatchlistTable';
import '../../../components/ps-base.css';
import '../../../components/ps-table.css';
import './watchlist.css';

export const WATCHLIST_EMPTY_TEXT = 'Your watchlist is empty. Press the star on a product or material to follow it here.';
export const WATCHLIST_SINCE_TEXT = 'Changes are measured since your previous visit to this page.';

/**
 * /watchlist: the signed-in player's watched items with their current figures and the change since the
 * previous visit, sortable; the alerts that fired; an alert editor per item. Opening the page reads one
 * document per watched item (WatchlistStore.openWatchlist). Guests are sent to login by the shell's guard;
 * this page's own guest text covers the remote's standalone page.
 */
export const WatchlistPage = observer(function WatchlistPage() {
  const { auth, watchlist } = useRootStore();
  const layout = useResponsiveLayout();
  const [sort, setSort] = useState<SortState>({ key: 'name', direction: 'ascending' });
  usePageMeta(pageSeo({ title: 'Watchlist', description: 'The products and materials you follow on the SBC Tycoon market.', robots: 'noindex, follow' }));

  const uid = watchlist.uid;
  useEffect(() => {
    if (uid) void watchlist.openWatchlist();
  }, [uid, watchlist]);

  if (!auth.initialized) return <div className="ps-page"><StateMessage kind="loading">Loading your watchlist…</StateMessage></div>;
  if (!auth.user) {
    return (
      <div className="ps-page">
        <h1>Watchlist</h1>
        <p>
          <Link to={loginReturningTo(paths.watchlist)}>Sign in</Link> to see your watchlist.
        </p>
      </div>
    );
  }

  const rows = sortWatchRows(watchlist.rows, sort.key, sort.direction);
  const onSort = (key: WatchSortKey) => setSort((current) => nextSort(current, key));

  return (
    <div className="ps-page ps-watchlist">
      <header className="ps-watchlist__head">
        <div>
          <p className="ps-eyebrow">Your market</p>
          <h1>Watchlist</h1>
          <p className="ps-hint">{WATCHLIST_SINCE_TEXT}</p>
        </div>
        <p className="ps-watchlist__count">
          {watchlist.count} of {WATCHLIST_MAX_ITEMS} items · <Link to={paths.tradeBook}>Your trade book</Link>
        </p>
      </header>
      {watchlist.error && (
        <p className="ps-state ps-state--error" role="alert">
          {watchlist.error}
        </p>
      )}
      <FiredAlerts />
      {watchlist.entries.some((entry) => entry.alert !== null) && <AlertNotifications />}
      {watchlist.state === 'error' && <StateMessage kind="error">{WATCHLIST_LOAD_FAILED}</StateMessage>}
      {(watchlist.state === 'loading' || watchlist.state === 'idle') && <StateMessage kind="loading">Loading your watchlist…</StateMessage>}
      {watchlist.state === 'ready' && watchlist.count === 0 && (
        <section className="ps-card ps-watchlist__empty">
          <p>{WATCHLIST_EMPTY_TEXT}</p>
          <p className="ps-watchlist__links">
            <Link className="ps-btn" to={paths.products}>Browse products</Link>
            <Link className="ps-btn" to={paths.materials}>Browse materials</Link>
          </p>
        </section>
      )}
      {watchlist.state === 'ready' && watchlist.count > 0 && (
        <>
          {watchlist.figuresState === 'loading' && <p className="ps-hint" role="status">Reading the latest figures…</p>}
          {layout !== 'narrow' && <WatchlistTable rows={rows} sort={sort} onSort={onSort} />}
          {layout !== 'wide' && <WatchlistCards rows={rows} sort={sort} onSort={setSort} />}
        </>
      )}
      {watchlist.state === 'ready' && <AlertWebhooks />}
    </div>
  );
});
