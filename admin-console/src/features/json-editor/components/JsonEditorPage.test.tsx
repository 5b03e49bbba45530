import { screen, waitFor, within } from '@testing-library/react';
import { fakeProduct } from '@sbc/shared/src/testing/fakes';
import { JsonEditorPage } from './JsonEditorPage';
import { renderAdmin } from '../../../test/render-admin';

// Monaco does not run in jsdom: the page must then fall back to its plain editor, which is what users get
// while Monaco loads or if it fails.
jest.mock('./MonacoDiffView', () => ({
  __esModule: true,
  default: () => {
    throw new Error('Monaco is not available in jsdom');
  },
}));
jest.mock('./MonacoJsonEditor', () => ({
  __esModule: true,
  default: () => {
    throw new Error('Monaco is not available in jsdom');
  },
}));

type User = Awaited<ReturnType<typeof renderAdmin>>['user'];

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

/** Answers the console's confirm dialog, after checking its question; it closes. */
async function answer(user: User, choice: string, question = 'Scartare le modifiche non salvate?') {
  const dialog = await screen.findByRole('alertdialog', { name: 'Conferma' });
  expect(dialog).toHaveTextContent(question);
  await user.click(within(dialog).getByRole('button', { name: choice }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
}

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
    // Clearing the box searches again after the typing pause: the list comes back with that search's results.
    expect(await screen.findByRole('option', { name: 'Bread (bread)' })).toBeInTheDocument();
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
    expect(gateway.callCount('products.update')).toBe(0);
  });

  it('Ctrl+S saves from the editor; shortcuts are ignored while typing in the search box', async () => {
    const { user, gateway } = await openSolarPanel();
    await user.click(screen.getByLabelText('Cerca prodotto'));
    await user.keyboard('{Control>}s{/Control}');
    expect(gateway.callCount('products.update')).toBe(0);
    await user.click(screen.getByRole('textbox', { name: 'JSON del prodotto' }));
    await user.keyboard('{Meta>}s{/Meta}');
    expect(await screen.findByText('Prodotto aggiornato con successo!')).toBeInTheDocument();
    expect(gateway.callCount('products.update')).toBe(1);
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
    const editor = screen.getByRole('textbox', { name: 'JSON del prodotto' });
    await user.type(editor, ' ');
    await user.click(screen.getByRole('button', { name: 'Valida' }));
    await user.keyboard('{Escape}');
    await answer(user, 'Annulla');
    expect(editor).not.toHaveValue('');
    expect(screen.getByText('Modifiche non salvate')).toBeInTheDocument();
  });

  it('leaving by a link with unsaved edits asks in the console dialog: Annulla stays, "Esci senza salvare" leaves', async () => {
    const { user } = await openSolarPanel();
    await user.type(screen.getByRole('textbox', { name: 'JSON del prodotto' }), ' ');
    await user.click(screen.getByRole('link', { name: 'Torna al Dashboard' }));
    await answer(user, 'Annulla', 'Ci sono modifiche non salvate. Uscire senza salvarle?');
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent('/admin/json-editor');
    await user.click(screen.getByRole('link', { name: 'Torna al Dashboard' }));
    await answer(user, 'Esci senza salvare', 'Ci sono modifiche non salvate. Uscire senza salvarle?');
    await waitFor(() => expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(/^\/admin$/));
  });

  it('leaving without unsaved edits does not ask', async () => {
    const { user } = await openSolarPanel();
    await user.click(screen.getByRole('link', { name: 'Torna al Dashboard' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(/^\/admin$/));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('lists the shortcuts and the admin notes on screen', async () => {
    await renderAdmin(<JsonEditorPage />, { seed, path: '/admin/json-editor' });
    expect(screen.getByText(/Scorciatoie/)).toHaveTextContent('Ctrl/⌘+S aggiorna · Ctrl/⌘+R ricarica · Ctrl/⌘+F formatta · Esc reset');
    expect(screen.getByRole('complementary', { name: 'Note per gli amministratori' })).toHaveTextContent('riservata agli amministratori');
    const back = screen.getByRole('link', { name: 'Torna al Dashboard' });
    expect(back).toHaveAttribute('href', '/admin');
    expect(back).toHaveTextContent('← Torna al Dashboard');
  });

  it.each([
    ['the Ricarica JSON button', async (user: User) => user.click(screen.getByRole('button', { name: 'Ricarica JSON' }))],
    ['Ctrl+R', async (user: User) => user.keyboard('{Control>}r{/Control}')],
  ])('%s with unsaved edits asks first; no keeps the text, yes reloads and drops the draft', async (_label, reload) => {
    const { user, gateway } = await openSolarPanel();
    const editor = screen.getByRole('textbox', { name: 'JSON del prodotto' });
    const stored = (editor as HTMLTextAreaElement).value;
    await user.type(editor, ' ');
    const edited = (editor as HTMLTextAreaElement).value;
    expect(sessionStorage.getItem('app.jsonEditor.draft.solar-panel')).not.toBeNull();
    const reads = gateway.callCount('products.getForEdit');
    await reload(user);
    await answer(user, 'Annulla');
    expect(editor).toHaveValue(edited);
    expect(gateway.callCount('products.getForEdit')).toBe(reads);
    await reload(user);
    await answer(user, 'Scarta modifiche');
    await waitFor(() => expect(editor).toHaveValue(stored));
    expect(gateway.callCount('products.getForEdit')).toBe(reads + 1);
    expect(screen.queryByText('Modifiche non salvate')).not.toBeInTheDocument();
    expect(sessionStorage.getItem('app.jsonEditor.draft.solar-panel')).toBeNull();
  });

  it('Ricarica JSON without unsaved edits reloads at once', async () => {
    const { user, gateway } = await openSolarPanel();
    const reads = gateway.callCount('products.getForEdit');
    await user.click(screen.getByRole('button', { name: 'Ricarica JSON' }));
    await waitFor(() => expect(gateway.callCount('products.getForEdit')).toBe(reads + 1));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("the conflict banner's Ricarica asks, then shows the version saved by the other admin", async () => {
    const { user, gateway } = await openSolarPanel();
    const editor = screen.getByRole('textbox', { name: 'JSON del prodotto' });
    const mine = JSON.stringify({ ...JSON.parse((editor as HTMLTextAreaElement).value), average_market_price: 1 }, null, 2);
    await user.clear(editor);
    await user.click(editor);
    await user.paste(mine);
    // Another admin saves meanwhile.
    gateway.data.products = gateway.data.products.map((p) => (p.slug === 'solar-panel' ? { ...p, pieces_on_market: 42 } : p));
    gateway.data.versions.set('energy_solar_panel', 3);
    await user.click(screen.getByRole('button', { name: 'Aggiorna Prodotto' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('modificato da qualcun altro');
    await user.click(within(banner).getByRole('button', { name: 'Ricarica' }));
    await answer(user, 'Annulla');
    expect(editor).toHaveValue(mine);
    await user.click(within(banner).getByRole('button', { name: 'Ricarica' }));
    await answer(user, 'Scarta modifiche');
    await waitFor(() => expect(JSON.parse((editor as HTMLTextAreaElement).value)).toMatchObject({ pieces_on_market: 42, average_market_price: 1234.5 }));
    expect(screen.queryByRole('button', { name: 'Sovrascrivi' })).not.toBeInTheDocument();
    expect(screen.queryByText('Modifiche non salvate')).not.toBeInTheDocument();
  });

  it('a failed load leaves nothing of the previous product on screen', async () => {
    const { user, gateway } = await openSolarPanel();
    gateway.fail('products.getForEdit', new Error('network down'));
    await user.selectOptions(screen.getByLabelText('Prodotto'), 'bread');
    expect(await screen.findByRole('alert')).toHaveTextContent('Prodotto non trovato');
    expect(screen.getByRole('textbox', { name: 'JSON del prodotto' })).toHaveValue('');
    expect(screen.getByText('Nessun prodotto selezionato.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aggiorna Prodotto' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Ricarica JSON' })).toBeEnabled();
  });

  it('the plain editor numbers its lines, following the text', async () => {
    const { user } = await openSolarPanel();
    const editor = screen.getByRole('textbox', { name: 'JSON del prodotto' });
    const gutter = screen.getByTestId('json-line-numbers');
    expect(gutter).toHaveAttribute('aria-hidden', 'true');
    const numbers = () => gutter.textContent!.split('\n');
    const lines = (editor as HTMLTextAreaElement).value.split('\n').length;
    expect(lines).toBeGreaterThan(5);
    expect(numbers()).toEqual(Array.from({ length: lines }, (_, i) => String(i + 1)));
    await user.clear(editor);
    expect(numbers()).toEqual(['1']);
    await user.type(editor, '{{}{Enter}"a": 1{Enter}}');
    expect(numbers()).toEqual(['1', '2', '3']);
  });

  it('shows the history (who, which fields), compares a version and restores it after confirming', async () => {
    const { user } = await openSolarPanel();
    const textbox = () => screen.getByRole('textbox', { name: 'JSON del prodotto' });
    const saveWith = async (changes: Record<string, unknown>) => {
      const next = JSON.stringify({ ...JSON.parse((textbox() as HTMLTextAreaElement).value), ...changes }, null, 2);
      await user.clear(textbox());
      await user.click(textbox());
      await user.paste(next);
      await user.click(screen.getByRole('button', { name: 'Aggiorna Prodotto' }));
      await screen.findByText('Prodotto aggiornato con successo!');
    };
    await saveWith({ average_market_price: 1 });
    await saveWith({ name: 'Solar Panel XL' });
    const history = screen.getByRole('region', { name: 'Cronologia modifiche' });
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(2));
    const [newest, oldest] = within(history).getAllByRole('listitem');
    expect(newest).toHaveTextContent('Campi modificati: name');
    expect(oldest).toHaveTextContent('Campi modificati: average_market_price');
    await user.click(within(oldest).getByRole('button', { name: 'Confronta' }));
    expect(within(history).getByRole('region', { name: /Confronto con la versione/ })).toBeInTheDocument();
    await user.click(within(oldest).getByRole('button', { name: 'Ripristina' }));
    await answer(user, 'Ripristina', 'Ripristinare questa versione? Il prodotto verrà salvato con quei valori.');
    await screen.findByText('Versione ripristinata: il prodotto è stato salvato con quei valori.');
    expect(JSON.parse((textbox() as HTMLTextAreaElement).value).name).toBe('Solar Panel');
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(3));
    expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent('Ripristino');
  });
});
