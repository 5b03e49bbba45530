import { observer } from 'mobx-react-lite';
import { Fragment, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { alertNowText, type WatchRow, type WatchSortKey } from '@sbc/domain';
import { StarToggle } from '../../../components/StarToggle';
import { AlertEditor } from './AlertEditor';
import { FigureChange, FigureValue } from './cells';
import { detailPath } from './FiredAlerts';
import type { SortState } from '../sort-state';

const COLUMNS: Array<{ key: WatchSortKey; label: string; numeric: boolean }> = [
  { key: 'name', label: 'Item', numeric: false },
  { key: 'price', label: 'Price', numeric: true },
  { key: 'priceChange', label: 'Price change', numeric: true },
  { key: 'requestIndex', label: 'Request index', numeric: true },
  { key: 'requestIndexChange', label: 'Index change', numeric: true },
  { key: 'inventory', label: 'Inventory', numeric: true },
  { key: 'inventoryChange', label: 'Inventory change', numeric: true },
];

/**
 * Wide screens. Each sortable header is a button (click, Enter or Space) and the sorted column carries
 * aria-sort. The alert editor opens in a row of its own under its item.
 */
export const WatchlistTable = observer(function WatchlistTable({
  rows,
  sort,
  onSort,
}: {
  rows: WatchRow[];
  sort: SortState;
  onSort: (key: WatchSortKey) => void;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const alertButtons = useRef(new Map<string, HTMLButtonElement>());
  const closeEditor = (id: string) => {
    setEditing(null);
    alertButtons.current.get(id)?.focus();
  };
  return (
    <div className="ps-table-wrap">
      <table className="ps-table ps-watchlist-table">
        <caption className="ps-visually-hidden">Watched products and materials, with the change since your previous visit</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={column.numeric ? 'ps-table__num' : undefined}
                aria-sort={sort.key === column.key ? sort.direction : undefined}
              >
                <button type="button" className="ps-sort" onClick={() => onSort(column.key)}>
                  {column.label}
                  <span aria-hidden="true" className="ps-sort__mark">
                    {sort.key === column.key ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
                  </span>
                </button>
              </th>
            ))}
            <th scope="col">Alert</th>
            <th scope="col"><span className="ps-visually-hidden">Watching</span></th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const { entry } = row;
            const now = row.current && entry.alert ? (entry.alert.metric === 'price' ? row.current.price : row.current.requestIndex) : null;
            return (
              <Fragment key={entry.id}>
                <tr>
                  <th scope="row">
                    <Link to={detailPath(entry)}>{entry.name}</Link>
                    <span className="ps-table__sub">{entry.kind === 'product' ? 'Product' : 'Material'}</span>
                  </th>
                  <td className="ps-table__num"><FigureValue row={row} metric="price" /></td>
                  <td className="ps-table__num"><FigureChange row={row} metric="price" /></td>
                  <td className="ps-table__num"><FigureValue row={row} metric="requestIndex" /></td>
                  <td className="ps-table__num"><FigureChange row={row} metric="requestIndex" /></td>
                  <td className="ps-table__num"><FigureValue row={row} metric="inventory" /></td>
                  <td className="ps-table__num"><FigureChange row={row} metric="inventory" /></td>
                  <td>
                    {entry.alert && (
                      <span className={entry.alert.fired ? 'ps-alert-tag ps-alert-tag--fired' : 'ps-alert-tag'}>
                        {entry.alert.fired ? 'Fired: ' : ''}
                        {alertNowText(entry.alert, now)}
                      </span>
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
                  </td>
                  <td>
                    <StarToggle target={{ kind: entry.kind, ref: entry.ref, slug: entry.slug, name: entry.name }} saysFailure={false} />
                  </td>
                </tr>
                {editing === entry.id && (
                  <tr className="ps-watchlist-table__editor">
                    <td colSpan={COLUMNS.length + 2}>
                      <AlertEditor entry={entry} onDone={() => closeEditor(entry.id)} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
});
