import { MemoryStorage, RootStore } from '@sbc/shared';
import { createFakeGateway, fakeProduct, type FakeGateway } from '@sbc/shared/src/testing/fakes';
import { SLUG_CHANGE_MESSAGE } from '@sbc/domain';
import {
  CONFLICT_MESSAGE,
  DRAFT_RESTORED_MESSAGE,
  JsonEditorStore,
  NOT_LOADED_MESSAGE,
  RESTORE_SUCCESS_MESSAGE,
  SEARCH_DEBOUNCE_MS,
} from './json-editor-store';
import { draftKey } from './drafts';

const editors: JsonEditorStore[] = [];

function setup() {
  const gateway: FakeGateway = createFakeGateway({
    products: [
      fakeProduct({ id: 'energy_solar_panel', slug: 'solar-panel', name: 'Solar Panel', category: 'energy', average_market_price: 233.26 }),
      fakeProduct({ id: 'food_bread', slug: 'bread', name: 'Bread', category: 'food' }),
    ],
  });
  const root = new RootStore(gateway, { storage: null });
  const storage = new MemoryStorage();
  const editor = new JsonEditorStore(root, storage);
  editors.push(editor);
  return { gateway, root, storage, editor };
}

afterEach(() => {
  // Pending 5 s message timers must not fire after the test environment is gone.
  editors.splice(0).forEach((editor) => editor.dispose());
  jest.useRealTimers();
});

