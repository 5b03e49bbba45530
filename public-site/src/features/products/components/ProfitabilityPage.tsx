import { useCallback, useEffect, useId, useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { Link, useSearchParams } from 'react-router-dom';
import { paths, useRootStore, usePageMeta, type MarketStoreApi, type ProfitabilityRows } from '@sbc/shared';
import {
  FIRST_VIEW_ROWS,
  formatGameDuration,
  formatSbc,
  narrowProfitability,
  PROFITABILITY_SORT_VALUES,
  rankProfitability,
  SHOW_MORE_ROWS,
  type ProfitabilityFilter,
  type ProfitabilityRow,
  type ProfitabilitySort,
  type ProfitabilitySortKey,
} from '@sbc/domain';
import { FreshnessLine } from '../../../components/FreshnessLine';
import { pageSeo } from '../../../lib/page-seo';
import { StateMessage } from '../../../components/StateMessage';
import { formatPercent, formatSignedSbc } from '@sbc/domain';
import { SortableHead } from '../../../components/table/SortableHeader';
import { FirstRowsToolbar } from '../../../components/table/FirstRowsToolbar';
import type { ColumnDef } from '../../../lib/table-state';
import { useTableUrlState } from '../../../hooks/use-table-url-state';
import { useFirstRowsThenAll } from '../../../hooks/use-first-rows-then-all';
import { ShowMoreRows } from '../../../components/table/ShowMoreRows';
import { RANKING_DEFAULT_SORT, RANKING_SECTOR_PARAM, RANKING_TALENT_PARAM, rankingFilterOf, rankingSortOf, sameRankingOrder } from '../ranking-filter';
import '../../../components/ps-base.css';
import '../../../components/ps-table.css';
import './products.css';

// Each column's value is the domain's (PROFITABILITY_SORT_VALUES), which the API sorts the first rows of a sort by.
const column = (key: ProfitabilitySortKey, label: string, more: Partial<ColumnDef<ProfitabilityRow>> = {}): ColumnDef<ProfitabilityRow> => ({ key, label, value: PROFITABILITY_SORT_VALUES[key], ...more });

/** Every column sorts; the CSV holds the raw numbers (margins empty when a material is missing). */
export const RANKING_COLUMNS: ColumnDef<ProfitabilityRow>[] = [
  column('name', 'Product'),
  column('sector', 'Sector'),
  column('talent', 'Talent'),
  column('price', 'Avg Price', { numeric: true }),
  column('materials', 'Materials Cost', { numeric: true, firstDirection: 'asc' }),
  column('production', 'Production Cost', { numeric: true, firstDirection: 'asc' }),
  column('margin', 'Margin / Unit', { numeric: true }),
  column('marginPercent', 'Margin %', { numeric: true }),
  column('marginPerHour', 'Margin / Hour', { numeric: true }),
  column('leadTime', 'Lead Time (min)', { numeric: true, firstDirection: 'asc' }),
];

const FILENAME = 'profitability.csv';

const textOf = (r: ProfitabilityRow) => `${r.name} ${r.slug} ${r.sector} ${r.talent}`;

/** Said when the ranking, or its whole for a sort, a filter or more rows, could not be read (the header's Refresh reads it again). */
export const RANKING_LOAD_FAILED = 'The ranking could not be loaded. Try Refresh.';

const money = (v: number | null) => (v === null ? '—' : formatSignedSbc(v));

/**
 * The ranking for `filter` and how to read the whole of it. The shell's store ranks it where the catalogue is (its
 * first rows, in `sort`'s order when the visitor sorted, then the whole compact ranking when asked:
 * MarketStore.loadProfitability). A shell released before that (bfc4cf7 and earlier; the contract marks the methods
 * optional, docs/deploying.md) has no such store method: the page then reads the whole product list and ledger and
 * ranks them here with the same domain function, as it did before.
 */
function useRanking(market: MarketStoreApi, filter: Required<ProfitabilityFilter>, sort: ProfitabilitySort | undefined): { ranking: ProfitabilityRows; loadAll: () => void } {
  const storeRanks = market.loadProfitability !== undefined && market.profitability !== undefined;
  const sortKey = sort?.key;
  const direction = sort?.direction;
  useEffect(() => {
    if (market.loadProfitability) void market.loadProfitability(filter, sortKey && direction ? { sort: { key: sortKey, direction } } : {});
    else {
      void market.loadProducts();
      void market.loadMaterials();
    }
  }, [market, filter, sortKey, direction]);
  const loadAll = useCallback(() => void market.loadProfitability?.(filter, { whole: true }), [market, filter]);
  const products = storeRanks ? null : market.products;
  const materials = storeRanks ? null : market.materials;
  const ranked = useMemo(() => (products && materials ? rankProfitability(products, materials) : null), [products, materials]);
  const rows = useMemo(() => (ranked ? narrowProfitability(ranked.rows, filter) : []), [ranked, filter]);
  if (market.profitability) return { ranking: market.profitability(filter, sort), loadAll };
  const settled = (state: string) => state === 'ready' || state === 'error';
  const state = market.productsState === 'error' ? 'error' : settled(market.productsState) && settled(market.materialsState) ? 'ready' : 'loading';
  return {
    ranking: { rows, total: rows.length, complete: true, state, wholeState: state, order: null, sectors: ranked?.sectors ?? [], talents: ranked?.talents ?? [] },
    loadAll,
  };
}

/**
 * /market/profitability (paths.profitability): every product ranked by its margin at today's market. Issue 36: the
 * page shows the first FIRST_VIEW_ROWS rows of the ranking for its ?sector= and ?talent=, ranked where the catalogue
 * is and rendered on the server (../page-data.ts); a sort, the text filter, "Show more" or the CSV reads the whole
 * compact ranking (one API answer, about 200 bytes a product) and acts on every product. It lived at
 * /products/profitability until issue 26, where it shadowed a product slugged 'profitability'; that address now
 * redirects here (ROUTE_REDIRECTS), and the admin console refuses the slug (RESERVED_PRODUCT_SLUGS).
 */
export const ProfitabilityPage = observer(function ProfitabilityPage() {
  const { market } = useRootStore();
  usePageMeta(
    pageSeo({
      title: 'Profitability ranking',
      description: 'Every SBC Tycoon product ranked by production margin at today’s material prices: per unit, in percent and per hour of lead time.',
    }),
  );

  const [params, setParams] = useSearchParams();
  const { sector, talent } = rankingFilterOf(params);
  const filter = useMemo(() => ({ sector, talent }), [sector, talent]);
  const setFilter = useCallback(
    (name: string, value: string) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value === '') next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  const table = useTableUrlState(RANKING_DEFAULT_SORT);
  const sort = rankingSortOf(table);
  const { ranking, loadAll } = useRanking(market, filter, sort);
  const firstRows = useFirstRowsThenAll({
    list: { items: ranking.rows, total: ranking.total, complete: ranking.complete },
    columns: RANKING_COLUMNS,
    table,
    textOf,
    firstRows: FIRST_VIEW_ROWS,
    filename: FILENAME,
    loadAll,
    defaultSort: RANKING_DEFAULT_SORT,
    // A sort shows its own first rows, ranked where the catalogue is (the API's ?sort=): no whole ranking for it.
    firstRowsInOrder: sameRankingOrder(ranking.order, sort),
  });
  const { rows, matching, waiting, itemsRef, showMore } = firstRows;
  const sectorId = useId();
  const talentId = useId();

  return (
    <div className="ps-page ps-ranking">
      <header>
        <p className="ps-eyebrow">Market Monitor</p>
        <h1>Profitability ranking</h1>
        <p className="ps-hint">
          Margin per unit = average price − materials cost − production cost, with every material at today’s unit
          price. Margin per hour divides it by the lead time in game hours.
        </p>
        <FreshnessLine />
        <p>
          <Link to={paths.products}>Back to sectors</Link> · <Link to={paths.planner}>Production planner</Link>
        </p>
      </header>
      {ranking.sectors.length === 0 ? (
        // Nothing read yet (or nothing to rank): the filters' choices come with the first rows.
        ranking.state === 'error' ? (
          <StateMessage kind="error">{RANKING_LOAD_FAILED}</StateMessage>
        ) : ranking.state === 'ready' ? (
          <StateMessage kind="empty">No products are trading yet.</StateMessage>
        ) : (
          <StateMessage kind="loading">Loading the ranking…</StateMessage>
        )
      ) : (
        <section className="ps-card ps-ranking__card" aria-label="Products by margin">
          <FirstRowsToolbar label="Filter products" table={table} columns={RANKING_COLUMNS} filename={FILENAME} total={ranking.total} firstRows={firstRows} loadFailed={ranking.wholeState === 'error'}>
            <label htmlFor={sectorId} className="ps-table-tools__field">
              <span>Sector</span>
              <select id={sectorId} value={sector} onChange={(e) => setFilter(RANKING_SECTOR_PARAM, e.target.value)}>
                <option value="">All sectors</option>
                {ranking.sectors.map((s) => (
                  <option key={s} value={s}>{s}</option>
                ))}
              </select>
            </label>
            <label htmlFor={talentId} className="ps-table-tools__field">
              <span>Talent</span>
              <select id={talentId} value={talent} onChange={(e) => setFilter(RANKING_TALENT_PARAM, e.target.value)}>
                <option value="">All talents</option>
                {ranking.talents.map((t) => (
                  <option key={t} value={t}>{t}</option>
                ))}
              </select>
            </label>
          </FirstRowsToolbar>
          {(ranking.state === 'error' || (waiting && ranking.wholeState === 'error')) && <StateMessage kind="error">{RANKING_LOAD_FAILED}</StateMessage>}
          {rows.length === 0 && !ranking.complete ? (
            ranking.state !== 'error' && <StateMessage kind="loading">Loading the ranking…</StateMessage>
          ) : matching === 0 ? (
            <StateMessage kind="empty">No product matches these filters.</StateMessage>
          ) : (
            <div ref={itemsRef} aria-busy={waiting || undefined}>
              <div className="ps-table-wrap">
                <table className="ps-table ps-ranking__table">
                  <caption className="ps-visually-hidden">Products by production margin</caption>
                  <SortableHead columns={RANKING_COLUMNS} state={table} />
                  <tbody>
                    {rows.map((r) => (
                      <RankingRow key={r.slug} row={r} />
                    ))}
                  </tbody>
                </table>
              </div>
              <ShowMoreRows shown={rows.length} matching={matching} pageSize={SHOW_MORE_ROWS} noun="products" onShowMore={showMore} />
            </div>
          )}
        </section>
      )}
    </div>
  );
});

function RankingRow({ row }: { row: ProfitabilityRow }) {
  return (
    <tr>
      <th scope="row">
        <Link to={paths.product(row.slug)}>{row.name}</Link>
      </th>
      <td>{row.sector}</td>
      <td>{row.talent}</td>
      <td className="ps-table__num ps-num">{formatSbc(row.averagePrice)}</td>
      <td className="ps-table__num ps-num">
        {row.materialsCost === null ? <span className="ps-badge ps-badge--warn">Missing: {row.missingMaterials.join(', ')}</span> : formatSbc(row.materialsCost)}
      </td>
      <td className="ps-table__num ps-num">{formatSbc(row.productionCost)}</td>
      <td className="ps-table__num ps-num">{money(row.marginPerUnit)}</td>
      <td className="ps-table__num ps-num">{row.marginPercent === null ? '—' : formatPercent(row.marginPercent)}</td>
      <td className="ps-table__num ps-num">{money(row.marginPerHour)}</td>
      <td className="ps-table__num ps-num">{formatGameDuration(row.leadTimeMinutes)}</td>
    </tr>
  );
}
