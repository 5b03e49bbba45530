import { Link } from 'react-router-dom';
import { paths } from '@sbc/shared';
import { formatDelta, formatPercent, formatQuantity, formatSbc, formatSignedSbc, type Position } from '@sbc/domain';
import { Delta } from '../../../components/Delta';
import { SortableHead } from '../../../components/table/SortableHeader';
import { TableToolbar } from '../../../components/table/TableToolbar';
import type { ColumnDef } from '../../../lib/table-state';
import { useShownRows, useTableUrlState } from '../../../hooks/use-table-url-state';

/** Every column sorts; the CSV holds the raw numbers (empty where a figure is unknown). */
export const POSITION_COLUMNS: ColumnDef<Position>[] = [
  { key: 'item', label: 'Item', value: (p) => p.item },
  { key: 'kind', label: 'Kind', value: (p) => p.kind },
  { key: 'held', label: 'Held', value: (p) => p.quantity, numeric: true },
  { key: 'averageCost', label: 'Average Cost', value: (p) => p.averageCost, numeric: true },
  { key: 'price', label: 'Current Price', value: (p) => p.currentPrice, numeric: true },
  { key: 'value', label: 'Value', value: (p) => p.value, numeric: true },
  { key: 'realised', label: 'Realised P&L', value: (p) => p.realised, numeric: true },
  { key: 'unrealised', label: 'Unrealised P&L', value: (p) => p.unrealised, numeric: true },
  { key: 'roi', label: 'ROI', value: (p) => p.roiPercent, numeric: true },
];

const textOf = (p: Position) => `${p.item} ${p.kind}`;
const sbc = (v: number | null) => (v === null ? '—' : formatSbc(v));
/** Profit green, loss red, with the sign in the text (U+2212) so colour is not the only carrier; null: unknown. */
export function ProfitAndLoss({ value }: { value: number | null }) {
  return value === null ? <>—</> : <Delta value={{ text: formatSignedSbc(value), tone: formatDelta(value).tone }} />;
}

/** Holdings and profit per item, valued at today's prices. */
export function PositionsTable({ positions }: { positions: Position[] }) {
  const table = useTableUrlState({ sortKey: 'item', direction: 'asc' });
  const shown = useShownRows(positions, POSITION_COLUMNS, table, textOf);
  return (
    <section className="ps-card" aria-labelledby="ps-positions-title">
      <h2 id="ps-positions-title">Holdings</h2>
      <TableToolbar label="Filter items" state={table} rows={shown} columns={POSITION_COLUMNS} filename="holdings.csv" total={positions.length} />
      <div className="ps-table-wrap">
        <table className="ps-table">
          <caption className="ps-visually-hidden">Holdings and profit and loss per item</caption>
          <SortableHead columns={POSITION_COLUMNS} state={table} />
          <tbody>
            {shown.map((p) => (
              <tr key={`${p.kind}:${p.item}`}>
                <th scope="row">
                  <Link to={p.kind === 'product' ? paths.product(p.item) : paths.material(p.item)}>{p.item}</Link>
                </th>
                <td>{p.kind}</td>
                <td className="ps-table__num ps-num">{formatQuantity(p.quantity)}</td>
                <td className="ps-table__num ps-num">{sbc(p.averageCost)}</td>
                <td className="ps-table__num ps-num">{p.currentPrice === null ? 'Unknown' : formatSbc(p.currentPrice)}</td>
                <td className="ps-table__num ps-num">{sbc(p.value)}</td>
                <td className="ps-table__num ps-num"><ProfitAndLoss value={p.realised} /></td>
                <td className="ps-table__num ps-num"><ProfitAndLoss value={p.unrealised} /></td>
                <td className="ps-table__num ps-num">{p.roiPercent === null ? '—' : formatPercent(p.roiPercent)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
