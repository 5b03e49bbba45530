import { useEffect, useId, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Link, useSearchParams } from 'react-router-dom';
import { paths, usePageMeta, useRootStore } from '@sbc/shared';
import {
  CSV_BOM,
  formatGameDuration,
  formatQuantity,
  formatSbc,
  formatSignedSbc,
  MAX_PLAN_LINES,
  PLAN_PARAMS,
  planSearch,
  productionPlan,
  recipeMaterialNames,
  readPlanQuery,
  toCsv,
  type Material,
  type PlanMaterial,
  type PlanQuery,
  type Product,
  type ProductionPlan,
  type SuggestionRow,
} from '@sbc/domain';
import { FreshnessLine } from '../../../components/FreshnessLine';
import { StateMessage } from '../../../components/StateMessage';
import { downloadText } from '../../../components/table/TableToolbar';
import { pageSeo } from '../../../lib/page-seo';
import '../../../components/ps-base.css';
import '../../../components/ps-table.css';
import './planner.css';
import { loadPlannerData } from '../page-data';
import { useProductChoices } from './use-product-choices';

export const PLANNER_TITLE = 'Production planner';
export const PLANNER_EMPTY_TEXT = 'Pick a product and a quantity, then Update plan.';
export const SUGGEST_NONE_TEXT = 'Nothing fits this budget with a positive margin at today’s prices.';
export const SUGGEST_LOADING_TEXT = 'Ranking the products for this budget…';
export const SUGGEST_ERROR_TEXT = 'The suggestions could not be loaded. Try again in a moment.';
export const LIMIT_TEXT = { sbc: 'the SBC', slots: 'the warehouse slots', hours: 'the game hours' } as const;

const money = (v: number | null) => (v === null ? 'Unknown' : formatSignedSbc(v));
const hours = (h: number) => formatGameDuration(h * 60);

/** The materials table's CSV: the raw numbers, the domain's CSV rules (toCsv). */
const MATERIAL_CSV = [
  { label: 'Material', value: (m: PlanMaterial) => m.name },
  { label: 'Needed', value: (m: PlanMaterial) => m.needed },
  { label: 'I already have', value: (m: PlanMaterial) => m.have },
  { label: 'To buy', value: (m: PlanMaterial) => m.toBuy },
  { label: 'Unit price', value: (m: PlanMaterial) => m.unitPrice },
  { label: 'Cost', value: (m: PlanMaterial) => m.cost },
];

/** The query a form's fields make, as a plain GET submit would (the recorder replays a submit made before hydration). */
function formQuery(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') params.append(key, value);
  return params;
}

/**
 * /market/planner: a player picks products and quantities (and what they already have), or asks what to make with a
 * budget of SBC, warehouse slots and game hours, and sees materials, cost, time, space, revenue and margin at today's
 * prices (domain/src/production-plan.ts). The plan lives in the address (shareable); the forms are GET forms, so a
 * submit made before hydration is replayed and the page works from its first paint. Reads: what the plan names, and
 * for "What should I make?" the first rows of a ranking made on the server or by the open data API (../page-data.ts),
 * again on a market update.
 */
