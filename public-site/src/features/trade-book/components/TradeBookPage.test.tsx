import { fakeMaterial, fakeProduct } from '@sbc/shared/src/testing/fakes';
import { MAX_TRADE_IMPORT_BYTES, tradeMessages, type Trade } from '@sbc/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '../../../test/render-page';
import { TRADE_BOOK_EMPTY_TEXT, TradeBookPage } from './TradeBookPage';
import { importedText, importReadyText } from './TradeImport';

const PLAYER = { uid: 'p1', email: 'p@example.com', displayName: 'P' };
const copper = fakeMaterial({ name: 'Copper', value: 4.75 });
const solar = { ...fakeProduct({ name: 'Solar Panel', id: 'energy_solar_panel' }), average_market_price: 125 };
const at = (iso: string) => Date.parse(iso);
// Raw book; every figure below is recomputed by hand (average cost):
// Copper: 10 @ 4 + 10 @ 5 → average 4.50; sell 5 @ 6 realises 5 × 1.50 = 7.50; 15 left at cost 67.50, worth
// 15 × 4.75 = 71.25 → unrealised 3.75; bought 90 → ROI 11.25 / 90 = 12.5%.
// Solar Panel: 2 @ 100, worth 250 → unrealised 50, ROI 25.0%.
// Totals: bought 290, value 321.25, realised 7.50, unrealised 53.75, ROI 61.25 / 290 = 21.1%.
const book: Trade[] = [
  { id: 'a', kind: 'material', item: 'Copper', side: 'buy', quantity: 10, unitPrice: 4, at: at('2026-11-20T10:00:00Z') },
  { id: 'b', kind: 'material', item: 'Copper', side: 'buy', quantity: 10, unitPrice: 5, at: at('2026-11-21T10:00:00Z') },
  { id: 'c', kind: 'material', item: 'Copper', side: 'sell', quantity: 5, unitPrice: 6, at: at('2026-11-22T10:00:00Z') },
  { id: 'd', kind: 'product', item: 'Solar Panel', side: 'buy', quantity: 2, unitPrice: 100, at: at('2026-11-22T11:00:00Z') },
];

function open(trades: Trade[] = book) {
  return renderPage(<TradeBookPage />, {
    url: '/trade-book',
    seed: { signedInUser: PLAYER, users: [{ ...PLAYER, isAdmin: false }], materials: [copper], products: [solar], tradeBooks: { p1: trades } },
  });
}

