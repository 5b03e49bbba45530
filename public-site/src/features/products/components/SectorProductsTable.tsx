import { memo, useCallback, useRef } from 'react';
import { observer } from 'mobx-react-lite';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@sbc/shared';
import { formatSbc, normalizePriceChange, type Product } from '@sbc/domain';
import { formatCount } from '@sbc/domain';
import { productTarget, StarToggle } from '../../../components/StarToggle';
import { PriceTrend, RequestTrend } from './ProductTrendCells';
import { SortableHead } from '../../../components/table/SortableHeader';
import type { ColumnDef } from '../../../lib/table-state';
import type { TableUrlState } from '../../../hooks/use-table-url-state';
import '../../../components/ps-table.css';

/**
 * The sector table's columns, sortable; the CSV export holds these raw values. Request Index Trend sorts by the
 * current request index, Price Trend by the price change in percent (the figures shown beside the lines).
 */
export const SECTOR_PRODUCT_COLUMNS: ColumnDef<Product>[] = [
  { key: 'name', label: 'Asset', value: (p) => p.name },
  { key: 'request', label: 'Request Index Trend', value: (p) => p.production.request_index, numeric: true },
  { key: 'priceTrend', label: 'Price Trend', value: (p) => normalizePriceChange(p.increase) * 100, numeric: true },
  { key: 'price', label: 'Avg Price', value: (p) => p.average_market_price, numeric: true },
  { key: 'supply', label: 'Market Supply', value: (p) => p.pieces_on_market, numeric: true },
];

/**
 * Wide screens. The asset name is a real link (keyboard, middle-click, screen readers); the rest of the row
 * is a mouse convenience that follows the same link. `products` are the rows to show, in order (the panel's
 * window of the filtered, sorted list); each row is memoised, so a sort moves rows instead of rebuilding them.
 */
export const SectorProductsTable = observer(function SectorProductsTable({
  sector,
  products,
  table,
}: {
  sector: string;
  products: readonly Product[];
  table: TableUrlState;
}) {
  const navigate = useNavigate();
  // One callback for every row and every render: a row re-renders only when its product or visibility changes.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const open = useCallback((slug: string) => navigateRef.current(paths.product(slug)), []);
  return (
    <div className="ps-table-wrap ps-only-wide">
      <table className="ps-table">
        <caption className="ps-visually-hidden">Products trading in {sector}</caption>
        <SortableHead columns={SECTOR_PRODUCT_COLUMNS} state={table} classNameOf={(c) => (c.key === 'request' || c.key === 'priceTrend' ? 'ps-table__trend' : undefined)} />
        <tbody>
          {products.map((product) => (
            <MemoRow key={product.id} product={product} onOpen={open} />
          ))}
        </tbody>
      </table>
    </div>
  );
});

/** A row re-renders only when its product does; its cells observe the product's figures. */
function SectorProductRow({ product, onOpen }: { product: Product; onOpen: (slug: string) => void }) {
  return (
    <tr className="ps-table__row" onClick={() => onOpen(product.slug)}>
      <SectorProductCells product={product} />
    </tr>
  );
}

const MemoRow = memo(SectorProductRow);

const SectorProductCells = observer(function SectorProductCells({ product }: { product: Product }) {
  return (
    <>
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
    </>
  );
});
