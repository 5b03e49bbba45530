import { optionOf, resolveColor } from './LineChart';

jest.mock('echarts/core', () => ({ use: jest.fn(), init: jest.fn() }));
jest.mock('echarts/charts', () => ({ LineChart: {} }));
jest.mock('echarts/components', () => ({ GridComponent: {}, TooltipComponent: {} }));
jest.mock('echarts/renderers', () => ({ CanvasRenderer: {} }));

const props = {
  labels: ['01 nov', '02 nov', '03 nov'],
  values: [498.08, 499.1, 500],
  axis: { min: 448.27, max: 550 },
  seriesName: 'Average price',
  formatValue: (v: number) => `${v} SBC`,
  ariaLabel: 'x',
};

type AxisLabel = Record<string, unknown>;
type Option = { xAxis: { axisLabel: AxisLabel }; yAxis: { axisLabel: AxisLabel }; series: Array<{ lineStyle: { color: string } }> };

describe('line chart options: labels that cannot collide', () => {
  test('the y axis hides the padded min/max labels and any overlapping label', () => {
    const { yAxis } = optionOf(props) as unknown as Option;
    expect(yAxis.axisLabel).toMatchObject({ showMinLabel: false, showMaxLabel: false, hideOverlap: true });
  });

  test('the first date aligns right of the y axis, the last inside the chart, crowded dates are thinned', () => {
    const { xAxis } = optionOf(props) as unknown as Option;
    expect(xAxis.axisLabel).toMatchObject({ alignMinLabel: 'left', alignMaxLabel: 'right', hideOverlap: true });
  });

  test('colours come from the design tokens of the element the chart draws in (light or dark)', () => {
    const element = document.createElement('div');
    element.style.setProperty('--sbc-chart-price', '#7fb0ff');
    document.body.append(element);
    expect(resolveColor('var(--sbc-chart-price)', element)).toBe('#7fb0ff');
    expect((optionOf(props, element) as unknown as Option).series[0].lineStyle.color).toBe('#7fb0ff');
    expect(resolveColor('#123456', element)).toBe('#123456');
    expect(resolveColor('var(--sbc-missing)', element)).toBe('var(--sbc-missing)');
  });
});