export const PlannerPage = observer(function PlannerPage() {
  const root = useRootStore();
  const { market } = root;
  const [params, setParams] = useSearchParams();
  usePageMeta(
    pageSeo({
      title: PLANNER_TITLE,
      description: 'Plan SBC Tycoon production: materials, cost, time, warehouse space, revenue and margin at today’s prices.',
    }),
  );
  const search = params.toString();
  useEffect(() => {
    void loadPlannerData(root, readPlanQuery(new URLSearchParams(search)), { force: false });
  }, [root, search]);

  const query = readPlanQuery(params);
  const { lines, unknown, materials, loading, failed } = fromRecords(market, query);
  const plan = productionPlan(lines, materials, query.have);
  const suggestions = suggestionsOf(market, query);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const next = formQuery(e.currentTarget);
    // The budget form keeps the plan, the plan form keeps the budget.
    const budgetKeys: string[] = [PLAN_PARAMS.sbc, PLAN_PARAMS.slots, PLAN_PARAMS.hours];
    const fromPlanForm = e.currentTarget.dataset.form === 'plan';
    for (const [key, value] of params) {
      if (budgetKeys.includes(key) === fromPlanForm) next.append(key, value);
    }
    setParams(new URLSearchParams(planSearch(readPlanQuery(next))), { preventScrollReset: true });
  };

  return (
    <div className="ps-page ps-planner">
      <header>
        <p className="ps-eyebrow">Market Monitor</p>
        <h1>{PLANNER_TITLE}</h1>
        <p className="ps-hint">
          Margin = revenue at the average price − every material at today’s unit price (yours included: you could sell
          them) − production cost. Cash needed counts only the materials you must buy.
        </p>
        <FreshnessLine />
        <p>
          <Link to={paths.profitability}>Profitability ranking</Link>
        </p>
      </header>
      {loading ? (
        <StateMessage kind="loading">Loading products and material prices…</StateMessage>
      ) : failed ? (
        <StateMessage kind="error">The products could not be loaded.</StateMessage>
      ) : (
        <>
          <PlanForm key={`plan:${params.toString()}`} query={query} plan={plan} onSubmit={submit} />
          {unknown.length > 0 && <p className="ps-hint">Not on the market: {unknown.join(', ')}.</p>}
          {lines.length === 0 ? <StateMessage kind="empty">{PLANNER_EMPTY_TEXT}</StateMessage> : <PlanResult plan={plan} />}
          <SuggestForm key={`budget:${params.toString()}`} query={query} onSubmit={submit} />
          {query.budget && <Suggestions suggestions={suggestions} query={query} />}
        </>
      )}
    </div>
  );
});

/** What "What should I make?" shows: 'idle' without a budget. */
type SuggestionsView = { rows: SuggestionRow[]; state: 'idle' | 'loading' | 'ready' | 'error' };

/** The budget's first rows, from the store (ranked on the server or by the API). */
function suggestionsOf(market: ReturnType<typeof useRootStore>['market'], query: PlanQuery): SuggestionsView {
  if (!query.budget) return { rows: [], state: 'idle' };
  const view = market.planSuggestions(query.budget);
  return { rows: view.rows, state: view.state === 'idle' ? 'loading' : view.state };
}

interface PlanData {
  lines: Array<{ product: Product; quantity: number }>;
  /** Slugs the address names that no product has. */
  unknown: string[];
  materials: Material[];
  loading: boolean;
  failed: boolean;
}

/** The plan from the records of the products it names and of their recipes' materials (../page-data.ts). */
function fromRecords(market: ReturnType<typeof useRootStore>['market'], query: PlanQuery): PlanData {
  const records = query.lines.map((line) => ({ line, record: market.productRecord(line.slug) }));
  const lines = records.flatMap(({ line, record }) => (record.product ? [{ product: record.product, quantity: line.quantity }] : []));
  const materialRecords = recipeMaterialNames(lines.map((l) => l.product)).map((name) => market.materialRecord(name));
  return {
    lines,
    unknown: records.filter(({ record }) => record.state === 'notFound').map(({ line }) => line.slug),
    materials: materialRecords.flatMap((record) => (record.material ? [record.material] : [])),
    loading: records.some(({ record }) => record.state === 'loading' && !record.product) || materialRecords.some((r) => r.state === 'loading' && !r.material),
    failed: records.some(({ record }) => record.state === 'error' && !record.product),
  };
}

function PlanForm({ query, plan, onSubmit }: { query: PlanQuery; plan: ProductionPlan; onSubmit: (e: FormEvent<HTMLFormElement>) => void }) {
  const id = useId();
  const { choices, want } = useProductChoices();
  const listId = `${id}-products`;
  const rows = [...query.lines, ...(query.lines.length < MAX_PLAN_LINES ? [{ slug: '', quantity: 0 }] : [])];
  return (
    <section className="ps-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Your plan</h2>
      <form method="get" action={paths.planner} data-form="plan" onSubmit={onSubmit} className="ps-planner__form">
        <fieldset>
          <legend>Products</legend>
          {choices && (
            <datalist id={listId}>
              {choices.map((choice) => (
                <option key={choice.slug} value={choice.slug} label={choice.name} />
              ))}
            </datalist>
          )}
          {rows.map((row, i) => (
            <div className="ps-planner__row" key={row.slug || 'new-row'}>
              <label>
                <span>Product {i + 1}</span>
                <input name={PLAN_PARAMS.product} list={listId} defaultValue={row.slug} autoComplete="off" onFocus={want} onPointerDown={want} />
              </label>
              <label>
                <span>Units of product {i + 1}</span>
                <input name={PLAN_PARAMS.quantity} inputMode="numeric" defaultValue={row.quantity > 0 ? String(row.quantity) : ''} autoComplete="off" />
              </label>
            </div>
          ))}
        </fieldset>
        {plan.materials.length > 0 && (
          <fieldset>
            <legend>I already have</legend>
            {plan.materials.map((m) => (
              <label key={m.name}>
                <span>{m.name}</span>
                <input name={`${PLAN_PARAMS.havePrefix}${m.name}`} inputMode="decimal" defaultValue={query.have[m.name] ? String(query.have[m.name]) : ''} autoComplete="off" />
              </label>
            ))}
          </fieldset>
        )}
        <button type="submit" className="ps-btn ps-btn--primary">
          Update plan
        </button>
      </form>
    </section>
  );
}

