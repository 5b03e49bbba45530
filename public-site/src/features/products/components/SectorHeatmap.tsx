import { useId, type CSSProperties } from 'react';
import { useSearchParams } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { paths, type LoadState } from '@sbc/shared';
import { formatRank, formatSbc, isMaterialSector, type CategoryGroup } from '@sbc/domain';
import { StateMessage } from '../../../components/StateMessage';
import { formatCount } from '@sbc/domain';

/** ?heat= chooses the figure that colours the cards; market cap without it. */
export const HEAT_PARAM = 'heat';

/**
 * Figures the heatmap can be coloured by: those the market stat rows carry for every sector. An average price
 * change per sector is not among them (the rows hold no previous price); computing it from the products would
 * read the whole catalogue (N reads) on the dashboard, which only reads the selected sector, so it is not
 * offered.
 */
export const HEAT_FIGURES: Array<{ key: string; label: string; value: (g: CategoryGroup) => number; format: (v: number) => string }> = [
  { key: 'cap', label: 'Market cap', value: (g) => g.totalValue, format: (v) => formatSbc(v, 0) },
  { key: 'price', label: 'Average price', value: (g) => g.avgPrice, format: (v) => formatSbc(v) },
  { key: 'assets', label: 'Total assets', value: (g) => g.totalCount, format: (v) => formatCount(v) },
  { key: 'listings', label: 'Listings', value: (g) => g.documentCount ?? 0, format: (v) => formatCount(v) },
];

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
 * A sector of materials only (the material stats' 'industry') has no products to list: its card is a link to
 * the Materials market, marked as such, rather than a button that would open an empty product list.
 */
export const SectorHeatmap = observer(function SectorHeatmap({ groups, state, selected, onSelect }: SectorHeatmapProps) {
  const [params, setParams] = useSearchParams();
  const figure = HEAT_FIGURES.find((f) => f.key === params.get(HEAT_PARAM)) ?? HEAT_FIGURES[0];
  const top = Math.max(0, ...groups.map((g) => figure.value(g)));
  const selectId = useId();
  const chooseFigure = (key: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (key === HEAT_FIGURES[0].key) next.delete(HEAT_PARAM);
        else next.set(HEAT_PARAM, key);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return (
    <section className="ps-heatmap" aria-labelledby="ps-heatmap-title">
      <h2 id="ps-heatmap-title">Sector Heatmap</h2>
      <div className="ps-heatmap__controls">
        <label htmlFor={selectId}>Colour by</label>
        <select id={selectId} value={figure.key} onChange={(e) => chooseFigure(e.target.value)}>
          {HEAT_FIGURES.map((f) => (
            <option key={f.key} value={f.key}>{f.label}</option>
          ))}
        </select>
      </div>
      {groups.length > 0 && (
        <figure className="ps-heatmap__legend">
          <figcaption>{figure.label}: lighter is lower, darker is higher</figcaption>
          <div className="ps-heatmap__scale" aria-hidden="true" />
          <div className="ps-heatmap__ends ps-num">
            <span>{figure.format(0)}</span>
            <span>{figure.format(top)}</span>
          </div>
        </figure>
      )}
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
            const heat = top > 0 ? Math.max(0, figure.value(group)) / top : 0;
            const active = group.category === selected;
            const facts = (
              <dl className="ps-sector__facts">
                <div><dt>Total assets</dt><dd className="ps-num">{formatCount(group.totalCount)}</dd></div>
                <div><dt>Avg price</dt><dd className="ps-num">{formatSbc(group.avgPrice)}</dd></div>
                <div><dt>Listings</dt><dd className="ps-num">{formatCount(group.documentCount ?? 0)}</dd></div>
                <div><dt>Market cap</dt><dd className="ps-num">{formatSbc(group.totalValue, 0)}</dd></div>
              </dl>
            );
            const rank = (
              <span className="ps-sector__rank">
                <span className="ps-visually-hidden">Rank {index + 1}</span>
                <span aria-hidden="true">{formatRank(index + 1)}</span>
              </span>
            );
            if (isMaterialSector(group)) {
              return (
                <li key={group.category}>
                  <Link className="ps-sector ps-sector--materials" style={{ '--ps-heat': heat.toFixed(3) } as CSSProperties} to={paths.materials}>
                    {rank}
                    <span className="ps-sector__name">
                      {group.category} <span className="ps-sector__kind">· raw materials, see the Materials market</span>
                    </span>
                    {facts}
                  </Link>
                </li>
              );
            }
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
                  {rank}
                  <span className="ps-sector__name">{group.category}</span>
                  {facts}
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
});
