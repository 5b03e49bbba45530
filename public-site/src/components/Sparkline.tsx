import { memo } from 'react';
import { clampPercent, hasPriceTrend, NO_PRICE_TREND_DATA, priceAxis, requestIndexAxis } from '@sbc/shared';
import './ps-base.css';

export type SparklineKind = 'price' | 'request';

interface SparklineProps {
  values: readonly number[];
  kind: SparklineKind;
  /** What the line shows, e.g. 'Price trend of Bread'; completed with the first and last value. */
  label: string;
  /** Formats the first/last values in the accessible description. */
  format: (value: number) => string;
}

const WIDTH = 120;
const HEIGHT = 32;

/**
 * A table-cell trend line as one inline SVG polyline: no chart library, no canvas, so a 500-row sector stays
 * cheap (one element per cell). Axis rules are the domain's (section 9): request values clamped to 0–100 with
 * 5 points of padding; prices padded by 10%.
 *
 * Decision: a price series that is missing or constant shows 'No Price / Trend Data' (the spec). A missing
 * request-index history shows the same text, but a constant one is drawn: a flat demand line is real data.
 */
export const Sparkline = memo(function Sparkline({ values, kind, label, format }: SparklineProps) {
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
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  const description = `${label}: ${series.length} points, from ${format(series[0])} to ${format(series[series.length - 1])}`;

  return (
    <svg
      className={`ps-spark ps-spark--${kind}`}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={description}
      focusable="false"
    >
      <polyline points={points} />
    </svg>
  );
});
