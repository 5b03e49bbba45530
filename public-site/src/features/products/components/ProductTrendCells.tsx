import { formatDelta, lastDays, normalizePriceChange, type Product } from '@sbc/domain';
import { Delta } from '../../../components/Delta';
import { Sparkline } from '../../../components/Sparkline';
import { formatIndex } from '@sbc/domain';

/** Shared by the table and the cards: the demand line with the current request index. */
export function RequestTrend({ product }: { product: Product }) {
  return (
    <div className="ps-trend">
      <Sparkline
        kind="request"
        values={product.production.request_index_history}
        label={`Request index trend of ${product.name}`}
        format={(v) => `${v}%`}
      />
      <span className="ps-num ps-trend__value" title="Current request index">
        {formatIndex(product.production.request_index)}
      </span>
    </div>
  );
}

/**
 * The price line over the last days of lastvqvalue, with the product's price change (`increase`, normalised
 * by the domain rule: tiny values are 0, values above 1 are percents) shown as a signed percent.
 */
export function PriceTrend({ product }: { product: Product }) {
  const change = formatDelta(normalizePriceChange(product.increase) * 100);
  return (
    <div className="ps-trend">
      <Sparkline
        kind="price"
        values={lastDays(product.lastvqvalue)}
        label={`Price trend of ${product.name}`}
        format={(v) => `${formatIndex(v)} SBC`}
      />
      <Delta value={{ text: `${change.text}%`, tone: change.tone }} label="Price change" />
    </div>
  );
}