const totals = () => Object.fromEntries(within(screen.getByRole('region', { name: 'Totals' })).getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
const holding = (name: string) => within(within(screen.getByRole('table', { name: /Holdings/ })).getByRole('link', { name }).closest('tr')!).getAllByRole('cell').map((c) => c.textContent);

describe('TradeBookPage', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows holdings at current prices, realised and unrealised P&L and ROI per item and in total', async () => {
    open();
    await waitFor(() => expect(totals()['Holdings value']).toBe('321.25 SBC'));
    expect(totals()).toEqual({ 'Bought for': '290.00 SBC', 'Holdings value': '321.25 SBC', 'Realised P&L': '7.50 SBC', 'Unrealised P&L': '53.75 SBC', ROI: '21.1%' });
    expect(holding('Copper')).toEqual(['material', '15', '4.50 SBC', '4.75 SBC', '71.25 SBC', '7.50 SBC', '3.75 SBC', '12.5%']);
    expect(holding('Solar Panel')).toEqual(['product', '2', '100.00 SBC', '125.00 SBC', '250.00 SBC', '0.00 SBC', '50.00 SBC', '25.0%']);
    expect(screen.getByRole('link', { name: 'Solar Panel' })).toHaveAttribute('href', '/products/Solar%20Panel');
  });

  it('follows the market: a new price revalues the holdings', async () => {
    const { gateway, store } = open();
    await waitFor(() => expect(totals()['Holdings value']).toBe('321.25 SBC'));
    gateway.data.materials = [{ ...copper, value: 6 }];
    jest.spyOn(console, 'error').mockImplementation(() => {}); // the fake has no game date for the header's refresh
    await act(() => store.refreshAll());
    // Copper 15 × 6 = 90 → unrealised 22.50; totals: value 340, unrealised 72.50.
    await waitFor(() => expect(holding('Copper')[4]).toBe('90.00 SBC'));
    expect(totals()['Unrealised P&L']).toBe('72.50 SBC');
  });

  it('records a trade from the form, and says when a field is impossible without saving anything', async () => {
    const { user, gateway } = open([]);
    expect(await screen.findByText(TRADE_BOOK_EMPTY_TEXT)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Item' }), 'Copper');
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '-3');
    await user.type(screen.getByRole('textbox', { name: 'Unit price (SBC)' }), '4');
    await user.click(screen.getByRole('button', { name: 'Add trade' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(tradeMessages.quantity);
    expect(gateway.data.tradeBooks.get('p1') ?? []).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Item' })).toHaveValue('Copper'); // nothing typed is lost

    await user.clear(screen.getByRole('textbox', { name: 'Quantity' }));
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '3');
    await user.click(screen.getByRole('button', { name: 'Add trade' }));
    expect(await screen.findByText('Trade recorded.')).toBeInTheDocument();
    expect(gateway.data.tradeBooks.get('p1')).toMatchObject([{ kind: 'material', item: 'Copper', side: 'buy', quantity: 3, unitPrice: 4 }]);
    expect(within(screen.getByRole('table', { name: /Your trades/ })).getByRole('rowheader')).toHaveTextContent('Copper');
  });

  it('refuses a sell of more than is held, and writes nothing', async () => {
    const { user, gateway } = open();
    await screen.findByRole('table', { name: /Holdings/ });
    await user.type(screen.getByRole('textbox', { name: 'Item' }), 'Copper');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Side' }), 'sell');
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '16');
    await user.type(screen.getByRole('textbox', { name: 'Unit price (SBC)' }), '5');
    jest.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Add trade' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(tradeMessages.exceeds('Copper', 15));
    expect(gateway.data.tradeBooks.get('p1')).toHaveLength(4);
  });

  it('imports a CSV after a dry run that names each refused line by number', async () => {
    const { user, gateway } = open();
    await screen.findByRole('table', { name: /Holdings/ });
    const csv = 'time,side,kind,item,quantity,unit price\r\n2026-11-23 09:00,buy,material,Copper,5,4\r\n2026-11-23 10:00,buy,material,Copper,lots,4\r\n2026-11-24 10:00,sell,product,Solar Panel,9,130\r\n';
    await user.upload(screen.getByLabelText('CSV file'), new File([csv], 'trades.csv', { type: 'text/csv' }));
    expect(await screen.findByText(importReadyText(1))).toBeInTheDocument();
    const refused = within(screen.getByRole('list', { name: 'Refused lines' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(refused).toEqual([`Line 3: ${tradeMessages.quantity}`, `Line 4: ${tradeMessages.exceeds('Solar Panel', 2)}`]);
    expect(gateway.data.tradeBooks.get('p1')).toHaveLength(4); // a dry run writes nothing
    await user.click(screen.getByRole('button', { name: 'Import 1 trade' }));
    expect(await screen.findByText(importedText(1))).toBeInTheDocument();
    expect(gateway.data.tradeBooks.get('p1')).toHaveLength(5);
    // Copper now 20 held: value 20 × 4.75 = 95.
    await waitFor(() => expect(holding('Copper')[4]).toBe('95.00 SBC'));
  });

  it('refuses a file that is too large by its size, and imports nothing', async () => {
    const { user, gateway } = open();
    await screen.findByRole('table', { name: /Holdings/ });
    const huge = new File(['x'.repeat(MAX_TRADE_IMPORT_BYTES + 1)], 'huge.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('CSV file'), huge);
    expect(await screen.findByRole('alert')).toHaveTextContent(tradeMessages.fileTooLarge);
    expect(screen.queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();
    expect(gateway.data.tradeBooks.get('p1')).toHaveLength(4);
  });

  it('deletes a trade', async () => {
    const { user, gateway } = open();
    await screen.findByRole('table', { name: /Holdings/ });
    await user.click(screen.getByRole('button', { name: 'Delete the buy of 2 Solar Panel on 2026-11-22 11:00' }));
    await waitFor(() => expect(gateway.data.tradeBooks.get('p1')).toHaveLength(3));
    expect(within(screen.getByRole('table', { name: /Holdings/ })).queryByRole('link', { name: 'Solar Panel' })).not.toBeInTheDocument();
  });
});
