import type { CSSProperties } from 'react';
import { observer } from 'mobx-react-lite';
import { formatRank, formatSbc, type CategoryGroup, type LoadState } from '@sbc/shared';
import { StateMessage } from '../../../components/StateMessage';
import { formatCount } from '../../../components/numbers';

interface SectorHeatmapProps {
  groups: readonly CategoryGroup[];
  state: LoadState;
  selected: string | null;
  onSelect: (category: string) => void;
}

/**
 * The ranked sector cards (most valuable first, as the store orders them). Each card's tint grows with its
 * share of the largest sector's market cap: the "heat". Figures: total assets = the group's totalCount (the
 * summed `count` of its stat rows, i.e. units listed on the market), listings = the summed documentCount,
 * market cap = the sector's total value. SPEC.md section 2 names the card's "total assets" without defining
 * it; section 3's category group offers totalCount (units) and productCount/materialCount (rows): units is
 * the reading kept here, the figure beside "Avg price" (totalValue ÷ totalCount) being per unit.
 */
export const SectorHeatmap = observer(function SectorHeatmap({ groups, state, selected, onSelect }: SectorHeatmapProps) {
  const top = Math.max(0, ...groups.map((g) => g.totalValue));
  return (
    <section className="ps-heatmap" aria-labelledby="ps-heatmap-title">
      <h2 id="ps-heatmap-title">Sector Heatmap</h2>
      {groups.length === 0 ? (
        state === 'idle' || state === 'loading' ? (
          <StateMessage kind="loading">Loading sectors…</StateMessage>
        ) : state === 'error' ? (
          <StateMessage kind="error">Market sectors could not be loaded. Try Refresh.</StateMessage>
        ) : (
          <StateMessage kind="empty">No sectors are trading right now.</StateMessage>
        )
      ) : (
        <ol className="ps-heatmap__list">
          {groups.map((group, index) => {
            const heat = top > 0 ? group.totalValue / top : 0;
            const active = group.category === selected;
            return (
              <li key={group.category}>
                <button
                  type="button"
                  className={`ps-sector${active ? ' ps-sector--active' : ''}`}
                  style={{ '--ps-heat': heat.toFixed(3) } as CSSProperties}
                  aria-pressed={active}
                  onClick={() => onSelect(group.category)}
                >
                  {/* Seen as '01', heard as 'Rank 1': aria-label on a plain span is not reliably announced. */}
                  <span className="ps-sector__rank">
                    <span className="ps-visually-hidden">Rank {index + 1}</span>
                    <span aria-hidden="true">{formatRank(index + 1)}</span>
                  </span>
                  <span className="ps-sector__name">{group.category}</span>
                  <dl className="ps-sector__facts">
                    <div><dt>Total assets</dt><dd className="ps-num">{formatCount(group.totalCount)}</dd></div>
                    <div><dt>Avg price</dt><dd className="ps-num">{formatSbc(group.avgPrice)}</dd></div>
                    <div><dt>Listings</dt><dd className="ps-num">{formatCount(group.documentCount ?? 0)}</dd></div>
                    <div><dt>Market cap</dt><dd className="ps-num">{formatSbc(group.totalValue, 0)}</dd></div>
                  </dl>
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
});
