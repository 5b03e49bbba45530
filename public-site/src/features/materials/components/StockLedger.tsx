
import { observer } from 'mobx-react-lite';
import { Link, useNavigate } from 'react-router-dom';
import { paths, type LedgerRows } from '@sbc/shared';
import { deriveMaterial, formatQuantity, formatQuantityDelta, formatUnitPrice, formatValueDelta, FIRST_VIEW_ROWS, SHOW_MORE_ROWS, type Material } from '@sbc/domain';
import { Delta } from '../../../components/Delta';
import { formatCount } from '@sbc/domain';
import { materialTarget, StarToggle } from '../../../components/StarToggle';
import { useResponsiveLayout } from '../../../hooks/use-responsive-layout';
import { HydrateApart } from '../../../components/HydrateApart';
import { StateMessage } from '../../../components/StateMessage';
import { SortableHeader } from '../../../components/table/SortableHeader';
import { FirstRowsToolbar } from '../../../components/table/FirstRowsToolbar';
import { ShowMoreRows } from '../../../components/table/ShowMoreRows';
import { useFirstRowsThenAll } from '../../../hooks/use-first-rows-then-all';
import type { ColumnDef } from '../../../lib/table-state';
import { useTableUrlState, type TableUrlState } from '../../../hooks/use-table-url-state';
import { MaterialAvatar } from './MaterialAvatar';
import '../../../components/ps-table.css';
import './materials.css';

/**
 * The table on wide screens, the cards on narrow ones (one of them rendered, see useResponsiveLayout). In the
 * table the name is a real link (keyboard and screen readers) and a click anywhere on a row follows it too; on
 * narrow screens the name link stretches over its card (see LedgerCard).
 *
 * As a sector's products (../../products/components/ActiveSectorPanel.tsx): the page shows FIRST_VIEW_ROWS rows at
 * first and "Show more" adds SHOW_MORE_ROWS. What the store knows may be only the ledger's first rows (`rows.complete`
 * false: issue 36, what the server rendered and embedded); the whole ledger is read when the page first needs it: a
 * sort, a filter, the CSV export or more rows, each of which acts on every material. Meanwhile the first rows stay
 * shown, busy, and the control's effect lands once the rest has arrived (a control used before hydration is
 * replayed into the same path: docs/first-paint.md).
 */
export const StockLedger = observer(function StockLedger({ rows: known, loadAll }: { rows: LedgerRows; loadAll: () => void }) {
  const layout = useResponsiveLayout();
  const table = useTableUrlState({ sortKey: null, direction: 'asc' });
  const { materials, total, complete } = known;
  const firstRows = useFirstRowsThenAll({
    list: { items: materials, total, complete },
    columns: LEDGER_COLUMNS,
    table,
    textOf: ledgerText,
    firstRows: FIRST_VIEW_ROWS,
    filename: LEDGER_FILENAME,
    loadAll,
    cardSelector: '.ps-ledger__link',
  });
  const { rows, matching, waiting, itemsRef, showMore } = firstRows;

  return (
    <>
      <FirstRowsToolbar
        label="Filter materials"
        table={table}
        columns={LEDGER_COLUMNS}
        filename={LEDGER_FILENAME}
        total={total}
        firstRows={firstRows}
        loadFailed={known.wholeState === 'error'}
        layout={layout}
      />
      {waiting && known.wholeState === 'error' && <StateMessage kind="error">{LEDGER_LOAD_FAILED}</StateMessage>}
      {complete && matching === 0 && <StateMessage kind="empty">No material matches “{table.query}”.</StateMessage>}
      <div className="ps-ledger__items" hidden={complete && matching === 0} aria-busy={waiting || undefined} ref={itemsRef}>
        {layout !== 'narrow' && <HydrateApart component={LedgerTable} props={{ materials: rows, table }} />}
        {layout !== 'wide' && <HydrateApart component={LedgerCards} props={{ materials: rows }} />}
      </div>
      <ShowMoreRows shown={rows.length} matching={matching} pageSize={SHOW_MORE_ROWS} noun="materials" onShowMore={showMore} />
    </>
  );
});

const LEDGER_FILENAME = 'stock-ledger.csv';
export const LEDGER_LOAD_FAILED = 'The rest of the ledger could not be loaded. Try Refresh.';

/**
 * Sortable columns of the ledger (the export holds these raw values). Without ?sort= the store's order stays.
 * The changes sort by the signed difference, so "Price vs previous, high to low" puts the biggest rise first.
 */
