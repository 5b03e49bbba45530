import { nextSort, type ColumnDef, type SortDirection } from '../../lib/table-state';
import type { TableUrlState } from '../../hooks/use-table-url-state';

/**
 * A column header that sorts: a real button inside the th (click, Enter, Space), `aria-sort` on the th for
 * the sorted column only (ARIA: one sorted column at a time). The arrow is decoration; the state is heard
 * through aria-sort.
 */
export function SortableHeader<Row>({ column, state, className }: { column: ColumnDef<Row>; state: TableUrlState; className?: string }) {
  const active = state.sortKey === column.key;
  const ariaSort: 'ascending' | 'descending' | undefined = active ? (state.direction === 'asc' ? 'ascending' : 'descending') : undefined;
  const onClick = () => {
    const next = nextSort({ key: state.sortKey, direction: state.direction }, column);
    state.setSort(next.key, next.direction);
  };
  return (
    <th scope="col" aria-sort={ariaSort} className={[className, column.numeric ? 'ps-table__num' : undefined].filter(Boolean).join(' ') || undefined}>
      <button type="button" className="ps-sort" onClick={onClick}>
        {column.label}
        <span aria-hidden="true" className="ps-sort__arrow">{arrow(active ? state.direction : null)}</span>
      </button>
    </th>
  );
}

/** A table's head row: one SortableHeader per column, in the columns' order (`classNameOf` adds a column's class). */
export function SortableHead<Row>({ columns, state, classNameOf }: { columns: readonly ColumnDef<Row>[]; state: TableUrlState; classNameOf?: (column: ColumnDef<Row>) => string | undefined }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <SortableHeader key={c.key} column={c} state={state} className={classNameOf?.(c)} />
        ))}
      </tr>
    </thead>
  );
}

function arrow(direction: SortDirection | null): string {
  if (direction === 'asc') return '▲';
  if (direction === 'desc') return '▼';
  return '↕';
}
