import { act, screen, within } from '@testing-library/react';
import { fakeMaterial, fakeProduct, fakeStatRow } from '@sbc/shared/src/testing/fakes';
import { AddProductPage } from './AddProductPage';
import { renderAdmin } from '../../../test/render-admin';

const seed = {
  statRows: [fakeStatRow({ name: 'energy', type: 'product', category: 'energy' }), fakeStatRow({ name: 'food', type: 'product', category: 'food' }), fakeStatRow({ name: 'furniture', type: 'product', category: 'furniture' })],
  materials: [fakeMaterial({ name: 'Copper' }), fakeMaterial({ name: 'steel' })],
  talents: [{ name: 'Chef', type: 'culinary' }],
  products: [fakeProduct({ id: 'energy_solar_panel', slug: 'solar-panel', name: 'Solar Panel', category: 'energy' })],
};

async function fillValid(user: ReturnType<typeof import('@testing-library/user-event').default.setup>, name = 'Wind Turbine') {
  await user.type(screen.getByLabelText('Nome'), name);
  await user.type(screen.getByRole('combobox', { name: 'Categoria' }), 'energy');
  for (const label of ['Prezzo massimo', 'Prezzo minimo', 'Costo di produzione', 'Tempo di produzione', 'Indice richiesta produzione', 'Spazio richiesto']) {
    await user.type(screen.getByLabelText(label), '10');
  }
}

afterEach(() => jest.useRealTimers());

