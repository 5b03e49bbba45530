import { lazy, Suspense, useState, type ComponentType } from 'react';
import { toJS } from 'mobx';
import {
  CHART_LOAD_FAILED_LOG,
  clampPercent,
  detailDayLabels,
  hasPriceTrend,
  lastDays,
  NO_PRICE_TREND_DATA,
  priceAxis,
  requestIndexAxis,
  type Product,
} from '@sbc/shared';
import type { LineChartProps } from '../../../components/charts/LineChart';
import { formatIndex } from '../../../components/numbers';

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

/**
 * Demand (%) and price (SBC) over the recorded days, labelled in Italian day labels ending today. The price
 * chart is replaced by a message when lastvqvalue is empty or flat; the "30 Day" wording is a title only.
 */
export function ProductTrendCharts({ product, today = new Date() }: { product: Product; today?: Date }) {
  const requests = toJS(product.production.request_index_history).filter(Number.isFinite);
  const prices = lastDays(toJS(product.lastvqvalue).filter(Number.isFinite));
  const clamped = requests.map(clampPercent);
  // Pinned per mount: a re-render after a failure does not start another download.
  const [LineChart] = useState(() => currentLineChart);

  return (
    <div className="ps-detail-charts">
      <section className="ps-card" aria-labelledby="ps-chart-request">
        <h2 id="ps-chart-request">Request Index Trend</h2>
        {clamped.length === 0 ? (
          <p className="ps-chart-empty">No demand history recorded yet.</p>
        ) : (
          <Suspense fallback={<p className="ps-chart-empty">Loading chart…</p>}>
            <LineChart
              labels={detailDayLabels(clamped.length, today)}
              values={clamped}
              axis={requestIndexAxis(requests)}
              seriesName="Request index"
              formatValue={(v) => `${v}%`}
              color="var(--sbc-chart-request)"
              ariaLabel={`Request index over ${clamped.length} days, from ${clamped[0]}% to ${clamped[clamped.length - 1]}%`}
            />
          </Suspense>
        )}
        {clamped.length > 0 && <p className="ps-chart-note">{CHART_DATES_NOTE}</p>}
      </section>
      <section className="ps-card" aria-labelledby="ps-chart-price">
        <h2 id="ps-chart-price">Average Price 30 Day Line</h2>
        {!hasPriceTrend(prices) ? (
          <p className="ps-chart-empty">{NO_PRICE_TREND_DATA}</p>
        ) : (
          <Suspense fallback={<p className="ps-chart-empty">Loading chart…</p>}>
            <LineChart
              labels={detailDayLabels(prices.length, today)}
              values={prices}
              axis={priceAxis(prices)}
              seriesName="Average price"
              formatValue={(v) => `${formatIndex(v)} SBC`}
              ariaLabel={`Average price over ${prices.length} days, from ${formatIndex(prices[0])} SBC to ${formatIndex(prices[prices.length - 1])} SBC`}
            />
          </Suspense>
        )}
        {hasPriceTrend(prices) && <p className="ps-chart-note">{CHART_DATES_NOTE}</p>}
      </section>
    </div>
  );
}