function PlanResult({ plan }: { plan: ProductionPlan }) {
  return (
    <>
      <section className="ps-card" aria-labelledby="ps-plan-totals">
        <h2 id="ps-plan-totals">Plan totals</h2>
        <dl className="ps-planner__totals">
          <div><dt>Cash needed</dt><dd className="ps-num">{plan.cash === null ? 'Unknown' : formatSbc(plan.cash)}</dd></div>
          <div><dt>Revenue</dt><dd className="ps-num">{formatSbc(plan.revenue)}</dd></div>
          <div><dt>Margin</dt><dd className="ps-num">{money(plan.margin)}</dd></div>
          <div><dt>Margin per hour</dt><dd className="ps-num">{plan.marginPerHour === null ? '—' : formatSignedSbc(plan.marginPerHour)}</dd></div>
          <div><dt>Game time</dt><dd className="ps-num">{hours(plan.hours)}</dd></div>
          <div><dt>Warehouse slots</dt><dd className="ps-num">{formatQuantity(plan.slots)}</dd></div>
        </dl>
      </section>
      <section className="ps-card" aria-labelledby="ps-plan-lines">
        <h2 id="ps-plan-lines">Products, best margin per hour first</h2>
        <div className="ps-table-wrap">
          <table className="ps-table">
            <caption className="ps-visually-hidden">Products of the plan</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col" className="ps-table__num">Units</th>
                <th scope="col" className="ps-table__num">Revenue</th>
                <th scope="col" className="ps-table__num">Margin</th>
                <th scope="col" className="ps-table__num">Time</th>
                <th scope="col" className="ps-table__num">Margin / Hour</th>
              </tr>
            </thead>
            <tbody>
              {[...plan.lines]
                .sort((a, b) => (b.marginPerHour ?? Number.NEGATIVE_INFINITY) - (a.marginPerHour ?? Number.NEGATIVE_INFINITY))
                .map((l) => (
                  <tr key={l.product.id}>
                    <th scope="row">
                      <Link to={paths.product(l.product.slug)}>{l.product.name}</Link>
                    </th>
                    <td className="ps-table__num ps-num">{formatQuantity(l.quantity)}</td>
                    <td className="ps-table__num ps-num">{formatSbc(l.revenue)}</td>
                    <td className="ps-table__num ps-num">{money(l.margin)}</td>
                    <td className="ps-table__num ps-num">{hours(l.hours)}</td>
                    <td className="ps-table__num ps-num">{l.marginPerHour === null ? '—' : formatSignedSbc(l.marginPerHour)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="ps-card" aria-labelledby="ps-plan-materials">
        <div className="ps-planner__head">
          <h2 id="ps-plan-materials">Materials</h2>
          <button type="button" className="ps-btn" onClick={() => downloadText('production-plan.csv', CSV_BOM + toCsv(plan.materials, MATERIAL_CSV))}>
            Export CSV
          </button>
        </div>
        <div className="ps-table-wrap">
          <table className="ps-table">
            <caption className="ps-visually-hidden">Materials the plan needs</caption>
            <thead>
              <tr>
                <th scope="col">Material</th>
                <th scope="col" className="ps-table__num">Needed</th>
                <th scope="col" className="ps-table__num">I already have</th>
                <th scope="col" className="ps-table__num">To buy</th>
                <th scope="col" className="ps-table__num">Unit price</th>
                <th scope="col" className="ps-table__num">Cost</th>
              </tr>
            </thead>
            <tbody>
              {plan.materials.map((m) => (
                <tr key={m.name}>
                  <th scope="row">
                    <Link to={paths.material(m.name)}>{m.name}</Link>
                  </th>
                  <td className="ps-table__num ps-num">{formatQuantity(m.needed)}</td>
                  <td className="ps-table__num ps-num">{formatQuantity(m.have)}</td>
                  <td className="ps-table__num ps-num">{formatQuantity(m.toBuy)}</td>
                  <td className="ps-table__num ps-num">{m.unitPrice === null ? 'Not in the ledger' : formatSbc(m.unitPrice)}</td>
                  <td className="ps-table__num ps-num">{m.cost === null ? 'Unknown' : formatSbc(m.cost)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}

function SuggestForm({ query, onSubmit }: { query: ReturnType<typeof readPlanQuery>; onSubmit: (e: FormEvent<HTMLFormElement>) => void }) {
  const id = useId();
  const b = query.budget;
  return (
    <section className="ps-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>What should I make?</h2>
      <form method="get" action={paths.planner} data-form="budget" onSubmit={onSubmit} className="ps-planner__form">
        <label>
          <span>SBC to spend</span>
          <input name={PLAN_PARAMS.sbc} inputMode="decimal" defaultValue={b ? String(b.sbc) : ''} autoComplete="off" />
        </label>
        <label>
          <span>Warehouse slots</span>
          <input name={PLAN_PARAMS.slots} inputMode="decimal" defaultValue={b ? String(b.slots) : ''} autoComplete="off" />
        </label>
        <label>
          <span>Game hours</span>
          <input name={PLAN_PARAMS.hours} inputMode="decimal" defaultValue={b ? String(b.hours) : ''} autoComplete="off" />
        </label>
        <button type="submit" className="ps-btn ps-btn--primary">
          Suggest
        </button>
      </form>
    </section>
  );
}

function Suggestions({ suggestions, query }: { suggestions: SuggestionsView; query: ReturnType<typeof readPlanQuery> }) {
  // Rows already shown stay while they are read again (a market update); a first read says it is under way.
  if (suggestions.rows.length === 0 && suggestions.state === 'loading') return <StateMessage kind="loading">{SUGGEST_LOADING_TEXT}</StateMessage>;
  if (suggestions.rows.length === 0 && suggestions.state === 'error') return <StateMessage kind="error">{SUGGEST_ERROR_TEXT}</StateMessage>;
  if (suggestions.rows.length === 0) return <StateMessage kind="empty">{SUGGEST_NONE_TEXT}</StateMessage>;
  return (
    <section className="ps-card" aria-labelledby="ps-suggestions">
      <h2 id="ps-suggestions">Best first, within your budget</h2>
      <div className="ps-table-wrap">
        <table className="ps-table">
          <caption className="ps-visually-hidden">Products that fit the budget, by total margin</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className="ps-table__num">Units</th>
              <th scope="col">Limited by</th>
              <th scope="col" className="ps-table__num">Cash</th>
              <th scope="col" className="ps-table__num">Margin</th>
              <th scope="col" className="ps-table__num">Margin / Hour</th>
              <th scope="col"><span className="ps-visually-hidden">Plan</span></th>
            </tr>
          </thead>
          <tbody>
            {suggestions.rows.map((s) => (
              <tr key={s.slug}>
                <th scope="row">
                  <Link to={paths.product(s.slug)}>{s.name}</Link>
                </th>
                <td className="ps-table__num ps-num">{formatQuantity(s.quantity)}</td>
                <td>{LIMIT_TEXT[s.limitedBy]}</td>
                <td className="ps-table__num ps-num">{formatSbc(s.cash)}</td>
                <td className="ps-table__num ps-num">{formatSignedSbc(s.margin)}</td>
                <td className="ps-table__num ps-num">{s.marginPerHour === null ? '—' : formatSignedSbc(s.marginPerHour)}</td>
                <td>
                  <Link to={`${paths.planner}?${planSearch({ ...query, lines: [{ slug: s.slug, quantity: s.quantity }] })}`} aria-label={`Plan ${s.quantity} ${s.name}`}>
                    Plan this
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
