import { observer } from 'mobx-react-lite';
import { formatSbc, productLeadTime, productMarketCap, productSpread, requestIndexVolatility, type Product } from '@sbc/domain';
import { formatCount, formatIndex } from '@sbc/domain';

/** The six headline figures of a product, each with the figure that qualifies it. */
export const ProductFigures = observer(function ProductFigures({ product }: { product: Product }) {
  const spread = productSpread(product);
  const figures: Array<{ label: string; value: string; note: string }> = [
    { label: 'Average price', value: formatSbc(product.average_market_price), note: `Market cap ${formatSbc(productMarketCap(product), 0)}` },
    { label: 'Spread', value: formatSbc(spread.spread), note: `Range ${formatSbc(spread.min)} – ${formatSbc(spread.max)}` },
    {
      label: 'Demand pulse',
      value: formatIndex(product.production.request_index),
      note: `Volatility ±${formatIndex(requestIndexVolatility(product.production.request_index_history))}`,
    },
    { label: 'In-market pieces', value: formatCount(product.pieces_on_market), note: 'Units listed right now' },
    { label: 'Production cost', value: formatSbc(product.production.cost), note: `Lead time ${productLeadTime(product)} (game time)` },
    {
      label: 'Status',
      value: product.enabled ? 'Production Enabled' : 'Suspended',
      note: `Space required ${formatIndex(product.space_required)}`,
    },
  ];
  return (
    <dl className="ps-figures">
      {figures.map((f) => (
        <div key={f.label} className="ps-figure ps-card">
          <dt>{f.label}</dt>
          <dd className="ps-figure__value ps-num">{f.value}</dd>
          <dd className="ps-figure__note">{f.note}</dd>
        </div>
      ))}
    </dl>
  );
});