export const LEDGER_COLUMNS: ColumnDef<Material>[] = [
  { key: 'name', label: 'Material', value: (m) => m.name },
  { key: 'space', label: 'Space / unit', value: (m) => m.spaceRequired, numeric: true },
  { key: 'unit', label: 'Unit', value: (m) => m.unit },
  { key: 'price', label: 'Unit price', value: (m) => m.value, numeric: true },
  { key: 'inventory', label: 'Inventory', value: (m) => m.amount, numeric: true },
  { key: 'qtyChange', label: 'Qty vs previous', value: (m) => deriveMaterial(m).previousQuantityChange, numeric: true },
  { key: 'priceChange', label: 'Price vs previous', value: (m) => deriveMaterial(m).previousValueChange, numeric: true },
];
const column = (key: string) => LEDGER_COLUMNS.find((c) => c.key === key) as ColumnDef<Material>;
const ledgerText = (m: Material) => `${m.name} ${m.unit}`;

const LedgerTable = observer(function LedgerTable({ materials, table }: { materials: readonly Material[]; table: TableUrlState }) {
  const navigate = useNavigate();
  return (
    <div className="ps-table-wrap ps-only-wide">
      <table className="ps-table">
        <caption className="ps-visually-hidden">Stock Ledger</caption>
        <thead>
          <tr>
            <SortableHeader column={column('name')} state={table} />
            <SortableHeader column={column('space')} state={table} />
            <SortableHeader column={column('price')} state={table} />
            <SortableHeader column={column('inventory')} state={table} />
            <SortableHeader column={column('qtyChange')} state={table} />
            <SortableHeader column={column('priceChange')} state={table} />
          </tr>
        </thead>
        <tbody>
          {materials.map((m) => {
            const d = deriveMaterial(m);
            return (
              <tr key={m.name} className="ps-table__row" onClick={() => navigate(paths.material(m.name))}>
                <th scope="row">
                  <span className="ps-ledger__name">
                    <MaterialAvatar name={m.name} imageUrl={m.image_url} />
                    <Link to={paths.material(m.name)} onClick={(e) => e.stopPropagation()}>
                      {m.name}
                    </Link>
                    <StarToggle target={materialTarget(m)} />
                  </span>
                </th>
                <td className="ps-num">{formatQuantity(m.spaceRequired)} · {m.unit}</td>
                <td className="ps-table__num ps-num">{formatUnitPrice(m.value)}</td>
                <td className="ps-table__num ps-num">{formatCount(m.amount)}</td>
                <td className="ps-table__num"><Delta value={formatQuantityDelta(d.previousQuantityChange)} /></td>
                <td className="ps-table__num"><Delta value={formatValueDelta(d.previousValueChange)} /></td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
});

const LedgerCards = observer(function LedgerCards({ materials }: { materials: readonly Material[] }) {
  return (
    <ul className="ps-ledger-cards ps-only-narrow" aria-label="Stock Ledger">
      {materials.map((m) => (
        <li key={m.name}>
          <LedgerCard material={m} />
        </li>
      ))}
    </ul>
  );
});

/**
 * A tap anywhere on the card opens the detail (spec: a row click opens it), yet the link is the name alone: its
 * ::after stretches over the card. A whole-card link would be named "Copper" while showing all the figures,
 * which axe flags (label-content-name-mismatch) and speech-input users cannot target.
 */
function LedgerCard({ material: m }: { material: Material }) {
  const d = deriveMaterial(m);
  return (
    <div className="ps-ledger-card ps-card">
      <span className="ps-ledger__name">
        <MaterialAvatar name={m.name} imageUrl={m.image_url} />
        <Link className="ps-ledger__title ps-ledger__link" to={paths.material(m.name)}>
          {m.name}
        </Link>
        {/* Above the stretched link (z-index), so it takes its own taps. */}
        <span className="ps-ledger-card__star">
          <StarToggle target={materialTarget(m)} />
        </span>
      </span>
      <dl>
        <div><dt>Unit price</dt><dd className="ps-num">{formatUnitPrice(m.value)}</dd></div>
        <div><dt>Inventory</dt><dd className="ps-num">{formatCount(m.amount)}</dd></div>
        <div><dt>Space / unit</dt><dd className="ps-num">{formatQuantity(m.spaceRequired)} · {m.unit}</dd></div>
        <div><dt>Qty vs previous</dt><dd><Delta value={formatQuantityDelta(d.previousQuantityChange)} /></dd></div>
        <div><dt>Price vs previous</dt><dd><Delta value={formatValueDelta(d.previousValueChange)} /></dd></div>
      </dl>
    </div>
  );
}
