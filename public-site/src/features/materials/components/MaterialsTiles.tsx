import { formatCount } from '../../../components/numbers';
import { formatInventoryValue, formatUnitPrice, type MaterialsTotals } from '@sbc/shared';

/** The four dashboard totals (domain `materialsTotals`). */
export function MaterialsTiles({ totals }: { totals: MaterialsTotals }) {
  const tiles = [
    { label: 'Materials', value: formatCount(totals.count) },
    { label: 'Total inventory units', value: formatCount(totals.totalUnits) },
    { label: 'Total inventory value', value: formatInventoryValue(totals.totalValue) },
    { label: 'Average unit cost', value: formatUnitPrice(totals.averageUnitCost) },
  ];
  return (
    <dl className="ps-tiles">
      {tiles.map((t) => (
        <div key={t.label} className="ps-tile ps-card">
          <dt>{t.label}</dt>
          <dd className="ps-num">{t.value}</dd>
        </div>
      ))}
    </dl>
  );
}
