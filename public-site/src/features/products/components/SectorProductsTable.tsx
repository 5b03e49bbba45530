import { observer } from 'mobx-react-lite';
import { Link, useNavigate } from 'react-router-dom';
import { formatSbc, paths, type Product } from '@sbc/shared';
import { formatCount } from '../../../components/numbers';
import { productTarget, StarToggle } from '../../../components/StarToggle';
import { PriceTrend, RequestTrend } from './ProductTrendCells';
import '../../../components/ps-table.css';

/**
 * Wide screens. The asset name is a real link (keyboard, middle-click, screen readers); the rest of the row
 * is a mouse convenience that follows the same link.
 */
export const SectorProductsTable = observer(function SectorProductsTable({ sector, products }: { sector: string; products: readonly Product[] }) {
  const navigate = useNavigate();
  return (
    <div className="ps-table-wrap ps-only-wide">
      <table className="ps-table">
        <caption className="ps-visually-hidden">Products trading in {sector}</caption>
        <thead>
          <tr>
            <th scope="col">Asset</th>
            <th scope="col">Request Index Trend</th>
            <th scope="col">Price Trend</th>
            <th scope="col" className="ps-table__num">Avg Price</th>
            <th scope="col" className="ps-table__num">Market Supply</th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <tr key={product.id} className="ps-table__row" onClick={() => navigate(paths.product(product.slug))}>
              <th scope="row">
                <span className="ps-asset-cell">
                  <span>
                    <Link to={paths.product(product.slug)} onClick={(e) => e.stopPropagation()}>
                      {product.name}
                    </Link>
                    <span className="ps-table__sub">{product.type}</span>
                  </span>
                  <StarToggle target={productTarget(product)} />
                </span>
              </th>
              <td><RequestTrend product={product} /></td>
              <td><PriceTrend product={product} /></td>
              <td className="ps-table__num ps-num">{formatSbc(product.average_market_price)}</td>
              <td className="ps-table__num ps-num">{formatCount(product.pieces_on_market)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