describe('JsonEditorStore', () => {
  it('searches products by name, slug or category', async () => {
    const { editor } = setup();
    await editor.loadProducts();
    editor.setQuery('ENERGY');
    expect(editor.products.map((p) => p.slug)).toEqual(['solar-panel']);
    editor.setQuery('brea');
    expect(editor.products.map((p) => p.slug)).toEqual(['bread']);
  });

  it('selecting a product loads its JSON pretty-printed with 2 spaces', async () => {
    const { editor } = setup();
    await editor.select('solar-panel');
    expect(editor.text.startsWith('{\n  "')).toBe(true);
    expect(JSON.parse(editor.text)).toMatchObject({ slug: 'solar-panel', name: 'Solar Panel' });
    expect(editor.statusLabel).toBe('Valido');
    expect(editor.wellFormatted).toBe(true);
    expect(editor.buttons).toEqual({ format: true, minify: true, validate: true, save: true, reload: true, export: true });
  });

  it.each([
    ['', 'Vuoto', { format: false, minify: false, validate: false, save: false, reload: true, export: false }],
    ['{"a":', 'Errore', { format: false, minify: false, validate: true, save: false, reload: true, export: false }],
    ['{"a":1}', 'Valido', { format: true, minify: true, validate: true, save: true, reload: true, export: true }],
  ])('editing to %j gives %s and the enabled buttons of section 5', async (text, label, buttons) => {
    const { editor } = setup();
    await editor.select('bread');
    editor.edit(text);
    expect(editor.statusLabel).toBe(label);
    expect(editor.buttons).toEqual(buttons);
  });

  it('editing clears the message and the validated flag, and records the parser error', async () => {
    const { editor } = setup();
    await editor.select('bread');
    editor.validate();
    expect(editor.validated).toBe(true);
    expect(editor.message?.text).toBe('JSON valido!');
    editor.edit('{ nope');
    expect(editor.validated).toBe(false);
    expect(editor.message).toBeNull();
    expect(editor.error).toEqual(expect.any(String));
  });

  it('formats and minifies valid text with the spec messages', async () => {
    const { editor } = setup();
    await editor.select('bread');
    editor.minify();
    expect(editor.text).not.toContain('\n');
    expect(editor.message?.text).toBe('JSON minificato con successo!');
    editor.format();
    expect(editor.text).toContain('\n  "');
    expect(editor.message?.text).toBe('JSON formattato con successo!');
    expect(editor.validated).toBe(true);
  });

  it('messages clear after 5 seconds', async () => {
    const { editor } = setup();
    await editor.select('bread');
    jest.useFakeTimers();
    editor.validate();
    jest.advanceTimersByTime(4999);
    expect(editor.message?.text).toBe('JSON valido!');
    jest.advanceTimersByTime(1);
    expect(editor.message).toBeNull();
  });

  it('malformed JSON cannot be saved', async () => {
    const { editor, gateway } = setup();
    await editor.select('bread');
    editor.edit('{"slug": "bread",');
    await editor.save();
    expect(gateway.callCount('products.update')).toBe(0);
  });

  it('a product without slug or name is refused with the spec message', async () => {
    const { editor, gateway } = setup();
    await editor.select('bread');
    editor.edit('{"name": "Bread"}');
    await editor.save();
    expect(editor.message?.text).toBe('Il prodotto deve avere almeno slug e name');
    expect(gateway.callCount('products.update')).toBe(0);
  });

  it('saves, updates the product lists and reloads the saved JSON', async () => {
    const { editor, gateway } = setup();
    await editor.select('solar-panel');
    const edited = { ...JSON.parse(editor.text), average_market_price: 250 };
    editor.edit(JSON.stringify(edited, null, 2));
    await editor.save();
    expect(editor.message?.text).toBe('Prodotto aggiornato con successo!');
    expect(JSON.parse(editor.text).average_market_price).toBe(250);
    expect(editor.dirty).toBe(false);
    expect(gateway.data.products.find((p) => p.slug === 'solar-panel')?.average_market_price).toBe(250);
  });

  it('opening the editor searches by prefix and never reads the whole catalogue', async () => {
    const { editor, gateway } = setup();
    await editor.loadProducts();
    expect(gateway.callCount('products.getAll')).toBe(0);
    expect(gateway.callCount('products.search')).toBe(1);
    expect(editor.products.map((p) => p.slug)).toEqual(['bread', 'solar-panel']);
  });

  it('a search waits for a pause in typing, then queries once with the last text', async () => {
    jest.useFakeTimers();
    const { editor, gateway } = setup();
    editor.setQuery('s');
    editor.setQuery('so');
    editor.setQuery('sol');
    expect(gateway.callCount('products.search')).toBe(0);
    await jest.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(gateway.calls.filter((c) => c.method === 'products.search').map((c) => c.args[0])).toEqual(['sol']);
    expect(editor.products.map((p) => p.slug)).toEqual(['solar-panel']);
  });

  it('saves the whole document: a field removed from the JSON is not sent, so the product loses it', async () => {
    const { editor, gateway } = setup();
    await editor.select('solar-panel');
    const { description: _removed, ...rest } = { ...JSON.parse(editor.text), description: 'to remove' };
    editor.edit(JSON.stringify({ ...rest, description: 'to remove' }, null, 2));
    await editor.save();
    editor.edit(JSON.stringify(rest, null, 2));
    await editor.save();
    const sent = gateway.calls.filter((c) => c.method === 'products.update').map((c) => c.args[1] as Record<string, unknown>);
    expect(sent[0].description).toBe('to remove');
    expect('description' in sent[1]).toBe(false);
  });

  it('refuses a slug change with the Italian message and sends nothing', async () => {
    const { editor, gateway } = setup();
    await editor.select('solar-panel');
    editor.edit(JSON.stringify({ ...JSON.parse(editor.text), slug: 'pannello-solare' }, null, 2));
    await editor.save();
    expect(editor.message).toEqual({ kind: 'error', text: SLUG_CHANGE_MESSAGE });
    expect(gateway.callCount('products.update')).toBe(0);
    expect(editor.dirty).toBe(true);
  });

  it('refuses a slug the site reserves by name (issue 26) and sends nothing', async () => {
    const { editor, gateway } = setup();
    await editor.select('bread');
    editor.edit(JSON.stringify({ ...JSON.parse(editor.text), slug: 'profitability' }, null, 2));
    await editor.save();
    expect(editor.message).toEqual({
      kind: 'error',
      text: 'Lo slug "profitability" è riservato: /products/profitability è un indirizzo del sito, non la pagina di un prodotto',
    });
    expect(gateway.callCount('products.update')).toBe(0);
  });

  it('still saves a product stored under a reserved slug before the rule (its slug cannot change)', async () => {
    const gateway = createFakeGateway({ products: [fakeProduct({ id: 'market_profitability', slug: 'profitability', name: 'Profitability', category: 'market' })] });
    const editor = new JsonEditorStore(new RootStore(gateway, { storage: null }), new MemoryStorage());
    editors.push(editor);
    await editor.select('profitability');
    editor.edit(JSON.stringify({ ...JSON.parse(editor.text), enabled: false }, null, 2));
    await editor.save();
    expect(gateway.data.products.find((p) => p.slug === 'profitability')?.enabled).toBe(false);
  });

  it('never exports invalid JSON', async () => {
    const { editor } = setup();
    await editor.select('bread');
    editor.edit('{"slug": "bread",');
    const download = jest.fn();
    editor.exportJson(download);
    expect(editor.buttons.export).toBe(false);
    expect(download).not.toHaveBeenCalled();
  });

  it('two saves leave two entries; restoring the first version saves it again as a third entry', async () => {
    const { editor, gateway } = setup();
    gateway.emitAuthState({ uid: 'admin-1', email: 'admin@example.com', displayName: 'Admin' });
    await editor.select('solar-panel');
    const original = JSON.parse(editor.text);
    editor.edit(JSON.stringify({ ...original, average_market_price: 1 }, null, 2));
    await editor.save();
    editor.edit(JSON.stringify({ ...original, average_market_price: 2, name: 'Solar Panel XL' }, null, 2));
    await editor.save();
    await editor.loadHistory();
    expect(editor.history?.map((e) => [e.action, e.changedFields])).toEqual([
      ['update', ['average_market_price', 'name']],
      ['update', ['average_market_price']],
    ]);
    expect(editor.history?.[0]).toMatchObject({ uid: 'admin-1', email: 'admin@example.com' });
    const first = editor.history![1];
    editor.compare(first);
    expect(editor.comparing).toBe(first);
    await editor.restore(first);
    expect(editor.message?.text).toBe(RESTORE_SUCCESS_MESSAGE);
    expect(JSON.parse(editor.text)).toMatchObject({ average_market_price: 1, name: 'Solar Panel' });
    await editor.loadHistory();
    expect(editor.history?.map((e) => e.action)).toEqual(['restore', 'update', 'update']);
    expect(editor.comparing).toBeNull();
  });

  it('a concurrent change is a conflict: the text is kept, and overwrite saves it knowingly', async () => {
    const { editor, gateway } = setup();
    await editor.select('solar-panel');
    const mine = JSON.stringify({ ...JSON.parse(editor.text), average_market_price: 999 }, null, 2);
    editor.edit(mine);
    gateway.data.versions.set('energy_solar_panel', 7); // another admin saved meanwhile
    await editor.save();
    expect(editor.conflict).toBe(true);
    expect(editor.message?.text).toBe(CONFLICT_MESSAGE);
    expect(editor.text).toBe(mine);
    await editor.overwrite();
    expect(editor.conflict).toBe(false);
    expect(editor.message?.text).toBe('Prodotto aggiornato con successo!');
    expect(JSON.parse(editor.text).average_market_price).toBe(999);
  });

  it('unsaved edits are kept as a draft and restored when the product is selected again', async () => {
    const { editor, storage } = setup();
    await editor.select('bread');
    const version = editor.loaded?.version;
    editor.edit('{"slug": "bread", "name": "Bread v2"}');
    expect(JSON.parse(storage.getItem(draftKey('bread'))!)).toEqual({ text: '{"slug": "bread", "name": "Bread v2"}', version });
    await editor.select('solar-panel');
    await editor.select('bread');
    expect(editor.text).toBe('{"slug": "bread", "name": "Bread v2"}');
    expect(editor.message?.text).toBe(DRAFT_RESTORED_MESSAGE);
  });

  it('a restored draft still checks the version it was based on: a newer stored product is a conflict', async () => {
    const { editor, gateway, storage } = setup();
    await editor.select('bread');
    const mine = JSON.stringify({ ...JSON.parse(editor.text), name: 'Bread v2' }, null, 2);
    editor.edit(mine);
    await editor.select('solar-panel');
    gateway.data.versions.set('food_bread', 7); // another admin saved bread meanwhile
    await editor.select('bread');
    expect(editor.text).toBe(mine);
    await editor.save();
    expect(gateway.callCount('products.update')).toBe(1);
    expect(editor.conflict).toBe(true);
    expect(editor.message?.text).toBe(CONFLICT_MESSAGE);
    expect(editor.text).toBe(mine);
    expect(gateway.data.products.find((p) => p.slug === 'bread')?.name).toBe('Bread');
    // Edits after the restore keep the draft's base version, not the newer one.
    editor.edit(`${mine} `);
    expect(JSON.parse(storage.getItem(draftKey('bread'))!).version).toBe('fake-v0');
  });

  it('a restored draft on an unchanged product saves normally', async () => {
    const { editor, gateway } = setup();
    await editor.select('bread');
    editor.edit(JSON.stringify({ ...JSON.parse(editor.text), name: 'Bread v2' }, null, 2));
    await editor.select('solar-panel');
    await editor.select('bread');
    await editor.save();
    expect(editor.message?.text).toBe('Prodotto aggiornato con successo!');
    expect(gateway.data.products.find((p) => p.slug === 'bread')?.name).toBe('Bread v2');
  });

  it.each([
    ['plain text (the old shape)', '{"slug": "bread", "name": "Old draft"}'],
    ['not JSON', '{"slug": "bread", '],
    ['text without a version', JSON.stringify({ text: '{"slug": "bread", "name": "x"}' })],
    ['a version that is not text', JSON.stringify({ text: '{"slug": "bread", "name": "x"}', version: 3 })],
  ])('a stored draft of another shape (%s) is ignored and dropped', async (_label, stored) => {
    const { editor, storage } = setup();
    storage.setItem(draftKey('bread'), stored);
    await editor.select('bread');
    expect(JSON.parse(editor.text)).toMatchObject({ slug: 'bread', name: 'Bread' });
    expect(editor.dirty).toBe(false);
    expect(editor.message).toBeNull();
    expect(storage.getItem(draftKey('bread'))).toBeNull();
  });

  it('a failed load clears the previous product: nothing of it can be saved under the new selection', async () => {
    const { editor, gateway } = setup();
    await editor.select('solar-panel');
    gateway.fail('products.getForEdit', new Error('network down'));
    await editor.select('bread');
    expect(editor.selectedSlug).toBe('bread');
    expect(editor.message?.text).toBe('Prodotto non trovato');
    expect(editor.loaded).toBeNull();
    expect(editor.text).toBe('');
    expect(editor.buttons.save).toBe(false);
    expect(editor.buttons.reload).toBe(true);
    await editor.save();
    expect(gateway.callCount('products.update')).toBe(0);
    // Reload retries.
    gateway.fail('products.getForEdit', undefined);
    await editor.reload();
    expect(JSON.parse(editor.text)).toMatchObject({ slug: 'bread' });
  });

  it('text typed after a failed load is not saved blindly: it asks to reload or overwrite', async () => {
    const { editor, gateway } = setup();
    gateway.fail('products.getForEdit', new Error('network down'));
    await editor.select('bread');
    editor.edit('{"slug": "bread", "name": "Typed blind"}');
    await editor.save();
    expect(gateway.callCount('products.update')).toBe(0);
    expect(editor.conflict).toBe(true);
    expect(editor.message).toEqual({ kind: 'error', text: NOT_LOADED_MESSAGE });
    gateway.fail('products.getForEdit', undefined);
    await editor.overwrite();
    expect(gateway.callCount('products.update')).toBe(1);
    expect(editor.message?.text).toBe('Prodotto aggiornato con successo!');
  });

  it('a refused save shows the spec update message, not the database text', async () => {
    const { editor, gateway } = setup();
    await editor.select('bread');
    gateway.fail('products.update', Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' }));
    await editor.save();
    expect(editor.message).toEqual({ kind: 'error', text: "Errore durante l'aggiornamento del prodotto" });
  });

  it('Reset clears the selection, the editor and the draft', async () => {
    const { editor, storage } = setup();
    await editor.select('bread');
    editor.edit('{"slug": "bread", "name": "x"}');
    editor.reset();
    expect(editor.selectedSlug).toBeNull();
    expect(editor.text).toBe('');
    expect(storage.getItem(draftKey('bread'))).toBeNull();
  });

  it('exports {slug}.json', async () => {
    const { editor } = setup();
    await editor.select('bread');
    const download = jest.fn();
    editor.exportJson(download);
    expect(download).toHaveBeenCalledWith('bread.json', editor.text);
    expect(editor.message?.text).toBe('JSON esportato con successo!');
  });

  it('an unknown product shows Prodotto non trovato', async () => {
    const { editor } = setup();
    await editor.select('bread');
    await editor.select('no-such-product');
    expect(editor.message?.text).toBe('Prodotto non trovato');
    expect(editor.text).toBe('');
    expect(editor.loaded).toBeNull();
  });
});
