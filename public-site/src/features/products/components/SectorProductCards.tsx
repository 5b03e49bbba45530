import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { paths } from '@sbc/shared';
import { formatSbc, type Product } from '@sbc/domain';
import { formatCount } from '@sbc/domain';
import { productTarget, StarToggle } from '../../../components/StarToggle';
import { PriceTrend, RequestTrend } from './ProductTrendCells';
import '../../../components/ps-table.css';

/**
 * Narrow screens: one card per product, the whole card a link. Rendered instead of the table below 720 px.
 * `products` are the cards to show, in order (the panel's window of the filtered, sorted list).
 */
export const SectorProductCards = observer(function SectorProductCards({ sector, products }: { sector: string; products: readonly Product[] }) {
  return (
    <ul className="ps-product-cards ps-only-narrow" aria-label={`Products trading in ${sector}`}>
      {products.map((product) => (
        <SectorProductCard key={product.id} product={product} />
      ))}
    </ul>
  );
});

const SectorProductCard = observer(function SectorProductCard({ product }: { product: Product }) {
  return (
    <li className="ps-product-cards__item">
      <Link className="ps-product-card" to={paths.product(product.slug)}>
        <span className="ps-product-card__name">{product.name}</span>
        <dl className="ps-product-card__facts">
          <div><dt>Avg Price</dt><dd className="ps-num">{formatSbc(product.average_market_price)}</dd></div>
          <div><dt>Market Supply</dt><dd className="ps-num">{formatCount(product.pieces_on_market)}</dd></div>
          <div><dt>Request Index Trend</dt><dd><RequestTrend product={product} /></dd></div>
          <div><dt>Price Trend</dt><dd><PriceTrend product={product} /></dd></div>
        </dl>
      </Link>
      {/* A sibling of the card link, not inside it: a button inside a link is not operable on its own. */}
      <span className="ps-product-cards__star">
        <StarToggle target={productTarget(product)} />
      </span>
    </li>
  );
});
