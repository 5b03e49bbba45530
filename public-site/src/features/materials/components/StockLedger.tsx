import { observer } from 'mobx-react-lite';
import { Link, useNavigate } from 'react-router-dom';
import { deriveMaterial, formatQuantity, formatQuantityDelta, formatUnitPrice, formatValueDelta, paths, type Material } from '@sbc/shared';
import { Delta } from '../../../components/Delta';
import { formatCount } from '../../../components/numbers';
import { useResponsiveLayout } from '../../../hooks/use-responsive-layout';
import { MaterialAvatar } from './MaterialAvatar';
import '../../../components/ps-table.css';
import './materials.css';

/**
 * The table on wide screens, the cards on narrow ones (one of them rendered, see useResponsiveLayout). In the
 * table the name is a real link (keyboard and screen readers) and a click anywhere on a row follows it too; on
 * narrow screens the name link stretches over its card (see LedgerCard).
 */
export const StockLedger = observer(function StockLedger({ materials }: { materials: readonly Material[] }) {
  const layout = useResponsiveLayout();
  return (
    <>
      {layout !== 'narrow' && <LedgerTable materials={materials} />}
      {layout !== 'wide' && <LedgerCards materials={materials} />}
    </>
  );
});

const LedgerTable = observer(function LedgerTable({ materials }: { materials: readonly Material[] }) {
  const navigate = useNavigate();
  return (
    <div className="ps-table-wrap ps-only-wide">
      <table className="ps-table">
        <caption className="ps-visually-hidden">Stock Ledger</caption>
        <thead>
          <tr>
            <th scope="col">Material</th>
            <th scope="col">Space / unit</th>
            <th scope="col" className="ps-table__num">Unit price</th>
            <th scope="col" className="ps-table__num">Inventory</th>
            <th scope="col" className="ps-table__num">Qty vs previous</th>
            <th scope="col" className="ps-table__num">Price vs previous</th>
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
