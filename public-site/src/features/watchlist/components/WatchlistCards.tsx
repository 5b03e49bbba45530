import { observer } from 'mobx-react-lite';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { alertNowText, type SortDirection, type WatchMetric, type WatchRow, type WatchSortKey } from '@sbc/domain';
import { StarToggle } from '../../../components/StarToggle';
import { AlertEditor } from './AlertEditor';
import { FigureChange, FigureValue, METRIC_LABELS } from './cells';
import { detailPath } from './FiredAlerts';
import type { SortState } from '../sort-state';

const SORT_OPTIONS: Array<{ value: string; label: string; sort: SortState }> = [
  { value: 'name-ascending', label: 'Name (A–Z)', sort: { key: 'name', direction: 'ascending' } },
  { value: 'name-descending', label: 'Name (Z–A)', sort: { key: 'name', direction: 'descending' } },
  { value: 'price-descending', label: 'Price (highest first)', sort: { key: 'price', direction: 'descending' } },
  { value: 'price-ascending', label: 'Price (lowest first)', sort: { key: 'price', direction: 'ascending' } },
  { value: 'priceChange-descending', label: 'Price change (biggest rise first)', sort: { key: 'priceChange', direction: 'descending' } },
  { value: 'priceChange-ascending', label: 'Price change (biggest fall first)', sort: { key: 'priceChange', direction: 'ascending' } },
  { value: 'requestIndex-descending', label: 'Request index (highest first)', sort: { key: 'requestIndex', direction: 'descending' } },
  { value: 'inventory-descending', label: 'Inventory (largest first)', sort: { key: 'inventory', direction: 'descending' } },
];
const sortValue = (sort: { key: WatchSortKey; direction: SortDirection }) => `${sort.key}-${sort.direction}`;
const METRICS: WatchMetric[] = ['price', 'requestIndex', 'inventory'];

/** Narrow screens: one card per item, sorted with a select (a table's header buttons do not fit on a phone). */
export const WatchlistCards = observer(function WatchlistCards({
  rows,
  sort,
  onSort,
}: {
  rows: WatchRow[];
  sort: SortState;
  onSort: (sort: SortState) => void;
}) {
  const sortId = useId();
  const [editing, setEditing] = useState<string | null>(null);
  const alertButtons = useRef(new Map<string, HTMLButtonElement>());
  const current = sortValue(sort);
  const options = SORT_OPTIONS.some((o) => o.value === current)
    ? SORT_OPTIONS
    : [...SORT_OPTIONS, { value: current, label: `${sort.key} (${sort.direction})`, sort }];
  return (
    <div className="ps-watchlist-cards">
      <label className="ps-watchlist-cards__sort" htmlFor={sortId}>
        Sort by
        <select id={sortId} value={current} onChange={(e) => onSort(options.find((o) => o.value === e.target.value)!.sort)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>{o.label}</option>
          ))}
        </select>
      </label>
      <ul aria-label="Watched products and materials">
        {rows.map((row) => {
          const { entry } = row;
          const now = row.current && entry.alert ? (entry.alert.metric === 'price' ? row.current.price : row.current.requestIndex) : null;
          return (
            <li key={entry.id} className="ps-card ps-watch-card">
              <div className="ps-watch-card__head">
                <span>
                  <Link className="ps-watch-card__name" to={detailPath(entry)}>{entry.name}</Link>
                  <span className="ps-table__sub">{entry.kind === 'product' ? 'Product' : 'Material'}</span>
                </span>
                <StarToggle target={{ kind: entry.kind, ref: entry.ref, slug: entry.slug, name: entry.name }} saysFailure={false} />
              </div>
              <dl>
                {METRICS.filter((m) => m !== 'requestIndex' || entry.kind === 'product').map((metric) => (
                  <div key={metric}>
                    <dt>{METRIC_LABELS[metric]}</dt>
                    <dd><FigureValue row={row} metric={metric} /> <FigureChange row={row} metric={metric} /></dd>
                  </div>
                ))}
              </dl>
              {entry.alert && (
                <p className={entry.alert.fired ? 'ps-alert-tag ps-alert-tag--fired' : 'ps-alert-tag'}>
                  {entry.alert.fired ? 'Fired: ' : 'Alert: '}
                  {alertNowText(entry.alert, now)}
                </p>
              )}
              <button
                type="button"
                className="ps-btn ps-btn--small"
                aria-expanded={editing === entry.id}
                ref={(el) => {
                  if (el) alertButtons.current.set(entry.id, el);
                  else alertButtons.current.delete(entry.id);
                }}
                onClick={() => setEditing(editing === entry.id ? null : entry.id)}
              >
                {entry.alert ? 'Edit alert' : 'Set alert'}
                <span className="ps-visually-hidden"> for {entry.name}</span>
              </button>
              {editing === entry.id && (
                <AlertEditor
                  entry={entry}
                  onDone={() => {
                    setEditing(null);
                    alertButtons.current.get(entry.id)?.focus();
                  }}
                />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
});
