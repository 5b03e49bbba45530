import { lazy, Suspense, useState, type ComponentType, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '@sbc/shared';
import {
  CHART_LOAD_FAILED_LOG,
  COMPARE_MAX_ITEMS,
  COMPARE_PARAM,
  comparisonChart,
  formatIndex,
  HISTORY_RANGE_LABELS,
  HISTORY_RANGE_PARAM,
  HISTORY_RANGES,
  historyItemKey,
  historyTimeLabel,
  parseCompareParam,
  parseHistoryRange,
  priceAxis,
  slugify,
  type HistoryRange,
} from '@sbc/domain';
import type { LineChartProps } from './LineChart';
import { useRecordedHistory } from '../../hooks/use-recorded-history';
import './chart-controls.css';

/** The range shown when the URL names none: a week of every market update. */
export const DEFAULT_HISTORY_RANGE: HistoryRange = '7d';
export const NO_RECORDED_HISTORY_TEXT = 'No recorded history in this range yet: the charts above show the game’s daily averages.';
export const NO_RECORDED_MATERIAL_HISTORY_TEXT = 'No recorded history in this range yet: it starts with the next market update.';
/** The comparison's other lines (the page's own line keeps the price colour). */
const COMPARE_COLORS = ['var(--sbc-chart-request)', '#b45309', '#7c3aed', '#0f766e'];

/** The chart's code (echarts), as the daily charts load it; a failed download is said in place, not thrown. */
const LineChart = lazy<ComponentType<LineChartProps>>(() =>
  import('./LineChart').catch((error: unknown) => {
    console.error(CHART_LOAD_FAILED_LOG, error);
    return { default: () => <p className="ps-chart-empty">Chart unavailable.</p> };
  }),
);

/** The page's own item: a product (by slug) or a material (by name, which is its address and its API id). */
export interface RecordedHistoryItem {
  kind: 'product' | 'material';
  /** The product's slug or the material's name: what ?compare= lists and the API's ?products= / ?materials= take. */
  id: string;
  name: string;
}

/** What differs between a product's and a material's chart. */
const KINDS = {
  product: {
    compareLabel: 'Compare with a product (slug or name)',
    placeholder: 'wind-turbine',
    chipsLabel: 'Compared products',
    empty: NO_RECORDED_HISTORY_TEXT,
    path: paths.product,
    /** A typed name becomes its slug ('Gas Turbine' → gas-turbine). */
    normalize: (typed: string, _known: readonly string[]) => slugify(typed),
  },
  material: {
    compareLabel: 'Compare with a material (name)',
    placeholder: 'Steel',
    chipsLabel: 'Compared materials',
    empty: NO_RECORDED_MATERIAL_HISTORY_TEXT,
    path: paths.material,
    /** A material is named as the game names it: a known name typed in another case is that name. */
    normalize: (typed: string, known: readonly string[]) => {
      const name = typed.trim();
      return known.find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
    },
  },
} as const;

/**
 * The figures the site recorded at each market update (docs/market-history.md), with real times: 1 day, 7 days,
 * 30 days, 1 year or all (?span=), and up to 4 other items of the same kind on the same chart (?compare=a,b), as %
 * change since the window's start. A product page and a material page show it alike. The section (ranges, the
 * comparison) is server-rendered from the address; the points are read after hydration through the open data API.
 * `known`: names offered while typing a comparison (the materials the page has read).
 */
export const RecordedHistory = observer(function RecordedHistory({ item, known = [] }: { item: RecordedHistoryItem; known?: readonly string[] }) {
  const kind = KINDS[item.kind];
  const [params, setParams] = useSearchParams();
  const range = parseHistoryRange(params.get(HISTORY_RANGE_PARAM)) ?? DEFAULT_HISTORY_RANGE;
  const compared = parseCompareParam(params.get(COMPARE_PARAM), item.id);
  const ids = [item.id, ...compared];
  const state = useRecordedHistory(item.kind === 'product' ? { products: ids } : { materials: ids }, range);
  const [typed, setTyped] = useState('');

  const update = (change: (next: URLSearchParams) => void) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        change(next);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const setRange = (next: HistoryRange) => update((p) => (next === DEFAULT_HISTORY_RANGE ? p.delete(HISTORY_RANGE_PARAM) : p.set(HISTORY_RANGE_PARAM, next)));
  const setCompared = (next: string[]) => update((p) => (next.length === 0 ? p.delete(COMPARE_PARAM) : p.set(COMPARE_PARAM, next.join(','))));
  const add = (event: FormEvent) => {
    event.preventDefault();
    const id = kind.normalize(typed, known);
    if (id) setCompared([...compared, id]);
    setTyped('');
  };

  const ready = state.state === 'ready' ? state : null;
  const key = (id: string) => historyItemKey(item.kind === 'product' ? 'p' : 'm', id);
  const chart = ready ? comparisonChart(ids.map((id) => ({ label: id === item.id ? item.name : id, points: ready.series[key(id)] ?? [] }))) : null;
  const own = chart?.series[0];
  const hasData = !!own && own.values.some((v) => v !== null);
  const values = (own?.values ?? []).filter((v): v is number => v !== null);
  const allValues = (chart?.series ?? []).flatMap((s) => s.values.filter((v): v is number => v !== null));
  const format = (v: number) => (chart?.indexed ? `${v > 0 ? '+' : ''}${formatIndex(v)}%` : `${formatIndex(v)} SBC`);
  const full = compared.length >= COMPARE_MAX_ITEMS - 1;
  const options = known.filter((name) => name !== item.id && !compared.includes(name));

  return (
    <section className="ps-card ps-recorded" aria-labelledby="ps-recorded-title">
      <h2 id="ps-recorded-title">Recorded price history</h2>
      <fieldset className="ps-range">
        <legend>History range</legend>
        {HISTORY_RANGES.map((r) => (
          <label key={r} className="ps-range__choice">
            <input type="radio" name="ps-history-range" value={r} checked={range === r} onChange={() => setRange(r)} />
            <span>{HISTORY_RANGE_LABELS[r]}</span>
          </label>
        ))}
      </fieldset>
      <form className="ps-recorded__compare" onSubmit={add}>
        <label htmlFor="ps-compare-input">{kind.compareLabel}</label>
        <input
          id="ps-compare-input"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          disabled={full}
          placeholder={kind.placeholder}
          list={options.length > 0 ? 'ps-compare-options' : undefined}
        />
        {options.length > 0 && (
          <datalist id="ps-compare-options">
            {options.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        )}
        <button type="submit" className="ps-btn" disabled={full || typed.trim() === ''}>
          Compare
        </button>
      </form>
      {compared.length > 0 && (
        <ul className="ps-recorded__chips" aria-label={kind.chipsLabel}>
          {compared.map((id) => (
            <li key={id}>
              <Link to={kind.path(id)}>{id}</Link>{' '}
              <button type="button" className="ps-btn" aria-label={`Stop comparing ${id}`} onClick={() => setCompared(compared.filter((s) => s !== id))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {state.state === 'loading' && <p className="ps-chart-empty">Loading the recorded history…</p>}
      {state.state === 'error' && <p className="ps-chart-empty">The recorded history cannot be read right now.</p>}
      {ready && !hasData && <p className="ps-chart-empty">{kind.empty}</p>}
      {ready && hasData && chart && own && (
        <>
          <Suspense fallback={<div className="ps-line-chart" role="img" aria-label="Recorded price history" />}>
            <LineChart
              labels={chart.times.map((t) => historyTimeLabel(t, range))}
              values={own.values}
              axis={chart.indexed ? { min: Math.min(...allValues, 0) - 1, max: Math.max(...allValues, 0) + 1 } : priceAxis(values)}
              seriesName={own.label}
              formatValue={format}
              extraSeries={chart.series.slice(1).map((s, i) => ({ name: s.label, values: s.values, color: COMPARE_COLORS[i % COMPARE_COLORS.length] }))}
              ariaLabel={`${chart.indexed ? 'Price change' : 'Price'} of ${chart.series.map((s) => s.label).join(', ')} over ${HISTORY_RANGE_LABELS[range].toLowerCase()}: ${chart.times.length} recorded updates, from ${format(values[0])} to ${format(values[values.length - 1])}`}
            />
          </Suspense>
          <p className="ps-chart-note">
            {chart.indexed ? 'Change in price since the start of the range, in percent. ' : ''}
            {chart.times.length} recorded market updates, times in your time zone.
          </p>
        </>
      )}
    </section>
  );
});
