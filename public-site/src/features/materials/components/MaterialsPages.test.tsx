import { fakeMaterial } from '@sbc/shared/src/testing/fakes';
import { act, screen, waitFor, within } from '@testing-library/react';
import { catchDownloads, csvLinesSavedBy } from '../../../test/downloads';
import { installViewport } from '../../../test/match-media';
import { renderPage } from '../../../test/render-page';
import { MaterialDetailPage } from './MaterialDetailPage';
import { MaterialsPage } from './MaterialsPage';
import { materialsPageData } from '../page-data';
// The site's real API handler answers the recorded history's fetch (tests may read across workspaces).
import { createOpenDataHandler } from '../../../../../functions/src/open-data/handler';
import { fakeOpenDataFetch, recordedHistoryDocuments } from '../../../test/open-data-fetch';

jest.mock('../../../components/charts/LineChart', () => ({
  __esModule: true,
  default: (props: { ariaLabel: string }) => <div role="img" aria-label={props.ariaLabel} />,
}));

const iron = fakeMaterial({ name: 'Iron ore', unit: 'kg', spaceRequired: 2, value: 10, amount: 100, lastqty: 80, lastvalue: 12, startqty: 50, startvalue: 8 });
/** The figure of the summary tile with this label. */
const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const TILE_LABELS = ['Materials', 'Total inventory units', 'Total inventory value', 'Average unit cost'];

const wood = fakeMaterial({ name: 'Wood', unit: 'm3', spaceRequired: 1, value: 4, amount: 10, lastqty: 10, lastvalue: 3, startqty: 10, startvalue: 4 });

describe('MaterialsPage', () => {
  it("shows a loading message, and '—' in every tile, until the materials arrive", async () => {
    renderPage(<MaterialsPage />, { url: '/materials', seed: { materials: [iron] } });
    expect(screen.getByText('Loading materials…')).toBeInTheDocument();
    expect(TILE_LABELS.map(tile)).toEqual(['—', '—', '—', '—']);
    await screen.findByRole('table');
    expect(TILE_LABELS.map(tile)).toEqual(['1', '100', '1,000 SBC', '10.00 SBC']);
  });

  it('shows zero totals and the empty text for a loaded empty list', async () => {
    renderPage(<MaterialsPage />, { url: '/materials', seed: { materials: [] } });
    expect(await screen.findByText('No materials are on the market right now.')).toBeInTheDocument();
    expect(tile('Materials')).toBe('0');
    expect(tile('Total inventory value')).toBe('0 SBC');
  });

  it("Refresh reads 'Refreshing…' and is disabled while running, then shows the new figures", async () => {
    const { gateway, user } = renderPage(<MaterialsPage />, { url: '/materials', seed: { materials: [iron] } });
    await screen.findByRole('table');
    gateway.data.materials = [iron, wood];
    const release = gateway.hold('materials.getAll');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(screen.getByRole('button', { name: 'Refreshing…' })).toBeDisabled();
    expect(screen.queryByText('Loading materials…')).not.toBeInTheDocument(); // the old ledger stays meanwhile
    expect(tile('Materials')).toBe('1');
    release();
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeEnabled();
    expect(tile('Materials')).toBe('2');
    expect(within(screen.getByRole('table')).getByRole('link', { name: 'Wood' })).toBeInTheDocument();
  });

  it('shows the four totals and the signed, coloured changes', async () => {
    renderPage(<MaterialsPage />, { url: '/materials', seed: { materials: [iron, wood] } });
    const table = await screen.findByRole('table');
    expect(screen.getByText('1,040 SBC')).toBeInTheDocument(); // 10×100 + 4×10
    expect(screen.getByText('7.00 SBC')).toBeInTheDocument(); // (10 + 4) / 2
    expect(screen.getByText('110')).toBeInTheDocument();
    const ironRow = within(table).getByRole('link', { name: 'Iron ore' }).closest('tr')!;
    // A quantity change is a delta like the price's (SPEC.md section 5): two decimals and a sign; zero is grey, unsigned.
    expect(within(ironRow).getByText('+20.00')).toHaveClass('ps-delta--positive');
    expect(within(ironRow).getByText('−2.00 sbc')).toHaveClass('ps-delta--negative');
    const woodRow = within(table).getByRole('link', { name: 'Wood' }).closest('tr')!;
    expect(within(woodRow).getByText('0.00')).toHaveClass('ps-delta--neutral');
    expect(within(ironRow).getByText('2 · kg')).toBeInTheDocument();
  });

  it('links names to the detail in table and cards, and a row click opens it', async () => {
    const { location, user } = renderPage(<MaterialsPage />, { url: '/materials', seed: { materials: [iron] } });
    const table = await screen.findByRole('table');
    const links = screen.getAllByRole('link', { name: 'Iron ore' });
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/materials/Iron%20ore', '/materials/Iron%20ore']);
    await user.click(within(table).getByRole('link', { name: 'Iron ore' }).closest('tr')!.querySelector('td')!);
    expect(location()).toBe('/materials/Iron%20ore');
  });

  it('renders the ledger as a table on a wide screen and as cards on a narrow one', async () => {
    const viewport = installViewport(1280);
    try {
      renderPage(<MaterialsPage />, { url: '/materials', seed: { materials: [iron, wood] } });
      expect(within(await screen.findByRole('table')).getAllByRole('row')).toHaveLength(3);
      expect(screen.queryByRole('list', { name: 'Stock Ledger' })).not.toBeInTheDocument();
      act(() => viewport.resize(390));
      const cards = screen.getByRole('list', { name: 'Stock Ledger' });
      expect(within(cards).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/materials/Iron%20ore', '/materials/Wood']);
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    } finally {
      viewport.uninstall();
    }
  });

  it('on a 390 px screen each card links its name to the detail, the link stretched over the card', async () => {
    const viewport = installViewport(390);
    try {
      const { location, user } = renderPage(<MaterialsPage />, { url: '/materials', seed: { materials: [iron, wood] } });
      const cards = await screen.findByRole('list', { name: 'Stock Ledger' });
      const card = within(cards).getAllByRole('listitem')[0];
      expect(within(card).getByText('10.00 SBC')).toBeInTheDocument();
      // One link per card, named by what it shows (the name); the CSS ::after makes the whole card its target
      // in a browser, which the e2e phone journey checks by tapping the figures.
      const link = within(card).getByRole('link');
      expect(link).toHaveAccessibleName('Iron ore');
      expect(link).toHaveClass('ps-ledger__link');
      await user.click(link);
      expect(location()).toBe('/materials/Iron%20ore');
    } finally {
      viewport.uninstall();
    }
  });

  it('shows a fallback text when the materials cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderPage(<MaterialsPage />, { url: '/materials', seed: { failing: { 'materials.getAll': new Error('offline') } } });
    expect(await screen.findByText('Materials could not be loaded. Try Refresh.')).toBeInTheDocument();
    expect(TILE_LABELS.map(tile)).toEqual(['—', '—', '—', '—']);
  });
});

