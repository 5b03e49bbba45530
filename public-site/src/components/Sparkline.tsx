import { memo } from 'react';
import { useRenderClock } from '@sbc/shared';
import { clampPercent, dashboardRequestSpan, hasPriceTrend, NO_PRICE_TREND_DATA, priceAxis, requestIndexAxis } from '@sbc/domain';
import './ps-base.css';

export type SparklineKind = 'price' | 'request';

interface SparklineProps {
  values: readonly number[];
  kind: SparklineKind;
  /** What the line shows, e.g. 'Price trend of Bread'; completed with the first and last value. */
  label: string;
  /** Formats the first/last values in the accessible description. */
  format: (value: number) => string;
  /** The end of a request line (its last point is now); tests pin it, with the zone of the labels. */
  now?: Date;
  timeZone?: string;
}

/**
 * The line's box, in CSS pixels as drawn (32 px high, 96–140 px wide: ps-base.css, products.css), so its points are
 * whole units: a tenth of a pixel more is invisible but made 200 sparklines of a sector's server-rendered page
 * 9 KB of gzip heavier, the difference between its 65 KB and issue 36's 60 KB.
 */
const WIDTH = 120;
const HEIGHT = 32;

/**
 * A table-cell trend line as one inline SVG polyline: no chart library, no canvas, so a 500-row sector stays
 * cheap (one element per cell). Axis rules are the domain's (section 9): request values clamped to 0–100 with
 * 5 points of padding; prices padded by 10%.
 *
 * Decision: a price series that is missing or constant shows 'No Price / Trend Data' (the spec). A missing
 * request-index history shows the same text, but a constant one is drawn: a flat demand line is real data.
 *
 * The accessible name and tooltip give the span and the first → last value: the request line with the
 * dashboard's 5-minute labels (section 9), e.g. 'Request index trend of Bread, 13:50 → 14:05: 40% → 55%'; the
 * price line in days, e.g. 'Price trend of Bread, last 3 days: 10.00 SBC → 12.00 SBC'.
 */
export const Sparkline = memo(function Sparkline({ values, kind, label, format, now, timeZone }: SparklineProps) {
  // The server render's clock while hydrating a server-rendered page, so the label matches its HTML.
  const clock = useRenderClock();
  const finite = values.filter((v) => Number.isFinite(v));
  const usable = kind === 'price' ? hasPriceTrend(finite) : finite.length > 0;
  if (!usable) return <span className="ps-spark-empty">{NO_PRICE_TREND_DATA}</span>;

  const series = kind === 'request' ? finite.map(clampPercent) : finite;
  const axis = kind === 'request' ? requestIndexAxis(finite) : priceAxis(finite);
  const span = axis.max - axis.min || 1;
  const step = series.length > 1 ? WIDTH / (series.length - 1) : 0;
  const points = (series.length === 1 ? [series[0], series[0]] : series)
    .map((v, i) => {
      const x = series.length === 1 ? i * WIDTH : i * step;
      const y = HEIGHT - ((v - axis.min) / span) * HEIGHT;
      return `${Math.round(x)},${Math.round(y)}`;
    })
    .join(' ');
  const description = summary(kind, series, label, format, now ?? clock.now, timeZone ?? clock.timeZone);

  return (
    <svg
      className={`ps-spark ps-spark--${kind}`}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={description}
      focusable="false"
    >
      {/* The native tooltip: no per-point elements or hover handlers, so 500 rows stay cheap. */}
      <title>{description}</title>
      <polyline points={points} />
    </svg>
  );
});

function summary(kind: SparklineKind, series: number[], label: string, format: (v: number) => string, now: Date, timeZone?: string): string {
  const first = format(series[0]);
  const last = format(series[series.length - 1]);
  const values = series.length === 1 ? first : `${first} → ${last}`;
  if (kind === 'price') return `${label}, last ${series.length} days: ${values}`; // a drawn price line has 2+ points
  const span = dashboardRequestSpan(series.length, now, timeZone);
  if (!span) return `${label}: ${values}`;
  return `${label}, ${series.length === 1 ? span.last : `${span.first} → ${span.last}`}: ${values}`;
}
