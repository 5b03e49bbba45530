import { formatCount, type MaterialsTotals } from '@sbc/domain';
import { formatInventoryValue, formatUnitPrice } from '@sbc/domain';

/** Shown in every tile until the materials are loaded: totals of nothing would read '0' and '0 SBC'. */
export const NO_FIGURE = '—';

const TILES: ReadonlyArray<{ label: string; format: (totals: MaterialsTotals) => string }> = [
  { label: 'Materials', format: (t) => formatCount(t.count) },
  { label: 'Total inventory units', format: (t) => formatCount(t.totalUnits) },
  { label: 'Total inventory value', format: (t) => formatInventoryValue(t.totalValue) },
  { label: 'Average unit cost', format: (t) => formatUnitPrice(t.averageUnitCost) },
];

/** The four dashboard totals (domain `materialsTotals`), or '—' in each while `totals` is null. */
export function MaterialsTiles({ totals }: { totals: MaterialsTotals | null }) {
  return (
    <dl className="ps-tiles">
      {TILES.map(({ label, format }) => (
        <div key={label} className="ps-tile ps-card">
          <dt>{label}</dt>
          <dd className="ps-num">{totals ? format(totals) : NO_FIGURE}</dd>
        </div>
      ))}
    </dl>
  );
}
