import { useCallback, useEffect, useId, useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { Link, useSearchParams } from 'react-router-dom';
import { paths, useRootStore, usePageMeta } from '@sbc/shared';
import { FIRST_VIEW_ROWS, formatGameDuration, formatSbc, materialPriceLookup, SHOW_MORE_ROWS, productionEconomics, type Product, type ProductionEconomics } from '@sbc/domain';
import { FreshnessLine } from '../../../components/FreshnessLine';
import { pageSeo } from '../../../lib/page-seo';
import { StateMessage } from '../../../components/StateMessage';
import { formatPercent, formatSignedSbc } from '@sbc/domain';
import { SortableHead } from '../../../components/table/SortableHeader';
import { TableToolbar } from '../../../components/table/TableToolbar';
import type { ColumnDef } from '../../../lib/table-state';
import { useTableUrlState } from '../../../hooks/use-table-url-state';
import { useFirstRowsThenAll } from '../../../hooks/use-first-rows-then-all';
import { ShowMoreRows } from '../../../components/table/ShowMoreRows';
import '../../../components/ps-base.css';
import '../../../components/ps-table.css';
import './products.css';

/** One ranked product: the record and its economics at today's material prices. */
export interface RankedProduct {
  product: Product;
  economics: ProductionEconomics;
  talent: string;
}

/** ?sector= and ?talent= narrow the ranking; both are exact matches on the product's values. */
export const RANKING_SECTOR_PARAM = 'sector';
export const RANKING_TALENT_PARAM = 'talent';

/** A product whose talent is explicitly null ('None' in the add-product form). */
const NO_TALENT = 'None';

/** Every column sorts; the CSV holds the raw numbers (margins empty when a material is missing). */
export const RANKING_COLUMNS: ColumnDef<RankedProduct>[] = [
  { key: 'name', label: 'Product', value: (r) => r.product.name },
  { key: 'sector', label: 'Sector', value: (r) => r.product.category },
  { key: 'talent', label: 'Talent', value: (r) => r.talent },
  { key: 'price', label: 'Avg Price', value: (r) => r.economics.averagePrice, numeric: true },
  { key: 'materials', label: 'Materials Cost', value: (r) => r.economics.materials.total, numeric: true, firstDirection: 'asc' },
  { key: 'production', label: 'Production Cost', value: (r) => r.economics.productionCost, numeric: true, firstDirection: 'asc' },
  { key: 'margin', label: 'Margin / Unit', value: (r) => r.economics.marginPerUnit, numeric: true },
  { key: 'marginPercent', label: 'Margin %', value: (r) => r.economics.marginPercent, numeric: true },
  { key: 'marginPerHour', label: 'Margin / Hour', value: (r) => r.economics.marginPerHour, numeric: true },
  { key: 'leadTime', label: 'Lead Time (min)', value: (r) => r.economics.leadTimeMinutes, numeric: true, firstDirection: 'asc' },
];

const textOf = (r: RankedProduct) => `${r.product.name} ${r.product.slug} ${r.product.category} ${r.talent}`;

const money = (v: number | null) => (v === null ? '—' : formatSignedSbc(v));

/**
 * /market/profitability (paths.profitability): every product ranked by its margin at today's market. Reads: the
 * whole product list N and the materials M (each 0 when already loaded or cached this session). It lived at
 * /products/profitability until issue 26, where it shadowed a product slugged 'profitability'; that address
 * now redirects here (ROUTE_REDIRECTS), and the admin console refuses the slug (RESERVED_PRODUCT_SLUGS).
 */
export const ProfitabilityPage = observer(function ProfitabilityPage() {
  const { market } = useRootStore();
  usePageMeta(
    pageSeo({
      title: 'Profitability ranking',
      description: 'Every SBC Tycoon product ranked by production margin at today’s material prices: per unit, in percent and per hour of lead time.',
    }),
  );
  useEffect(() => {
    void market.loadProducts();
    void market.loadMaterials();
  }, [market]);

  const [params, setParams] = useSearchParams();
  const sector = params.get(RANKING_SECTOR_PARAM) ?? '';
  const talent = params.get(RANKING_TALENT_PARAM) ?? '';
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

  const products = market.products;
  const materials = market.materials;
  const ranked = useMemo(() => {
    const priceOf = materialPriceLookup(materials);
    return products.map((product) => ({
      product,
      economics: productionEconomics(product, priceOf),
      talent: product.talent_required ?? NO_TALENT,
    }));
  }, [products, materials]);
  const sectors = useMemo(() => [...new Set(ranked.map((r) => r.product.category))].sort(), [ranked]);
  const talents = useMemo(() => [...new Set(ranked.map((r) => r.talent))].sort(), [ranked]);
  const narrowed = useMemo(
    () => ranked.filter((r) => (sector === '' || r.product.category === sector) && (talent === '' || r.talent === talent)),
    [ranked, sector, talent],
  );

  const table = useTableUrlState({ sortKey: 'margin', direction: 'desc' });
  // Sorted and filtered over every product (read whole: nothing to load later); rendered FIRST_VIEW_ROWS at first and
  // SHOW_MORE_ROWS more at a time (at 5,000 products every row at once was 55,000 table cells, laid out again on each sort).
  const { ordered: shown, rows, matching, itemsRef, showMore } = useFirstRowsThenAll({
    list: { items: narrowed, total: narrowed.length, complete: true },
    columns: RANKING_COLUMNS,
    table,
    textOf,
    firstRows: FIRST_VIEW_ROWS,
    filename: 'profitability.csv',
    defaultSort: { sortKey: 'margin', direction: 'desc' },
  });
  const sectorId = useId();
  const talentId = useId();
  const loading = (market.productsState !== 'ready' && market.productsState !== 'error') || (market.materialsState !== 'ready' && market.materialsState !== 'error');

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
      {loading && products.length === 0 ? (
        <StateMessage kind="loading">Loading the ranking…</StateMessage>
      ) : products.length === 0 ? (
        <StateMessage kind={market.productsState === 'error' ? 'error' : 'empty'}>
          {market.productsState === 'error' ? 'The products could not be loaded.' : 'No products are trading yet.'}
        </StateMessage>
      ) : (
        <section className="ps-card ps-ranking__card" aria-label="Products by margin">
          <TableToolbar label="Filter products" state={table} rows={shown} columns={RANKING_COLUMNS} filename="profitability.csv" total={ranked.length}>
            <label htmlFor={sectorId} className="ps-table-tools__field">
              <span>Sector</span>
              <select id={sectorId} value={sector} onChange={(e) => setFilter(RANKING_SECTOR_PARAM, e.target.value)}>
                <option value="">All sectors</option>
                {sectors.map((s) => (
                  <option key={s} value={s}>{s}</option>
                ))}
              </select>
            </label>
            <label htmlFor={talentId} className="ps-table-tools__field">
              <span>Talent</span>
              <select id={talentId} value={talent} onChange={(e) => setFilter(RANKING_TALENT_PARAM, e.target.value)}>
                <option value="">All talents</option>
                {talents.map((t) => (
                  <option key={t} value={t}>{t}</option>
                ))}
              </select>
            </label>
          </TableToolbar>
          {shown.length === 0 ? (
            <StateMessage kind="empty">No product matches these filters.</StateMessage>
          ) : (
            <div ref={itemsRef}>
              <div className="ps-table-wrap">
                <table className="ps-table ps-ranking__table">
                  <caption className="ps-visually-hidden">Products by production margin</caption>
                  <SortableHead columns={RANKING_COLUMNS} state={table} />
                  <tbody>
                    {rows.map((r) => (
                      <RankingRow key={r.product.id} row={r} />
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

function RankingRow({ row }: { row: RankedProduct }) {
  const { product, economics: e } = row;
  const missing = e.materials.missing;
  return (
    <tr>
      <th scope="row">
        <Link to={paths.product(product.slug)}>{product.name}</Link>
      </th>
      <td>{product.category}</td>
      <td>{row.talent}</td>
      <td className="ps-table__num ps-num">{formatSbc(e.averagePrice)}</td>
      <td className="ps-table__num ps-num">
        {e.materials.total === null ? <span className="ps-badge ps-badge--warn">Missing: {missing.join(', ')}</span> : formatSbc(e.materials.total)}
      </td>
      <td className="ps-table__num ps-num">{formatSbc(e.productionCost)}</td>
      <td className="ps-table__num ps-num">{money(e.marginPerUnit)}</td>
      <td className="ps-table__num ps-num">{e.marginPercent === null ? '—' : formatPercent(e.marginPercent)}</td>
      <td className="ps-table__num ps-num">{money(e.marginPerHour)}</td>
      <td className="ps-table__num ps-num">{formatGameDuration(e.leadTimeMinutes)}</td>
    </tr>
  );
}
