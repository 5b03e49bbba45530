/**
 * The product detail's chart range (?range= in the URL): the last 7, 14 or 30 recorded days, or all of them.
 * Decisions: without a valid ?range= the charts show 30 days (the price chart's title says "30 Day"); the range
 * applies to both charts (demand and price), one point per recorded day.
 */
import { lastDays } from './charts';

export const CHART_RANGES = ['7', '14', '30', 'all'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];
export const DEFAULT_CHART_RANGE: ChartRange = '30';
export const CHART_RANGE_PARAM = 'range';

export function parseChartRange(value: string | null | undefined): ChartRange {
  return (CHART_RANGES as readonly string[]).includes(value ?? '') ? (value as ChartRange) : DEFAULT_CHART_RANGE;
}

/** The values the range keeps: the last n, or every value for 'all'. */
export function applyChartRange<T>(values: readonly T[], range: ChartRange): T[] {
  return range === 'all' ? [...values] : lastDays(values, Number(range));
}

/** The choice's label: '7 days', 'All'. */
export function chartRangeLabel(range: ChartRange): string {
  return range === 'all' ? 'All' : `${range} days`;
}
