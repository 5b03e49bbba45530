import { fakeProduct } from '@sbc/shared/src/testing/fakes';
import { CHART_LOAD_FAILED_LOG } from '@sbc/domain';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { renderPage } from '../../../test/render-page';
import { ProductDetailPage } from './ProductDetailPage';
import { CHART_UNAVAILABLE_TEXT, ProductTrendCharts } from './ProductTrendCharts';

// The chart chunk "fails to download": requiring it throws, so the page's dynamic import() rejects.
const mockDownload = { fails: true };
jest.mock('../../../components/charts/LineChart', () => {
  if (mockDownload.fails) throw new Error('ChunkLoadError: Loading chunk 123 failed.');
  return { __esModule: true, default: (p: { ariaLabel: string }) => <div role="img" aria-label={p.ariaLabel} /> };
});

const bread = fakeProduct({
  name: 'Bread',
  slug: 'bread',
  category: 'food',
  lastvqvalue: [10, 12, 11],
  production: { cost: 4, time: 150, request_index: 60, request_index_history: [40, 60] },
});

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

describe('ProductTrendCharts when the chart code cannot be downloaded', () => {
  it("logs 'Failed to load Chart.js' and shows 'Chart unavailable.' in place of both charts, while the page stays", async () => {
    renderPage(<ProductDetailPage />, { url: '/products/bread', pattern: '/products/:slug', seed: { products: [bread] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bread' })).toBeInTheDocument();
    expect(await screen.findAllByText(CHART_UNAVAILABLE_TEXT)).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Request Index Trend' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Average Price 30 Day Line' })).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith(CHART_LOAD_FAILED_LOG, expect.objectContaining({ message: expect.stringContaining('ChunkLoadError') }));
    expect(CHART_UNAVAILABLE_TEXT).toBe('Chart unavailable.');
  });

  it('tries the download again on the next product page', async () => {
    mockDownload.fails = false;
    jest.resetModules(); // let require() run the factory again, as the browser retries a failed chunk
    render(
      <MemoryRouter>
        <ProductTrendCharts product={bread} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('img', { name: /Request index over 2 days/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Average price over 3 days/ })).toBeInTheDocument();
    expect(screen.queryByText(CHART_UNAVAILABLE_TEXT)).not.toBeInTheDocument();
  });
});
