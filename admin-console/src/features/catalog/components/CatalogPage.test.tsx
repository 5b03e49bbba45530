import { screen, waitFor, within } from '@testing-library/react';
import { bulkEditMessages } from '@sbc/domain';
import { fakeProduct, fakeStatRow } from '@sbc/shared/src/testing/fakes';
import { CatalogPage } from './CatalogPage';
import { renderAdmin } from '../../../test/render-admin';
import { applyLabel } from '../texts';

// 130 products and two-page walks: slower than the console's other pages on a loaded machine.
jest.setTimeout(30_000);

const pad = (i: number) => String(i).padStart(3, '0');
const products = Array.from({ length: 130 }, (_, i) =>
  fakeProduct({
    id: `p${pad(i)}`,
    name: `Item ${pad(i)}`,
    category: i % 2 === 0 ? 'energy' : 'food',
    type: i % 10 === 0 ? 'component' : 'product',
    talent_required: i % 5 === 0 ? 'unknown' : 'Engineering',
    image_url: i % 3 === 0 ? '' : `https://img.example/${i}.png`,
    price_min: 10 + i,
    price_max: 20 + i,
  }),
);
const seed = {
  products,
  statRows: [
    fakeStatRow({ name: 'Item 000', type: 'product', category: 'energy', total: 10 }),
    fakeStatRow({ name: 'Item 001', type: 'product', category: 'food', total: 5 }),
  ],
  talents: [{ name: 'Engineering', type: 'craft' }, { name: 'Physics', type: 'science' }],
};

const table = () => screen.getByRole('table', { name: 'Prodotti del catalogo' });
const rows = () => within(table()).getAllByRole('row').slice(1);
const render = () => renderAdmin(<CatalogPage />, { seed, path: '/admin/products' });

// A failed write leaves its job in localStorage (the offer to resume it on the next visit): each test starts clean.
beforeEach(() => localStorage.clear());

describe('CatalogPage: find', () => {
  it('lists the first 50 products by name with the number of matches, and pages with a cursor', async () => {
    const { user, gateway } = await render();
    expect(screen.getByRole('heading', { level: 1, name: 'Catalogo prodotti' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(screen.getByText('130 prodotti corrispondono')).toBeInTheDocument();
    expect(rows()[0]).toHaveTextContent('Item 000');
    expect(rows()[0]).toHaveTextContent('Senza immagine, Talento sconosciuto');
    await user.click(screen.getByRole('button', { name: 'Pagina successiva' }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Item 050'));
    await user.click(screen.getByRole('button', { name: 'Pagina successiva' }));
    await waitFor(() => expect(rows()).toHaveLength(30));
    expect(screen.getByRole('button', { name: 'Pagina successiva' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Pagina precedente' }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Item 050'));
    expect(gateway.callCount('catalog.count')).toBe(1); // the count is read once per query, not per page
  });

  it('filters by sector, type and missing data, sorts, and searches by slug', async () => {
    const { user } = await render();
    await waitFor(() => expect(rows()).toHaveLength(50));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Settore' }), 'food');
    await waitFor(() => expect(screen.getByText('65 prodotti corrispondono')).toBeInTheDocument());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Dati mancanti' }), 'Senza immagine');
    await waitFor(() => expect(screen.getByText('22 prodotti corrispondono')).toBeInTheDocument());
    expect(rows().every((r) => within(r).getByText(/Senza immagine/))).toBe(true);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ordina per' }), 'Prezzo massimo');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Direzione' }), 'Decrescente');
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Item 129'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tipo' }), 'Component');
    expect(await screen.findByText('Nessun prodotto corrisponde ai filtri.')).toBeInTheDocument();
    expect(screen.getByText('0 prodotti corrispondono')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tipo' }), 'Tutti');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Settore' }), 'Tutti');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Dati mancanti' }), 'Tutti');
    await user.type(screen.getByRole('searchbox', { name: 'Cerca per slug' }), 'Item 12');
    await user.click(screen.getByRole('button', { name: 'Cerca' }));
    await waitFor(() => expect(screen.getByText('10 prodotti corrispondono')).toBeInTheDocument());
    expect(screen.getByText('Con una ricerca i risultati sono ordinati per slug.')).toBeInTheDocument();
  });

  it('says when the list cannot be read, and Riprova reads it again', async () => {
    const { user, gateway } = await renderAdmin(<CatalogPage />, { seed: { ...seed, failing: { 'catalog.listPage': new Error('offline') } }, path: '/admin/products' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossibile caricare i prodotti. Riprova.');
    gateway.fail('catalog.listPage', undefined);
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    await waitFor(() => expect(rows()).toHaveLength(50));
  });
});

