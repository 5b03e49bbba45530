import { render, screen } from '@testing-library/react';
import { Sparkline } from './Sparkline';

const fmt = (v: number) => String(v);

describe('Sparkline', () => {
  it.each([
    ['empty', []],
    ['constant', [5, 5, 5]],
    ['single value', [7]],
    ['not finite', [Number.NaN, Number.NaN]],
  ])("a %s price history shows 'No Price / Trend Data'", (_case, values) => {
    render(<Sparkline kind="price" values={values} label="Price trend" format={fmt} />);
    expect(screen.getByText('No Price / Trend Data')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('draws a moving price history as one SVG polyline with a readable summary', () => {
    const { container } = render(<Sparkline kind="price" values={[10, 12, 11]} label="Price trend" format={fmt} />);
    expect(screen.getByRole('img', { name: 'Price trend: 3 points, from 10 to 11' })).toBeInTheDocument();
    expect(container.querySelectorAll('polyline')).toHaveLength(1);
    expect(container.querySelector('polyline')?.getAttribute('points')?.split(' ')).toHaveLength(3);
  });

  it('draws a constant request index (flat demand is data) but not a missing one, and clamps to 0–100', () => {
    const { unmount } = render(<Sparkline kind="request" values={[150, -3]} label="Demand" format={(v) => `${v}%`} />);
    expect(screen.getByRole('img', { name: 'Demand: 2 points, from 100% to 0%' })).toBeInTheDocument();
    unmount();
    render(<Sparkline kind="request" values={[]} label="Demand" format={fmt} />);
    expect(screen.getByText('No Price / Trend Data')).toBeInTheDocument();
  });
});
