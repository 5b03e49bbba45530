import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { toJS } from 'mobx';
import { useSearchParams } from 'react-router-dom';
import { useRenderClock } from '@sbc/shared';
import { CHART_LOAD_FAILED_LOG, clampPercent, detailDayLabels, hasPriceTrend, applyChartRange, CHART_RANGE_PARAM, CHART_RANGES, chartRangeLabel, DEFAULT_CHART_RANGE, parseChartRange, NO_PRICE_TREND_DATA, priceAxis, requestIndexAxis, type ChartRange, type Product } from '@sbc/domain';
import type { LineChartProps } from '../../../components/charts/LineChart';
import '../../../components/charts/chart-controls.css';
import { formatIndex } from '@sbc/domain';

/** Shown in place of a chart whose code could not be downloaded; the rest of the page stays. */
export const CHART_UNAVAILABLE_TEXT = 'Chart unavailable.';

/**
 * What the charts' x axis counts: the points are real calendar days (the game date in the header is another
 * clock), labelled day-month in Italian as the spec's dashboards are. Said under each chart.
 */
export const CHART_DATES_NOTE = 'One point per real calendar day, ending today (not game days); dates as day month.';

function ChartUnavailable() {
  return <p className="ps-chart-empty">{CHART_UNAVAILABLE_TEXT}</p>;
}

/**
 * The only import of the echarts wrapper: a separate chunk that other pages never download. A failed download
 * (offline, a deploy replaced the chunk) is logged with the spec's text (section 8) and resolves to the
 * fallback, so no error reaches the page. The next product page gets a new lazy component and tries again.
 */
function lazyLineChart() {
  return lazy<ComponentType<LineChartProps>>(() =>
    import('../../../components/charts/LineChart').catch((error: unknown) => {
      console.error(CHART_LOAD_FAILED_LOG, error);
      currentLineChart = lazyLineChart();
      return { default: ChartUnavailable };
    }),
  );
}
let currentLineChart = lazyLineChart();

/** How far below the screen a chart starts downloading: about a phone screen's worth of scrolling. */
const CHART_PRELOAD_MARGIN = '600px 0px';

/**
 * A chart that downloads its code (echarts, the page's heaviest script) only when it comes near the screen.
 * On a phone the charts sit below the figures, so a visitor who reads the top of the page, or a crawler, never
 * pays for them. Until then (and on the server) it is the chart's empty box, the same element the chart
 * draws into, so nothing moves when the chart appears. Without IntersectionObserver it loads at once.
 */
function ChartWhenNear({ Chart, ...props }: LineChartProps & { Chart: ComponentType<LineChartProps> }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: CHART_PRELOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const placeholder = <div ref={box} className="ps-line-chart" role="img" aria-label={props.ariaLabel} />;
  if (!near) return placeholder;
  return (
    <Suspense fallback={<div className="ps-line-chart" role="img" aria-label={props.ariaLabel} />}>
      <Chart {...props} />
    </Suspense>
  );
}

/**
 * Demand (%) and price (SBC) over the recorded days, labelled in Italian day labels ending today. The price
 * chart is replaced by a message when lastvqvalue is empty or flat; the "30 Day" wording is a title only.
 */
export function ProductTrendCharts({ product, today: todayProp }: { product: Product; today?: Date }) {
  // The server render's day while hydrating a server-rendered page (see useRenderClock).
  const clock = useRenderClock();
  const today = todayProp ?? clock.now;
  const [params, setParams] = useSearchParams();
  const range = parseChartRange(params.get(CHART_RANGE_PARAM));
  const setRange = (next: ChartRange) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next === DEFAULT_CHART_RANGE) updated.delete(CHART_RANGE_PARAM);
        else updated.set(CHART_RANGE_PARAM, next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  const requests = applyChartRange(toJS(product.production.request_index_history).filter(Number.isFinite), range);
  const prices = applyChartRange(toJS(product.lastvqvalue).filter(Number.isFinite), range);
  const clamped = requests.map(clampPercent);
  // Pinned per mount: a re-render after a failure does not start another download.
  const [LineChart] = useState(() => currentLineChart);

  return (
    <div className="ps-detail-charts">
      <fieldset className="ps-range">
        <legend>Chart range</legend>
        {CHART_RANGES.map((r) => (
          <label key={r} className="ps-range__choice">
            <input type="radio" name="ps-chart-range" value={r} checked={range === r} onChange={() => setRange(r)} />
            <span>{chartRangeLabel(r)}</span>
          </label>
        ))}
      </fieldset>
      <section className="ps-card" aria-labelledby="ps-chart-request">
        <h2 id="ps-chart-request">Request Index Trend</h2>
        {clamped.length === 0 ? (
          <p className="ps-chart-empty">No demand history recorded yet.</p>
        ) : (
          <ChartWhenNear
            Chart={LineChart}
              labels={detailDayLabels(clamped.length, today)}
              values={clamped}
              axis={requestIndexAxis(requests)}
              seriesName="Request index"
              formatValue={(v) => `${v}%`}
              color="var(--sbc-chart-request)"
              ariaLabel={`Request index over ${clamped.length} days, from ${clamped[0]}% to ${clamped[clamped.length - 1]}%`}
          />
        )}
        {clamped.length > 0 && <p className="ps-chart-note">{CHART_DATES_NOTE}</p>}
      </section>
      <section className="ps-card" aria-labelledby="ps-chart-price">
        <h2 id="ps-chart-price">Average Price 30 Day Line</h2>
        {!hasPriceTrend(prices) ? (
          <p className="ps-chart-empty">{NO_PRICE_TREND_DATA}</p>
        ) : (
          <ChartWhenNear
            Chart={LineChart}
              labels={detailDayLabels(prices.length, today)}
              values={prices}
              axis={priceAxis(prices)}
              seriesName="Average price"
              formatValue={(v) => `${formatIndex(v)} SBC`}
              ariaLabel={`Average price over ${prices.length} days, from ${formatIndex(prices[0])} SBC to ${formatIndex(prices[prices.length - 1])} SBC`}
          />
        )}
        {hasPriceTrend(prices) && <p className="ps-chart-note">{CHART_DATES_NOTE}</p>}
      </section>
    </div>
  );
}
