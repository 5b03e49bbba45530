import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { paths, useRootStore, useServerSnapshot } from '@sbc/shared';

/** Up to this many watched names on the home page; the watchlist page has the rest. */
const SUMMARY_NAMES = 5;

export function watchlistSummaryText(count: number, fired: number): string {
  const items = `${count} watched ${count === 1 ? 'item' : 'items'}`;
  return fired === 0 ? items : `${items} · ${fired} ${fired === 1 ? 'alert' : 'alerts'} fired`;
}

/**
 * Home, signed-in players only: a compact summary of the watchlist (count, fired alerts, a few names). It uses
 * what the store loaded when the site opened, so it costs no read of its own.
 */
export const WatchlistSummary = observer(function WatchlistSummary() {
  const { auth, watchlist } = useRootStore();
  // A server-rendered page is the signed-out page; hydrating it renders the same, the player's data right after.
  const hydrating = useServerSnapshot();
  if (hydrating || !auth.user || watchlist.state !== 'ready') return null;
  const fired = watchlist.firedAlerts;
  const firedIds = new Set(fired.map((e) => e.id));
  // Fired alerts first: they are why the player should look.
  const names = [...fired, ...watchlist.entries.filter((e) => !firedIds.has(e.id))].slice(0, SUMMARY_NAMES);
  return (
    <section className="ps-card ps-home-watchlist" aria-labelledby="ps-home-watchlist-title">
      <div className="ps-home-watchlist__head">
        <h2 id="ps-home-watchlist-title">Your watchlist</h2>
        <Link className="ps-btn" to={paths.watchlist}>Open watchlist</Link>
      </div>
      {watchlist.count === 0 ? (
        <p className="ps-hint">Press the star on a product or material to follow it here.</p>
      ) : (
        <>
          <p className="ps-hint">{watchlistSummaryText(watchlist.count, fired.length)}</p>
          <ul className="ps-home-watchlist__names">
            {names.map((entry) => (
              <li key={entry.id}>
                {firedIds.has(entry.id) && <span aria-hidden="true">🔔 </span>}
                <Link to={entry.kind === 'product' ? paths.product(entry.slug) : paths.material(entry.slug)}>{entry.name}</Link>
                {firedIds.has(entry.id) && <span className="ps-visually-hidden"> (alert fired)</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
});
