import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { paths, useRootStore } from '@sbc/shared';
import { alertNowText, type WatchEntry } from '@sbc/domain';

export const FIRED_ALERTS_TITLE = 'Alerts';

export function detailPath(entry: WatchEntry): string {
  return entry.kind === 'product' ? paths.product(entry.slug) : paths.material(entry.slug);
}

/**
 * The alerts that fired and have not re-armed (the same list as the header badge counts). Each stays here
 * until its value crosses back, which re-arms it.
 */
export const FiredAlerts = observer(function FiredAlerts() {
  const { watchlist } = useRootStore();
  const fired = watchlist.firedAlerts;
  if (fired.length === 0) return null;
  return (
    <section className="ps-card ps-fired-alerts" aria-labelledby="ps-fired-alerts-title">
      <h2 id="ps-fired-alerts-title">{FIRED_ALERTS_TITLE}</h2>
      <ul>
        {fired.map((entry) => {
          const current = watchlist.figures.get(entry.id) ?? null;
          const now = current && entry.alert ? (entry.alert.metric === 'price' ? current.price : current.requestIndex) : null;
          return (
            <li key={entry.id}>
              <span className="ps-fired-alerts__icon" aria-hidden="true">🔔</span>
              <Link to={detailPath(entry)}>{entry.name}</Link>
              <span>{entry.alert ? alertNowText(entry.alert, now) : ''}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
});
