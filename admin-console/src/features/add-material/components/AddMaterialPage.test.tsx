import { screen, waitFor } from '@testing-library/react';
import { fakeMaterial } from '@sbc/shared/src/testing/fakes';
import { AddMaterialPage } from './AddMaterialPage';
import { renderAdmin } from '../../../test/render-admin';

const seed = { materials: [fakeMaterial({ name: 'Copper', id: 4 }), fakeMaterial({ name: 'Iron', id: 9 })] };

async function fill(user: Awaited<ReturnType<typeof renderAdmin>>['user'], values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label, { exact: true });
    await user.clear(input);
    if (value !== '') await user.type(input, value);
  }
}

describe('AddMaterialPage', () => {
  it('has the Italian title and every field labelled', async () => {
    await renderAdmin(<AddMaterialPage />, { seed, path: '/admin/add-material' });
    expect(screen.getByRole('heading', { level: 1, name: 'Aggiungi materiale' })).toBeInTheDocument();
    for (const label of ['Nome', 'Unità', 'Prezzo unitario', 'Quantità', 'Spazio richiesto', 'URL Immagine']) {
      expect(screen.getByLabelText(label, { exact: true })).toBeInTheDocument();
    }
  });

  it('an empty submit shows every required message and writes nothing', async () => {
    const { user, gateway } = await renderAdmin(<AddMaterialPage />, { seed, path: '/admin/add-material' });
    await user.click(screen.getByRole('button', { name: 'Aggiungi Materiale' }));
    for (const text of ['Nome è obbligatorio', 'Unità è obbligatorio', 'Prezzo unitario è obbligatorio', 'Quantità è obbligatorio', 'Spazio richiesto è obbligatorio']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Nome', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    expect(gateway.callCount('materials.add')).toBe(0);
  });

  it('refuses a name already in the ledger once the field is left', async () => {
    const { user, gateway } = await renderAdmin(<AddMaterialPage />, { seed, path: '/admin/add-material' });
    await fill(user, { Nome: 'Copper' });
    await user.tab();
    expect(await screen.findByText('Esiste già un materiale chiamato "Copper"')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aggiungi Materiale' }));
    expect(gateway.callCount('materials.add')).toBe(0);
  });

  it('adds the material with the next id, says so, and empties the form for the next one', async () => {
    const { user, gateway, store } = await renderAdmin(<AddMaterialPage />, { seed, path: '/admin/add-material' });
    await waitFor(() => expect(store.market.materials).toHaveLength(2));
    await fill(user, { Nome: ' Cobalt ', Unità: 'kg', 'Prezzo unitario': '42.1', Quantità: '300', 'Spazio richiesto': '0.5' });
    await user.click(screen.getByRole('button', { name: 'Aggiungi Materiale' }));
    expect(await screen.findByText('Materiale "Cobalt" aggiunto con successo!')).toHaveAttribute('role', 'status');
    expect(gateway.data.materials.find((m) => m.name === 'Cobalt')).toMatchObject({ id: 10, unit: 'kg', value: 42.1, amount: 300, spaceRequired: 0.5, cyclecount: 0 });
    expect(store.market.materials.map((m) => m.name)).toContain('Cobalt');
    expect(screen.getByLabelText('Nome', { exact: true })).toHaveValue('');
  });

  it('a name taken meanwhile (by another admin) is refused by the write, in Italian', async () => {
    const { user, gateway } = await renderAdmin(<AddMaterialPage />, { seed, path: '/admin/add-material' });
    gateway.data.materials.push(fakeMaterial({ name: 'Zinc', id: 12 }));
    await fill(user, { Nome: 'Zinc', Unità: 'kg', 'Prezzo unitario': '3', Quantità: '10', 'Spazio richiesto': '1' });
    await user.click(screen.getByRole('button', { name: 'Aggiungi Materiale' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Esiste già un materiale chiamato "Zinc"');
    expect(screen.getByLabelText('Nome', { exact: true })).toHaveValue('Zinc');
  });
});