describe('MaterialDetailPage', () => {
  const open = (slug: string) =>
    renderPage(<MaterialDetailPage />, { url: `/materials/${slug}`, pattern: '/materials/:slug', seed: { materials: [iron] } });

  it('loads, then shows the profile, snapshot and movement', async () => {
    open('Iron%20ore');
    expect(screen.getByText('Loading material…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Iron ore' })).toBeInTheDocument();
    for (const text of ['10.00 SBC', '100', '1,000 SBC', '2', '+20.00', '−2.00 sbc', '+50.00', '+600.00 sbc']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
  });

  it('shows an error with Retry, not the not-found message, when the material cannot be read; Retry loads it', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { gateway, user } = renderPage(<MaterialDetailPage />, {
      url: '/materials/Iron%20ore',
      pattern: '/materials/:slug',
      seed: { materials: [iron], failing: { 'materials.getByName': new Error('unavailable'), 'materials.getAll': new Error('unavailable') } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Material unavailable' })).toBeInTheDocument();
    expect(screen.getByText('This material record could not be loaded. Check your connection, then try again.')).toHaveAttribute('role', 'status');
    expect(screen.queryByText(/could not be located/)).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Material unavailable | SBC Tycoon'));

    gateway.fail('materials.getByName', undefined);
    gateway.fail('materials.getAll', undefined);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Iron ore' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('shows the material\'s recorded price history with its ranges and a comparison field, read through the open data API', async () => {
    const now = Math.floor(Date.now() / 1_800_000) * 1_800_000;
    const api = fakeOpenDataFetch(createOpenDataHandler, {
      history: recordedHistoryDocuments([
        [now - 1_800_000, { 'm/Iron ore': [9, null, 120] }],
        [now, { 'm/Iron ore': [10, null, 100] }],
      ]),
    });
    try {
      open('Iron%20ore');
      const history = await screen.findByRole('region', { name: 'Recorded price history' });
      expect(await within(history).findByRole('img', { name: /^Price of Iron ore over 7 days: 2 recorded updates, from 9\.00 SBC to 10\.00 SBC/ })).toBeInTheDocument();
      expect(within(within(history).getByRole('group', { name: 'History range' })).getAllByRole('radio')).toHaveLength(5);
      expect(within(history).getByLabelText('Compare with a material (name)')).toBeEnabled();
      expect(api.urls).toEqual([expect.stringMatching(/^\/api\/v1\/history\?materials=Iron\+ore&/)]);
    } finally {
      api.restore();
    }
  });

  it('shows the not-found message and goes back to the dashboard', async () => {
    const { location, user } = open('Gold');
    expect(
      await screen.findByText('The requested material record could not be located. Pick another material from the dashboard.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to materials' }));
    expect(location()).toBe('/materials');
  });
});

describe('MaterialsPage ledger sort, filter and CSV', () => {
  const copper = fakeMaterial({ name: 'Copper', unit: 't', spaceRequired: 1, value: 50, amount: 5, lastqty: 5, lastvalue: 45, startqty: 5, startvalue: 50 });
  const formula = fakeMaterial({ name: '=cmd|calc', unit: 'kg, raw', spaceRequired: 1, value: 1, amount: 1, lastqty: 1, lastvalue: 1, startqty: 1, startvalue: 1 });
  const names = () => within(screen.getByRole('table')).getAllByRole('link').map((a) => a.textContent);
  const header = (name: string) => screen.getByRole('columnheader', { name });

  it('sorts by price change with the header button, descending first, then ascending, keeping it in the URL', async () => {
    const { user, location } = renderPage(<MaterialsPage />, { url: '/materials', seed: { materials: [iron, wood, copper] } });
    await screen.findByRole('table');
    await user.click(within(header('Price vs previous')).getByRole('button'));
    expect(names()).toEqual(['Copper', 'Wood', 'Iron ore']); // +5, +1, −2
    expect(header('Price vs previous')).toHaveAttribute('aria-sort', 'descending');
    expect(location()).toBe('/materials?sort=priceChange&dir=desc');
    await user.click(within(header('Price vs previous')).getByRole('button'));
    expect(names()).toEqual(['Iron ore', 'Wood', 'Copper']);
    expect(header('Price vs previous')).toHaveAttribute('aria-sort', 'ascending');
  });

  it('restores sort and filter from the URL', async () => {
    renderPage(<MaterialsPage />, { url: '/materials?sort=price&dir=asc&q=o', seed: { materials: [iron, wood, copper] } });
    await screen.findByRole('table');
    expect(names()).toEqual(['Wood', 'Iron ore', 'Copper']);
    expect(screen.getByRole('searchbox', { name: 'Filter materials' })).toHaveValue('o');
    expect(header('Unit price')).toHaveAttribute('aria-sort', 'ascending');
  });

  it('filters by text, accent- and case-insensitively, and says when nothing matches', async () => {
    const { user } = renderPage(<MaterialsPage />, { url: '/materials', seed: { materials: [iron, wood, copper] } });
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Filter materials' }), 'CÓPPER');
    expect(names()).toEqual(['Copper']);
    expect(screen.getByText('1 of 3 rows')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Filter materials' }), 'x');
    expect(screen.getByText('No material matches “CÓPPERx”.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('exports the rows shown, in the order shown, escaped and guarded against formulas', async () => {
    const downloads = catchDownloads();
    const { user } = renderPage(<MaterialsPage />, { url: '/materials?sort=price&dir=desc', seed: { materials: [iron, formula, copper] } });
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Filter materials' }), 'c');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    downloads.restore();
    expect(downloads.names).toEqual(['stock-ledger.csv']);
    expect(await downloads.text()).toBe(
      'Material,Space / unit,Unit,Unit price,Inventory,Qty vs previous,Price vs previous\r\n' +
        'Copper,1,t,50,5,0,5\r\n' +
        '\'=cmd|calc,1,"kg, raw",1,1,0,0\r\n',
    );
  });
});

describe('MaterialsPage, a ledger larger than its first rows (issue 36): the rest is read when first needed', () => {
  const many = Array.from({ length: 120 }, (_, i) =>
    fakeMaterial({ name: `Mat ${String(i).padStart(3, '0')}`, unit: 'kg', spaceRequired: 1, value: i + 1, amount: 2 * i, lastqty: i, lastvalue: i, startqty: i, startvalue: i }),
  );
  let viewport: ReturnType<typeof installViewport>;
  beforeEach(() => {
    viewport = installViewport(1280);
  });
  afterEach(() => viewport.uninstall());

  // As a server-rendered page arrives: the ledger's first view, replayed before the page hydrates (page-data.ts).
  const firstRows = async () => {
    const rendered = renderPage(<MaterialsPage />, {
      url: '/materials',
      seed: { materials: many },
      prepare: (store) => void materialsPageData.load!(store, { params: {}, searchParams: new URLSearchParams() }, { force: true }),
    });
    await within(await screen.findByRole('table')).findByRole('link', { name: 'Mat 000' });
    return rendered;
  };
  const rowNames = () => within(screen.getByRole('table')).getAllByRole('rowheader').map((cell) => within(cell).getByRole('link').textContent);

  it('shows the first 20 rows and the totals of all 120 materials, having read only the first view', async () => {
    const { gateway } = await firstRows();
    expect(rowNames()).toHaveLength(20);
    // 120 materials; units 2×(0+…+119); value Σ(i+1)×2i; average (1+…+120)/120.
    const units = many.reduce((a, m) => a + m.amount, 0);
    expect(TILE_LABELS.map(tile)).toEqual(['120', units.toLocaleString('en-US'), expect.stringMatching(/SBC$/), '60.50 SBC']);
    expect(screen.getByText('120 rows')).toBeInTheDocument();
    expect(screen.getByText('Showing 20 of 120 materials.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show all 120' })).toBeInTheDocument();
    expect(gateway.callCount('materials.getFirstView')).toBe(1);
    expect(gateway.callCount('materials.getAll')).toBe(0);
  });

  it('a column sort reads the whole ledger and sorts all 120; the first rows stay, busy, meanwhile', async () => {
    const { user, gateway } = await firstRows();
    const release = gateway.hold('materials.getAll');
    await user.click(within(screen.getByRole('columnheader', { name: 'Unit price' })).getByRole('button'));
    expect(await screen.findByText('Loading all 120 rows…')).toHaveAttribute('role', 'status');
    expect(rowNames()[0]).toBe('Mat 000');
    release();
    await waitFor(() => expect(rowNames()[0]).toBe('Mat 119'));
    expect(rowNames()).toHaveLength(20);
    expect(gateway.callCount('materials.getAll')).toBe(1);
  });

  it('the filter finds a material beyond the first rows', async () => {
    const { user } = await firstRows();
    await user.type(screen.getByRole('searchbox', { name: 'Filter materials' }), 'Mat 119');
    await waitFor(() => expect(rowNames()).toEqual(['Mat 119']));
    expect(screen.getByText('1 of 120 rows')).toBeInTheDocument();
  });

  it('Show 50 more brings rows 21 to 70 and moves focus to the first new one; then the last 50', async () => {
    const { user } = await firstRows();
    await user.click(screen.getByRole('button', { name: 'Show 50 more' }));
    await waitFor(() => expect(rowNames()).toHaveLength(70));
    expect(rowNames()[20]).toBe('Mat 020');
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('rowheader')[20].querySelector('a')).toHaveFocus());
    expect(screen.getByText('Showing 70 of 120 materials.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Show all/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show 50 more' }));
    await waitFor(() => expect(rowNames()).toHaveLength(120));
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
  });

  it('Export CSV holds every material, not only the first rows', async () => {
    const { user, gateway } = await firstRows();
    const lines = await csvLinesSavedBy('stock-ledger.csv', () => user.click(screen.getByRole('button', { name: 'Export CSV' })));
    expect(gateway.callCount('materials.getAll')).toBe(1);
    expect(lines).toHaveLength(121);
    expect(lines[120]).toMatch(/^Mat 119,/);
  });

  it('opened in the browser (no server render), the page reads the whole ledger once and shows its first 20 rows', async () => {
    const { gateway } = renderPage(<MaterialsPage />, { url: '/materials', seed: { materials: many } });
    await within(await screen.findByRole('table')).findByRole('link', { name: 'Mat 000' });
    expect(rowNames()).toHaveLength(20);
    expect(TILE_LABELS.map(tile)[0]).toBe('120');
    expect(gateway.callCount('materials.getAll')).toBe(1);
    expect(gateway.callCount('materials.getFirstView')).toBe(0);
  });

  it('a failed read of the rest keeps the first rows and says the ledger could not be loaded', async () => {
    const { user, gateway } = await firstRows();
    gateway.fail('materials.getAll', new Error('offline'));
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await user.click(within(screen.getByRole('columnheader', { name: 'Unit price' })).getByRole('button'));
      expect(await screen.findByText('The rest of the ledger could not be loaded. Try Refresh.')).toBeInTheDocument();
      expect(rowNames()).toHaveLength(20);
    } finally {
      error.mockRestore();
    }
  });
});
