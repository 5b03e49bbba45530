import { screen, waitFor } from '@testing-library/react';
import { fakeProduct } from '@sbc/shared';
import { JsonEditorPage } from './JsonEditorPage';
import { renderAdmin } from '../../../test/render-admin';

// Monaco does not run in jsdom: the page must then fall back to its plain editor, which is what users get
// while Monaco loads or if it fails.
jest.mock('./MonacoJsonEditor', () => ({
  __esModule: true,
  default: () => {
    throw new Error('Monaco is not available in jsdom');
  },
}));

const seed = {
  products: [
    fakeProduct({ id: 'energy_solar_panel', slug: 'solar-panel', name: 'Solar Panel', category: 'energy', average_market_price: 1234.5, pieces_on_market: 53175 }),
    fakeProduct({ id: 'food_bread', slug: 'bread', name: 'Bread', category: 'food' }),
  ],
};

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  sessionStorage.clear(); // drafts live there
});
afterEach(() => jest.restoreAllMocks());

async function openSolarPanel() {
  const view = await renderAdmin(<JsonEditorPage />, { seed, path: '/admin/json-editor' });
  await view.user.selectOptions(screen.getByLabelText('Prodotto'), 'solar-panel');
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'JSON del prodotto' })).not.toHaveValue(''));
  return view;
}

describe('JsonEditorPage', () => {
  it('lists products by name and slug, filters them, and says Prodotto non trovato when none match', async () => {
    const { user } = await renderAdmin(<JsonEditorPage />, { seed, path: '/admin/json-editor' });
    expect(screen.getByRole('heading', { level: 1, name: 'JSON Editor' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Solar Panel (solar-panel)' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Cerca prodotto'), 'zzz');
    expect(screen.getByRole('option', { name: 'Prodotto non trovato' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancella ricerca' }));
    expect(screen.getByRole('option', { name: 'Bread (bread)' })).toBeInTheDocument();
  });

  it('loads the selected product with its details in EUR and the Valido status', async () => {
    await openSolarPanel();
    expect(screen.getByText('Valido')).toBeInTheDocument();
    expect(screen.getByText('✓ JSON valido e ben formattato')).toBeInTheDocument();
    expect(screen.getByText(/1234,50\s€/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aggiorna Prodotto' })).toBeEnabled();
  });

  it('malformed JSON shows the syntax banner, Errore, and cannot be saved', async () => {
    const { user, gateway } = await openSolarPanel();
    const editor = screen.getByRole('textbox', { name: 'JSON del prodotto' });
    await user.type(editor, '{{');
    expect(screen.getByText('Errore')).toBeInTheDocument();
    expect(screen.getByText(/^Errore di sintassi:/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aggiorna Prodotto' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Formatta' })).toBeDisabled();
    await user.keyboard('{Control>}s{/Control}');
    expect(gateway.callCount('updateProduct')).toBe(0);
  });

  it('Ctrl+S saves from the editor; shortcuts are ignored while typing in the search box', async () => {
    const { user, gateway } = await openSolarPanel();
    await user.click(screen.getByLabelText('Cerca prodotto'));
    await user.keyboard('{Control>}s{/Control}');
    expect(gateway.callCount('updateProduct')).toBe(0);
    await user.click(screen.getByRole('textbox', { name: 'JSON del prodotto' }));
    await user.keyboard('{Meta>}s{/Meta}');
    expect(await screen.findByText('Prodotto aggiornato con successo!')).toBeInTheDocument();
    expect(gateway.callCount('updateProduct')).toBe(1);
  });

  it('Esc resets the selection and clears the editor', async () => {
    const { user } = await openSolarPanel();
    await user.click(screen.getByRole('button', { name: 'Formatta' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'JSON del prodotto' })).toHaveValue(''));
    expect(screen.getByText('Vuoto')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ricarica JSON' })).toBeDisabled();
  });

  it('Esc with unsaved edits asks first and keeps them when the admin says no', async () => {
    const { user } = await openSolarPanel();
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const editor = screen.getByRole('textbox', { name: 'JSON del prodotto' });
    await user.type(editor, ' ');
    await user.click(screen.getByRole('button', { name: 'Valida' }));
    await user.keyboard('{Escape}');
    expect(confirm).toHaveBeenCalledWith('Scartare le modifiche non salvate?');
    expect(editor).not.toHaveValue('');
    expect(screen.getByText('Modifiche non salvate')).toBeInTheDocument();
  });

  it('lists the shortcuts and the admin notes on screen', async () => {
    await renderAdmin(<JsonEditorPage />, { seed, path: '/admin/json-editor' });
    expect(screen.getByText(/Scorciatoie/)).toHaveTextContent('Ctrl/⌘+S aggiorna · Ctrl/⌘+R ricarica · Ctrl/⌘+F formatta · Esc reset');
    expect(screen.getByRole('complementary', { name: 'Note per gli amministratori' })).toHaveTextContent('riservata agli amministratori');
    expect(screen.getByRole('link', { name: '← Torna al Dashboard' })).toHaveAttribute('href', '/admin');
  });
});
