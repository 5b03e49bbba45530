import { render, screen } from '@testing-library/react';
import { Sparkline } from './Sparkline';

const fmt = (v: number) => String(v);
const now = new Date('2025-11-22T14:05:30Z');

describe('Sparkline', () => {
  it.each([
    ['empty (no history at all)', []],
    ['constant', [5, 5, 5]],
    ['single value', [7]],
    ['not finite', [Number.NaN, Number.NaN]],
  ])("a %s price history shows 'No Price / Trend Data'", (_case, values) => {
    render(<Sparkline kind="price" values={values} label="Price trend" format={fmt} />);
    expect(screen.getByText('No Price / Trend Data')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('draws a moving price history as one SVG polyline, named and titled with first → last price over the days', () => {
    const { container } = render(<Sparkline kind="price" values={[10, 12, 11]} label="Price trend" format={(v) => `${v.toFixed(2)} SBC`} />);
    const text = 'Price trend, last 3 days: 10.00 SBC → 11.00 SBC';
    expect(screen.getByRole('img', { name: text })).toBeInTheDocument();
    expect(container.querySelector('svg > title')?.textContent).toBe(text);
    expect(container.querySelectorAll('polyline')).toHaveLength(1);
    expect(container.querySelector('polyline')?.getAttribute('points')?.split(' ')).toHaveLength(3);
  });

  it("places its points on whole units of its box, the CSS pixels it is drawn in (issue 36: a sector page's bytes)", () => {
    const { container } = render(<Sparkline kind="price" values={[10, 12.345, 11, 10.5, 13]} label="Price trend" format={(v) => `${v} SBC`} />);
    expect(container.querySelector('svg')).toHaveAttribute('viewBox', '0 0 120 32');
    expect(container.querySelector('polyline')).toHaveAttribute('points', '0,29 30,8 60,20 90,25 120,3');
  });

  it('labels a request line with the dashboard 5-minute labels ending now, in its name and native tooltip', () => {
    const { container } = render(
      <Sparkline kind="request" values={[40, 45, 50, 55]} label="Request index trend of Bread" format={(v) => `${v}%`} now={now} timeZone="UTC" />,
    );
    const text = 'Request index trend of Bread, 13:50 → 14:05: 40% → 55%';
    expect(screen.getByRole('img', { name: text })).toBeInTheDocument();
    expect(container.querySelector('svg > title')?.textContent).toBe(text);
    // One title and one polyline per sparkline, whatever the number of points (500-row sectors stay cheap).
    expect(container.querySelector('svg')?.children).toHaveLength(2);
  });

  it('labels a one-point request line with its single time', () => {
    render(<Sparkline kind="request" values={[40]} label="Demand" format={(v) => `${v}%`} now={now} timeZone="UTC" />);
    expect(screen.getByRole('img', { name: 'Demand, 14:05: 40%' })).toBeInTheDocument();
  });

  it('draws a constant request index (flat demand is data) but not a missing one, and clamps to 0–100', () => {
    const { unmount } = render(<Sparkline kind="request" values={[150, -3]} label="Demand" format={(v) => `${v}%`} now={now} timeZone="UTC" />);
    expect(screen.getByRole('img', { name: 'Demand, 14:00 → 14:05: 100% → 0%' })).toBeInTheDocument();
    unmount();
    render(<Sparkline kind="request" values={[]} label="Demand" format={fmt} />);
    expect(screen.getByText('No Price / Trend Data')).toBeInTheDocument();
  });
});