describe('CatalogPage: bulk edit', () => {
  it('previews every change as a diff before writing, then writes one audit entry per product', async () => {
    const { user, gateway } = await render();
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(screen.queryByRole('heading', { name: 'Modifica in blocco' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona Item 001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona Item 002' }));
    expect(screen.getByText('· 2 prodotti selezionati')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Variazione prezzi (%)' }), '10');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Talento richiesto' }), 'Physics');
    await user.click(screen.getByRole('button', { name: 'Anteprima modifiche' }));
    expect(await screen.findByRole('heading', { name: 'Anteprima: 2 prodotti, 6 campi' })).toBeInTheDocument();
    const preview = within(screen.getByRole('table', { name: 'Ogni modifica: prodotto, campo, prima e dopo' }));
    const item1 = preview.getAllByRole('row').filter((r) => r.textContent?.includes('Prezzo massimo'))[0];
    expect(item1).toHaveTextContent('Prezzo massimo21.0023.10');
    // The ticked products are read again for the preview (their stored values are the "before").
    expect(gateway.calls.filter((c) => c.method === 'catalog.findForImport').map((c) => c.args)).toEqual([[[], ['p001', 'p002']]]);
    expect(preview.getAllByRole('row')[1]).toHaveTextContent('Item 001Talento richiestoEngineeringPhysics');
    expect(gateway.data.audit).toHaveLength(0); // nothing written by the preview

    await user.click(screen.getByRole('button', { name: applyLabel(2) }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: applyLabel(2) }));
    expect(await screen.findByText('Modifica completata: 2 prodotti aggiornati.')).toHaveAttribute('role', 'status');
    expect(gateway.data.audit.map((e) => [e.productId, e.changedFields])).toEqual([
      ['p001', ['price_max', 'price_min', 'talent_required']],
      ['p002', ['price_max', 'price_min', 'talent_required']],
    ]);
    expect(gateway.data.products.find((p) => p.id === 'p001')).toMatchObject({ price_min: 12.1, price_max: 23.1, talent_required: 'Physics' });
    // A second edit of the same selection starts from the values just written, not from the list's older copy.
    await user.clear(screen.getByRole('textbox', { name: 'Variazione prezzi (%)' }));
    await user.type(screen.getByRole('textbox', { name: 'Variazione prezzi (%)' }), '-10');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Talento richiesto' }), 'Invariato');
    await user.click(screen.getByRole('button', { name: 'Anteprima modifiche' }));
    expect(await screen.findByRole('heading', { name: 'Anteprima: 2 prodotti, 4 campi' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: applyLabel(2) }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: applyLabel(2) }));
    expect(await screen.findByText('Modifica completata: 2 prodotti aggiornati.')).toHaveAttribute('role', 'status');
    expect(gateway.data.products.find((p) => p.id === 'p001')).toMatchObject({ price_min: 10.89, price_max: 20.79 });
  });

  it("refuses an edit outside the spec's rules with the Italian message, and an empty one", async () => {
    const { user, gateway } = await render();
    await waitFor(() => expect(rows()).toHaveLength(50));
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona la pagina' }));
    await user.click(screen.getByRole('button', { name: 'Anteprima modifiche' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(bulkEditMessages.nothingToChange);
    await user.type(screen.getByRole('textbox', { name: 'Variazione prezzi (%)' }), '-150');
    await user.click(screen.getByRole('button', { name: 'Anteprima modifiche' }));
    expect(screen.getByRole('textbox', { name: 'Variazione prezzi (%)' })).toHaveAccessibleDescription('Variazione prezzi (%) deve essere tra -99 e 1000');
    expect(gateway.callCount('catalog.applyBulkChanges')).toBe(0);
  });

  it('edits every match; a failure halfway keeps what was written and Riprendi finishes without changing a product twice', async () => {
    const { user, gateway } = await render();
    await waitFor(() => expect(rows()).toHaveLength(50));
    await user.click(screen.getByRole('checkbox', { name: 'Seleziona Item 000' }));
    await user.click(screen.getByRole('button', { name: 'Seleziona tutti i 130 risultati' }));
    expect(screen.getByText('· 130 prodotti selezionati')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Variazione prezzi (%)' }), '-5');
    await user.click(screen.getByRole('button', { name: 'Anteprima modifiche' }));
    expect(await screen.findByRole('heading', { name: 'Anteprima: 130 prodotti, 260 campi' })).toBeInTheDocument();
    expect(screen.getByText('1 / 2')).toBeInTheDocument();
    gateway.data.bulkFailAfterChunks = 1; // the network fails after the first commit of 100
    await user.click(screen.getByRole('button', { name: applyLabel(130) }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: applyLabel(130) }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Scrittura interrotta dopo 100 di 130 prodotti (Failed to fetch).');
    expect(gateway.data.audit).toHaveLength(100);
    await user.click(screen.getByRole('button', { name: 'Riprendi' }));
    expect(await screen.findByText('Modifica completata: 30 prodotti aggiornati, 100 già aggiornati in precedenza.')).toHaveAttribute('role', 'status');
    expect(gateway.data.audit).toHaveLength(130);
    expect(new Set(gateway.data.audit.map((e) => e.productId)).size).toBe(130);
    expect(gateway.data.products.find((p) => p.id === 'p000')).toMatchObject({ price_min: 9.5, price_max: 19 });
  });
});
