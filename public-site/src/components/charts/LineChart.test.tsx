/**
 * The wrapper's contract with ECharts (which cannot draw in jsdom): one instance per chart, created after the
 * render delay with the given data, resized when its container resizes, fed new data in place, disposed on
 * unmount. The drawing itself is checked in Chromium (e2e/journeys/public-site.ts).
 */
import { act, render, screen } from '@testing-library/react';
import LineChart, { RENDER_DELAY_MS } from './LineChart';

const instance = { setOption: jest.fn(), resize: jest.fn(), dispose: jest.fn() };
const init = jest.fn((_element: HTMLElement, _theme?: unknown, _options?: unknown) => instance);
jest.mock('echarts/core', () => ({ use: jest.fn(), init: (...args: [HTMLElement]) => init(...args) }));
jest.mock('echarts/charts', () => ({ LineChart: {} }));
jest.mock('echarts/components', () => ({ GridComponent: {}, TooltipComponent: {} }));
jest.mock('echarts/renderers', () => ({ CanvasRenderer: {} }));

const observers: Array<{ callback: () => void; disconnect: jest.Mock; target?: Element }> = [];
class FakeResizeObserver {
  entry: (typeof observers)[number];
  constructor(callback: () => void) {
    this.entry = { callback, disconnect: jest.fn() };
    observers.push(this.entry);
  }
  observe(target: Element) {
    this.entry.target = target;
  }
  disconnect() {
    this.entry.disconnect();
  }
}

const props = {
  labels: ['01 nov', '02 nov', '03 nov'],
  values: [40, 55, 61],
  axis: { min: 35, max: 66 },
  seriesName: 'Request index',
  formatValue: (v: number) => `${v}%`,
  ariaLabel: 'Request index over 3 days, from 40% to 61%',
};

type Option = { series: Array<{ data: number[]; name: string }>; xAxis: { data: string[] }; yAxis: { min: number; max: number; axisLabel: { formatter: (v: number) => string } }; tooltip: { valueFormatter: (v: unknown) => string } };
const lastOption = () => instance.setOption.mock.calls.at(-1)![0] as Option;

beforeEach(() => {
  jest.useFakeTimers();
  jest.clearAllMocks();
  observers.length = 0;
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = FakeResizeObserver;
});
afterEach(() => jest.useRealTimers());

describe('LineChart', () => {
  it('is an image with its accessible summary, and creates the instance only after the render delay', () => {
    render(<LineChart {...props} />);
    expect(screen.getByRole('img', { name: props.ariaLabel })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(RENDER_DELAY_MS - 1));
    expect(init).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(init).toHaveBeenCalledTimes(1);
    expect(init.mock.calls[0][0]).toBe(screen.getByRole('img'));
    expect(init.mock.calls[0][2]).toEqual({ renderer: 'canvas' });
  });

  it('draws the given series with its axis bounds, and formats ticks and tooltips', () => {
    render(<LineChart {...props} />);
    act(() => jest.advanceTimersByTime(RENDER_DELAY_MS));
    const option = lastOption();
    expect(option.series[0]).toMatchObject({ name: 'Request index', data: [40, 55, 61] });
    expect(option.xAxis.data).toEqual(['01 nov', '02 nov', '03 nov']);
    expect(option.yAxis).toMatchObject({ min: 35, max: 66 });
    expect(option.yAxis.axisLabel.formatter(50)).toBe('50%');
    expect(option.tooltip.valueFormatter('61')).toBe('61%');
  });

  it('resizes with its container and takes new data in place', () => {
    const view = render(<LineChart {...props} />);
    act(() => jest.advanceTimersByTime(RENDER_DELAY_MS));
    expect(observers).toHaveLength(1);
    expect(observers[0].target).toBe(screen.getByRole('img'));
    observers[0].callback();
    expect(instance.resize).toHaveBeenCalledTimes(1);
    view.rerender(<LineChart {...props} values={[1, 2, 3]} />);
    expect(lastOption().series[0].data).toEqual([1, 2, 3]);
    expect(init).toHaveBeenCalledTimes(1);
  });

  it('is disposed and stops observing on unmount', () => {
    const view = render(<LineChart {...props} />);
    act(() => jest.advanceTimersByTime(RENDER_DELAY_MS));
    view.unmount();
    expect(instance.dispose).toHaveBeenCalledTimes(1);
    expect(observers[0].disconnect).toHaveBeenCalledTimes(1);
  });

  it('unmounted before the delay, it never creates an instance', () => {
    const view = render(<LineChart {...props} />);
    view.unmount();
    act(() => jest.advanceTimersByTime(RENDER_DELAY_MS * 2));
    expect(init).not.toHaveBeenCalled();
  });
});
