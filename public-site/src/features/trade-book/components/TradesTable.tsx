import { observer } from 'mobx-react-lite';
import { useRootStore } from '@sbc/shared';
import { CSV_BOM, formatQuantity, formatSbc, formatTradeTime, inTradeOrder, toCsv, TRADE_CSV_COLUMNS, type Trade } from '@sbc/domain';
import { downloadText } from '../../../components/table/TableToolbar';

/** Every trade, newest first, with Delete; Export CSV writes them in the import's format (oldest first). */
export const TradesTable = observer(function TradesTable({ trades }: { trades: Trade[] }) {
  const { tradeBook } = useRootStore();
  const ordered = inTradeOrder(trades);
  const newestFirst = [...ordered].reverse();
  return (
    <section className="ps-card" aria-labelledby="ps-trades-title">
      <div className="ps-trades__head">
        <h2 id="ps-trades-title">Trades</h2>
        <button type="button" className="ps-btn" onClick={() => downloadText('trades.csv', CSV_BOM + toCsv(ordered, TRADE_CSV_COLUMNS))}>
          Export CSV
        </button>
      </div>
      <div className="ps-table-wrap">
        <table className="ps-table">
          <caption className="ps-visually-hidden">Your trades, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Time (UTC)</th>
              <th scope="col">Side</th>
              <th scope="col">Item</th>
              <th scope="col" className="ps-table__num">Quantity</th>
              <th scope="col" className="ps-table__num">Unit Price</th>
              <th scope="col" className="ps-table__num">Total</th>
              <th scope="col">
                <span className="ps-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {newestFirst.map((t) => (
              <tr key={t.id}>
                <td className="ps-num">{formatTradeTime(t.at)}</td>
                <td>{t.side === 'buy' ? 'Buy' : 'Sell'}</td>
                <th scope="row">
                  {t.item} <span className="ps-table__sub">{t.kind}</span>
                </th>
                <td className="ps-table__num ps-num">{formatQuantity(t.quantity)}</td>
                <td className="ps-table__num ps-num">{formatSbc(t.unitPrice)}</td>
                <td className="ps-table__num ps-num">{formatSbc(t.quantity * t.unitPrice)}</td>
                <td>
                  <button
                    type="button"
                    className="ps-btn ps-trade-delete"
                    onClick={() => void tradeBook.remove(t.id)}
                    disabled={tradeBook.saving}
                    aria-label={`Delete the ${t.side} of ${formatQuantity(t.quantity)} ${t.item} on ${formatTradeTime(t.at)}`}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
});