describe('AddProductPage', () => {
  it('shows no message before a field is touched, then the exact Italian message', async () => {
    const { user } = await renderAdmin(<AddProductPage />, { seed, path: '/admin/add-product' });
    expect(screen.queryByText('Nome è obbligatorio')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Nome'));
    await user.tab();
    expect(screen.getByText('Nome è obbligatorio')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nome'), 'A');
    expect(screen.getByText('Nome deve essere di almeno 2 caratteri')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Prezzo massimo'), '-1');
    await user.tab();
    expect(screen.getByText('Prezzo massimo deve essere maggiore o uguale a 0')).toBeInTheDocument();
  });

  it('keeps submit disabled while invalid; Enter on an invalid form shows every message', async () => {
    const { user } = await renderAdmin(<AddProductPage />, { seed, path: '/admin/add-product' });
    expect(screen.getByRole('button', { name: 'Aggiungi Prodotto' })).toBeDisabled();
    await user.type(screen.getByLabelText('Nome'), 'X{Enter}');
    expect(screen.getByText('Nome deve essere di almeno 2 caratteri')).toBeInTheDocument();
    expect(screen.getByText('Categoria è obbligatorio')).toBeInTheDocument();
    expect(screen.getByText('Spazio richiesto è obbligatorio')).toBeInTheDocument();
  });

  it("adds the product with the category_name document id, says so, and resets after 3 s", async () => {
    const { user, gateway } = await renderAdmin(<AddProductPage />, { seed, path: '/admin/add-product' });
    await fillValid(user);
    jest.useFakeTimers();
    await user.click(screen.getByRole('button', { name: 'Aggiungi Prodotto' }));
    expect(await screen.findByText('Prodotto "Wind Turbine" aggiunto con successo!')).toBeInTheDocument();
    const added = gateway.data.products.find((p) => p.slug === 'wind-turbine');
    expect(added?.id).toBe('energy_wind_turbine');
    expect(added).toMatchObject({ type: 'product', average_market_price: 0, pieces_on_market: 0, enabled: true });
    await act(async () => {
      jest.advanceTimersByTime(3000);
    });
    expect(screen.queryByText('Prodotto "Wind Turbine" aggiunto con successo!')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveValue('');
    expect(screen.getByLabelText('ID Materiale')).toHaveValue('product');
  });

  it('a duplicate slug shows the spec message', async () => {
    const { user } = await renderAdmin(<AddProductPage />, { seed, path: '/admin/add-product' });
    await fillValid(user, 'Solar Panel');
    await user.click(screen.getByRole('button', { name: 'Aggiungi Prodotto' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Un prodotto con lo slug "solar-panel" esiste già');
  });

  it('a name with another slug but the same document id is refused, and the stored product is kept', async () => {
    const { user, gateway } = await renderAdmin(<AddProductPage />, { seed, path: '/admin/add-product' });
    await fillValid(user, 'Solar_Panel'); // slug 'solarpanel', id 'energy_solar_panel' like Solar Panel's
    await user.click(screen.getByRole('button', { name: 'Aggiungi Prodotto' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Un prodotto con lo slug "solar-panel" esiste già');
    expect(gateway.data.products.filter((p) => p.id === 'energy_solar_panel')).toEqual([
      expect.objectContaining({ slug: 'solar-panel', name: 'Solar Panel' }),
    ]);
  });

  it('a name that gives an empty slug is refused with an Italian message', async () => {
    const { user, gateway } = await renderAdmin(<AddProductPage />, { seed, path: '/admin/add-product' });
    await fillValid(user, '!!!');
    await user.click(screen.getByRole('button', { name: 'Aggiungi Prodotto' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Impossibile generare lo slug dal nome: il nome deve contenere almeno una lettera (a-z) o una cifra',
    );
    expect(gateway.data.products).toHaveLength(1);
  });

  it('refuses a name whose slug is a fixed address of the site, on the name, before anything is sent', async () => {
    const { user, gateway } = await renderAdmin(<AddProductPage />, { seed, path: '/admin/add-product' });
    await fillValid(user, 'Profitability');
    expect(screen.getByText(
      'Lo slug "profitability" è riservato: /products/profitability è un indirizzo del sito, non la pagina di un prodotto. Scegli un altro nome',
    )).toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Aggiungi Prodotto' })).toBeDisabled();
    await user.type(screen.getByLabelText('Nome'), ' Index');
    expect(screen.getByRole('button', { name: 'Aggiungi Prodotto' })).toBeEnabled();
    expect(gateway.callCount('products.add')).toBe(0);
  });

  it("shows 'Aggiungendo...' while the product is being written", async () => {
    const { user, gateway } = await renderAdmin(<AddProductPage />, { seed, path: '/admin/add-product' });
    const release = gateway.hold('products.add');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Aggiungi Prodotto' }));
    expect(screen.getByRole('button', { name: 'Aggiungendo...' })).toBeDisabled();
    await act(async () => release());
  });

  it('autocompletes categories by case-insensitive substring, and says when none match', async () => {
    const { user } = await renderAdmin(<AddProductPage />, { seed, path: '/admin/add-product' });
    const input = screen.getByRole('combobox', { name: 'Categoria' });
    await user.type(input, 'F');
    const list = screen.getByRole('listbox', { name: 'Categorie esistenti' });
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['food', 'furniture']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(input).toHaveValue('furniture');
    await user.clear(input);
    await user.type(input, 'zzz');
    expect(screen.getByText('Nessuna categoria trovata')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancella categoria' }));
    expect(input).toHaveValue('');
  });

  it('hides the category list 200 ms after blur', async () => {
    const { user } = await renderAdmin(<AddProductPage />, { seed, path: '/admin/add-product' });
    await user.type(screen.getByRole('combobox', { name: 'Categoria' }), 'en');
    jest.useFakeTimers();
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.tab();
    await act(async () => jest.advanceTimersByTime(199));
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('stores required materials with whole quantities and an upper-cased first letter; 0 removes one', async () => {
    const { user } = await renderAdmin(<AddProductPage />, { seed, path: '/admin/add-product' });
    await user.selectOptions(screen.getByLabelText('Materiale'), 'steel');
    await user.clear(screen.getByLabelText('Quantità'));
    await user.type(screen.getByLabelText('Quantità'), '3');
    await user.click(screen.getByRole('button', { name: 'Aggiungi materiale' }));
    const added = screen.getByRole('list', { name: 'Materiali aggiunti' });
    expect(within(added).getByLabelText('Steel')).toHaveValue(3);
    await user.click(within(added).getByRole('button', { name: 'Rimuovi Steel' }));
    expect(screen.queryByRole('list', { name: 'Materiali aggiunti' })).not.toBeInTheDocument();
  });

  it('Enter in the materials picker adds or updates the material and never submits the form', async () => {
    const { user, gateway } = await renderAdmin(<AddProductPage />, { seed, path: '/admin/add-product' });
    await fillValid(user);
    await user.selectOptions(screen.getByLabelText('Materiale'), 'Copper');
    await user.clear(screen.getByLabelText('Quantità'));
    await user.type(screen.getByLabelText('Quantità'), '4{Enter}');
    const added = screen.getByRole('list', { name: 'Materiali aggiunti' });
    expect(within(added).getByLabelText('Copper')).toHaveValue(4);
    await user.clear(within(added).getByLabelText('Copper'));
    await user.type(within(added).getByLabelText('Copper'), '7{Enter}');
    expect(within(added).getByLabelText('Copper')).toHaveValue(7);
    expect(gateway.callCount('products.add')).toBe(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Enter in an ordinary field still submits, with the picked materials.
    await user.type(screen.getByLabelText('Nome'), '{Enter}');
    expect(await screen.findByText('Prodotto "Wind Turbine" aggiunto con successo!')).toBeInTheDocument();
    expect(gateway.data.products.find((p) => p.slug === 'wind-turbine')?.requested_materials).toEqual({ Copper: 7 });
  });

  it('Enter commits a row quantity at once (no blur needed): 0 removes the material, and nothing is submitted', async () => {
    const { user } = await renderAdmin(<AddProductPage />, { seed, path: '/admin/add-product' });
    await user.selectOptions(screen.getByLabelText('Materiale'), 'steel');
    await user.click(screen.getByRole('button', { name: 'Aggiungi materiale' }));
    const row = within(screen.getByRole('list', { name: 'Materiali aggiunti' })).getByLabelText('Steel');
    await user.clear(row);
    await user.type(row, '0{Enter}');
    expect(screen.queryByRole('list', { name: 'Materiali aggiunti' })).not.toBeInTheDocument();
    expect(screen.queryByText('Nome è obbligatorio')).not.toBeInTheDocument();
  });

  it("offers a blank talent, 'None' and the talents", async () => {
    await renderAdmin(<AddProductPage />, { seed, path: '/admin/add-product' });
    const options = within(screen.getByLabelText('Talento richiesto')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['', 'None', 'Chef']);
    expect(within(screen.getByLabelText('Tipo')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Product', 'Component']);
  });

  it('Annulla returns to /admin', async () => {
    const { user } = await renderAdmin(<AddProductPage />, { seed, path: '/admin/add-product' });
    await user.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(screen.getByLabelText('Current location')).toHaveTextContent('/admin');
  });
});
