/**
 * The remote's only ECharts user: a line chart with grid and tooltip on the canvas renderer, registered from
 * `echarts/core` so the chunk carries nothing else. Pages import it with React.lazy (only the product detail
 * page does), so home, materials and FAQ never download echarts.
 *
 * Rendering waits CHART_RENDER_DELAY (section 9: 50–100 ms) so the container has its final size; a
 * ResizeObserver follows later size changes; the instance is disposed on unmount.
 */
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { LineChart as EchartsLine } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { CHART_RENDER_DELAY_MS, CHART_SETUP_FAILED_LOG } from '@sbc/domain';
import './line-chart.css';

echarts.use([EchartsLine, GridComponent, TooltipComponent, CanvasRenderer]);

export const RENDER_DELAY_MS = Math.round((CHART_RENDER_DELAY_MS.min + CHART_RENDER_DELAY_MS.max) / 2);

export interface LineChartProps {
  /** Plain arrays (callers pass toJS copies, never MobX proxies). */
  labels: string[];
  values: Array<number | null>;
  axis: { min: number; max: number };
  seriesName: string;
  /** Formats axis ticks and tooltip values, e.g. v => `${v}%`. */
  formatValue: (value: number) => string;
  /** Accessible summary: the canvas itself says nothing to a screen reader. */
  ariaLabel: string;
  color?: string;
  /** More lines on the same axes (a comparison): each with its name and colour; a null value is a gap. */
  extraSeries?: Array<{ name: string; values: Array<number | null>; color: string }>;
}

/** Canvas colours cannot read CSS: design tokens (`var(--sbc-…)`) are resolved on the chart's element. */
export function resolveColor(color: string, element: Element | null): string {
  const token = /^var\((--[\w-]+)\)$/.exec(color.trim());
  if (!token || !element || typeof getComputedStyle !== 'function') return color;
  return getComputedStyle(element).getPropertyValue(token[1]).trim() || color;
}

export const DEFAULT_LINE_COLOR = 'var(--sbc-chart-price)';

/**
 * The chart's options. Axis labels never overlap: the y axis drops the padded min/max labels (498.08 next to
 * 500.00) and hides any label that would collide; the first and last dates align inward, so the first date
 * does not run into the y axis, and crowded dates are thinned.
 */
export function optionOf(p: LineChartProps, element: Element | null = null): echarts.EChartsCoreOption {
  const muted = resolveColor('var(--sbc-muted)', element);
  const color = resolveColor(p.color ?? DEFAULT_LINE_COLOR, element);
  const extra = (p.extraSeries ?? []).map((line) => {
    const lineColor = resolveColor(line.color, element);
    return { type: 'line', name: line.name, data: line.values, smooth: true, showSymbol: false, connectNulls: true, lineStyle: { width: 2, color: lineColor }, itemStyle: { color: lineColor } };
  });
  return {
    animation: false,
    ...(extra.length > 0 ? { legend: { top: 0, textStyle: { color: muted } } } : {}),
    grid: { left: 8, right: 16, top: extra.length > 0 ? 32 : 16, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => p.formatValue(Number(v)) },
    xAxis: {
      type: 'category',
      data: p.labels,
      boundaryGap: false,
      axisLabel: { color: muted, hideOverlap: true, alignMinLabel: 'left', alignMaxLabel: 'right' },
    },
    yAxis: {
      type: 'value',
      min: p.axis.min,
      max: p.axis.max,
      splitNumber: 4,
      axisLabel: { color: muted, hideOverlap: true, showMinLabel: false, showMaxLabel: false, formatter: (v: number) => p.formatValue(v) },
      splitLine: { lineStyle: { color: resolveColor('var(--sbc-chart-grid)', element) } },
    },
    series: [
      {
        type: 'line',
        name: p.seriesName,
        data: p.values,
        smooth: true,
        showSymbol: p.values.length < 40,
        lineStyle: { width: 2, color },
        itemStyle: { color },
        areaStyle: extra.length > 0 ? undefined : { opacity: 0.08, color },
        connectNulls: true,
      },
      ...extra,
    ],
  };
}

export default function LineChart(props: LineChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const latest = useRef(props);
  latest.current = props;

  // Instance lifetime: created after the delay, resized by an observer, disposed on unmount.
  useEffect(() => {
    const element = host.current;
    if (!element) return undefined;
    let observer: ResizeObserver | undefined;
    const timer = setTimeout(() => {
      try {
        chart.current = echarts.init(element, undefined, { renderer: 'canvas' });
        chart.current.setOption(optionOf(latest.current, element));
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => chart.current?.resize());
          observer.observe(element);
        }
      } catch (error) {
        console.error(CHART_SETUP_FAILED_LOG, error);
      }
    }, RENDER_DELAY_MS);
    return () => {
      clearTimeout(timer);
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  // New data for a live instance (before the delay the init above picks up the latest props).
  useEffect(() => {
    chart.current?.setOption(optionOf(props, host.current), { notMerge: true });
  });

  return <div ref={host} className="ps-line-chart" role="img" aria-label={props.ariaLabel} />;
}
