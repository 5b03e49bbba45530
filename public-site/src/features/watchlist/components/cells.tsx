import { formatDelta, formatQuantityDelta, formatSbc, type WatchMetric, type WatchRow } from '@sbc/domain';
import { Delta } from '../../../components/Delta';
import { formatCount, formatIndex } from '@sbc/domain';

export const METRIC_LABELS: Record<WatchMetric, string> = { price: 'Price', requestIndex: 'Request index', inventory: 'Inventory' };

/** The current value of one figure; '—' when the item has no such figure or it could not be read. */
export function FigureValue({ row, metric }: { row: WatchRow; metric: WatchMetric }) {
  const value = row.current?.[metric] ?? null;
  if (value === null) return <span className="ps-hint-inline">—<span className="ps-visually-hidden"> not available</span></span>;
  return <span className="ps-num">{metric === 'price' ? formatSbc(value) : metric === 'requestIndex' ? formatIndex(value) : formatCount(value)}</span>;
}

/** The change since the previous visit; '—' with a spoken reason when there is nothing to compare. */
export function FigureChange({ row, metric }: { row: WatchRow; metric: WatchMetric }) {
  const change = row.change[metric];
  if (change === null) return <span className="ps-hint-inline">—<span className="ps-visually-hidden"> no change to show</span></span>;
  // Pieces and units change like any quantity: the materials pages' rule (two decimals, SPEC.md section 5).
  const value = metric === 'inventory' ? formatQuantityDelta(change) : formatDelta(change);
  return <Delta value={value} label={`${METRIC_LABELS[metric]} change since your previous visit`} />;
}
