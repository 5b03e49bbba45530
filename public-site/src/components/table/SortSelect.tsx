import { useId } from 'react';
import type { ColumnDef, SortDirection } from '../../lib/table-state';
import type { TableUrlState } from '../../hooks/use-table-url-state';

const directionText = (numeric: boolean | undefined, d: SortDirection) => (numeric ? (d === 'desc' ? 'high to low' : 'low to high') : d === 'asc' ? 'A to Z' : 'Z to A');

/** Cards have no column headers: on phones the same sort is chosen here (same URL state as the headers). */
export function SortSelect<Row>({ columns, state }: { columns: readonly ColumnDef<Row>[]; state: TableUrlState }) {
  const id = useId();
  const value = state.sortKey === null ? '' : `${state.sortKey}:${state.direction}`;
  return (
    <label htmlFor={id} className="ps-table-tools__field">
      <span>Sort by</span>
      <select
        id={id}
        value={value}
        onChange={(e) => {
          const [key, dir] = e.target.value.split(':');
          if (key && (dir === 'asc' || dir === 'desc')) state.setSort(key, dir);
        }}
      >
        {state.sortKey === null && <option value="">Default order</option>}
        {columns.flatMap((c) =>
          (['asc', 'desc'] as const).map((d) => (
            <option key={`${c.key}:${d}`} value={`${c.key}:${d}`}>
              {c.label}, {directionText(c.numeric, d)}
            </option>
          )),
        )}
      </select>
    </label>
  );
}
