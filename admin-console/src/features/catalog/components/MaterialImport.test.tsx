import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { exportMaterialFile, MATERIAL_FILE_COLUMNS, SAVED_JOB_VERSION } from '@sbc/domain';
import { fakeMaterial, fakeProduct } from '@sbc/shared/src/testing/fakes';
import { CatalogPage } from './CatalogPage';
import { renderAdmin } from '../../../test/render-admin';
import { SAVED_JOB_KEY } from '../stores/saved-job-storage';
import { applyLabel, NOT_KEPT, UNFINISHED_CORRUPT } from '../texts';

jest.setTimeout(30_000);

const ledger = [
  fakeMaterial({ name: 'Ferro', id: 1, unit: 'kg', spaceRequired: 0.5, value: 3.5, amount: 100, lastqty: 90, cyclecount: 4, image_url: 'https://img.test/fe.png' }),
  fakeMaterial({ name: 'Rame', id: 4, unit: 't', spaceRequired: 1, value: 8, amount: 5 }),
];
const products = [fakeProduct({ id: 'energy_solar_panel', name: 'Solar Panel', slug: 'solar-panel', category: 'energy', price_min: 10, price_max: 20 })];
const render = (as: 'admin' | 'editor' = 'admin') => renderAdmin(<CatalogPage />, { seed: { products, materials: ledger }, path: '/admin/products', as });

const header = MATERIAL_FILE_COLUMNS.join(',');
const line = (name: string, value = '2', amount = '10') => [name, 'kg', '1', value, amount, ''].join(',');
const fileOf = (text: string, name: string) => new File([text], name, { type: name.endsWith('.json') ? 'application/json' : 'text/csv' });
const choose = (file: File) => fireEvent.change(screen.getByLabelText('File da importare (.csv o .json)'), { target: { files: [file] } });
const rowsOfDryRun = () => within(screen.getByRole('table', { name: 'Ogni riga del file: esito e motivi' })).getAllByRole('row').slice(1).map((r) => r.textContent);

beforeEach(() => localStorage.clear());

describe('CatalogPage: importing materials', () => {
  it('an editor chooses Materiali; a products file is refused by its column; a dry run lists each row with its line and Add Material messages', async () => {
    const { user, gateway } = await render('editor');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Contenuto del file' }), 'Materiali');
    choose(fileOf('slug,name\nsolar-panel,Solar Panel\n', 'prodotti.csv'));
    expect(await screen.findByText('Riga 1: Colonna sconosciuta: "slug"')).toHaveAttribute('role', 'alert');
    choose(fileOf('GIF89a', 'foto.gif'));
    expect(await screen.findByText('Formato non riconosciuto: scegli un file .csv o .json')).toBeInTheDocument();

    const text = [header, line('Ferro', '4.25', '100'), line('Rame', '-1'), line('Oro'), line('Oro', '3'), line('X')].join('\n');
    choose(fileOf(text, 'materiali.csv'));
    expect(await screen.findByRole('heading', { name: 'Prova: 1 da creare, 1 da aggiornare, 0 invariati, 3 rifiutati.' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Ogni riga del file: esito e motivi' })).getByRole('columnheader', { name: 'Nome' })).toBeInTheDocument();
    expect(rowsOfDryRun()).toEqual([
      '2FerroDa aggiornare—',
      '3—RifiutatoPrezzo unitario deve essere maggiore o uguale a 0',
      '4OroDa creare—',
      '5—RifiutatoIl materiale "Oro" è già alla riga 4 del file',
      '6—RifiutatoNome deve essere di almeno 2 caratteri',
    ]);
    // The preview: Ferro's changes as a diff with Add Material's labels; nothing written yet.
    const preview = screen.getByRole('table', { name: 'Ogni modifica: prodotto, campo, prima e dopo' });
    expect(within(preview).getAllByRole('row').slice(1, 4).map((r) => r.textContent)).toEqual([
      'FerroSpazio richiesto0.51',
      'Prezzo unitario3.54.25',
      'URL Immaginehttps://img.test/fe.png—',
    ]);
    expect(gateway.data.materialAudit).toHaveLength(0);
    expect(gateway.callCount('catalog.listMaterialDocuments')).toBe(1);

    await user.click(screen.getByRole('button', { name: applyLabel(2) }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: applyLabel(2) }));
    expect(await screen.findByText('Modifica completata: 2 materiali scritti.')).toBeInTheDocument();
    expect(gateway.data.materials.find((m) => m.name === 'Ferro')).toMatchObject({ value: 4.25, spaceRequired: 1, lastqty: 90, cyclecount: 4 });
    expect(gateway.data.materials.find((m) => m.name === 'Ferro')).not.toHaveProperty('image_url');
    expect(gateway.data.materials.find((m) => m.name === 'Oro')).toMatchObject({ id: 5, value: 2, startqty: 10, cyclecount: 0 });
    expect(gateway.data.materialAudit.map((e) => [e.materialId, e.action]).sort()).toEqual([
      ['Ferro', 'update'],
      ['Oro', 'create'],
    ]);
  });

  it('a 50 MB file is refused before it is read; a ledger that cannot be read says so, and nothing is written', async () => {
    const { user, gateway } = await render();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Contenuto del file' }), 'Materiali');
    const huge = fileOf('x', 'materiali.csv');
    Object.defineProperty(huge, 'size', { value: 50 * 1024 * 1024 });
    const read = jest.spyOn(FileReader.prototype, 'readAsText');
    choose(huge);
    expect(await screen.findByText('Il file è troppo grande (50 MB): il limite è 10 MB')).toHaveAttribute('role', 'alert');
    expect(read).not.toHaveBeenCalled();
    gateway.fail('catalog.listMaterialDocuments', new Error('Failed to fetch'));
    choose(fileOf([header, line('Oro')].join('\n'), 'materiali.csv'));
    expect(await screen.findByText('Impossibile leggere il file o i materiali. Riprova.')).toHaveAttribute('role', 'alert');
    expect(gateway.callCount('catalog.applyMaterialChanges')).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Esporta JSON' }));
    expect(await screen.findByText('Impossibile esportare i materiali. Riprova.')).toHaveAttribute('role', 'alert');
  });

  it('a failure halfway says so; Riprendi writes each material once', async () => {
    const { user, gateway } = await render();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Contenuto del file' }), 'Materiali');
    choose(fileOf([header, ...Array.from({ length: 130 }, (_, i) => line(`Lega ${i}`))].join('\n'), 'materiali.csv'));
    await screen.findByRole('heading', { name: 'Prova: 130 da creare, 0 da aggiornare, 0 invariati, 0 rifiutati.' });
    gateway.data.bulkFailAfterChunks = 1;
    await user.click(screen.getByRole('button', { name: applyLabel(130) }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: applyLabel(130) }));
    expect(await screen.findByText(/^Scrittura interrotta dopo 100 di 130 materiali \(Failed to fetch\)/)).toBeInTheDocument();
    expect(gateway.data.materialAudit).toHaveLength(100);
    await user.click(screen.getByRole('button', { name: 'Riprendi' }));
    expect(await screen.findByText('Modifica completata: 30 materiali scritti, 100 già scritti in precedenza.')).toBeInTheDocument();
    expect(new Set(gateway.data.materialAudit.map((e) => e.materialId)).size).toBe(130);
    expect(gateway.data.materials).toHaveLength(132);
  });

  it('exports every material in the import format, and importing that file changes nothing', async () => {
    const { user } = await render();
    let blob: Blob | undefined;
    Object.assign(URL, {
      createObjectURL: jest.fn((b: Blob) => {
        blob = b;
        return 'blob:export';
      }),
      revokeObjectURL: jest.fn(),
    });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.selectOptions(screen.getByRole('combobox', { name: 'Contenuto del file' }), 'Materiali');
    await user.click(screen.getByRole('button', { name: 'Esporta CSV' }));
    expect(await screen.findByText('2 materiali esportati in materiali.csv.')).toBeInTheDocument();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob!);
    });
    // FileReader drops the byte-order mark the export starts with.
    expect(`\uFEFF${text}`).toBe(exportMaterialFile(ledger.map(({ name, ...fields }) => ({ id: name, fields: JSON.parse(JSON.stringify(fields)) })), 'csv'));
    choose(fileOf(text, 'materiali.csv'));
    expect(await screen.findByRole('heading', { name: 'Prova: 0 da creare, 0 da aggiornare, 2 invariati, 0 rifiutati.' })).toBeInTheDocument();
  });
});

describe('CatalogPage: a write left unfinished by an earlier visit', () => {
  it('after a reload mid-write, offers Riprendi for the rest; each product is changed once', async () => {
    const first = await renderAdmin(<CatalogPage />, { seed: { products, materials: ledger }, path: '/admin/products' });
    const { user, gateway } = first;
    choose(fileOf(['slug,name,category,type,talent_required,materialId,image_url,originalPath,price_min,price_max,production_cost,production_time,production_request_index,space_required,increase,enabled,requested_materials', ...Array.from({ length: 150 }, (_, i) => `t-${i},Tool ${i},tools,product,,,,,1,2,1,10,0.5,1,0,true,`)].join('\n'), 'prodotti.csv'));
    await screen.findByRole('heading', { name: 'Prova: 150 da creare, 0 da aggiornare, 0 invariati, 0 rifiutati.' });
    gateway.data.bulkFailAfterChunks = 1;
    await user.click(screen.getByRole('button', { name: applyLabel(150) }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: applyLabel(150) }));
    await screen.findByText(/^Scrittura interrotta dopo 100 di 150 prodotti/);
    const saved = JSON.parse(localStorage.getItem(SAVED_JOB_KEY) ?? 'null');
    expect(saved).toMatchObject({ version: SAVED_JOB_VERSION, kind: 'products', done: 100 });
    expect(saved.changes).toHaveLength(50);

    // The page is reloaded: a new page on the same data (the gateway's) finds the job in the browser.
    first.unmount();
    const again = await renderAdmin(<CatalogPage />, { seed: { products: gateway.data.products, materials: ledger }, path: '/admin/products' });
    again.gateway.data.audit.push(...gateway.data.audit);
    const panel = screen.getByRole('region', { name: 'Scrittura non completata' });
    expect(within(panel).getByText(/^Una scrittura di 150 prodotti .* 100 confermati scritti, 50 da completare\./)).toBeInTheDocument();
    await again.user.click(within(panel).getByRole('button', { name: 'Riprendi' }));
    expect(await within(panel).findByText('Modifica completata: 50 prodotti aggiornati.')).toBeInTheDocument();
    expect(again.gateway.data.audit).toHaveLength(150);
    expect(new Set(again.gateway.data.audit.map((e) => e.productId)).size).toBe(150);
    expect(localStorage.getItem(SAVED_JOB_KEY)).toBeNull();
  });

  it('a job whose first chunk landed before the page closed (progress not saved) skips it on Riprendi', async () => {
    const { user, gateway } = await render();
    const change = { productId: 'energy_solar_panel', slug: 'solar-panel', name: 'Solar Panel', before: { price_max: 20 }, after: { price_max: 22 } };
    localStorage.setItem(SAVED_JOB_KEY, JSON.stringify({ version: SAVED_JOB_VERSION, kind: 'products', id: 'job-closed', done: 0, changes: [change] }));
    await gateway.catalog.applyBulkChanges('job-closed', [change]); // written; the page closed before it heard back
    const next = await renderAdmin(<CatalogPage />, { seed: { products: gateway.data.products }, path: '/admin/products' });
    next.gateway.data.audit.push(...gateway.data.audit);
    const panel = screen.getAllByRole('region', { name: 'Scrittura non completata' }).at(-1)!;
    await user.click(within(panel).getByRole('button', { name: 'Riprendi' }));
    expect(await within(panel).findByText('Modifica completata: 0 prodotti aggiornati, 1 già aggiornati in precedenza.')).toBeInTheDocument();
    expect(next.gateway.data.products[0]?.price_max).toBe(22);
    expect(next.gateway.data.audit).toHaveLength(1);
  });

  it('Scarta forgets the record, not what was written', async () => {
    const change = { productId: 'Ferro', slug: 'Ferro', name: 'Ferro', before: { value: 3.5 }, after: { value: 4 } };
    localStorage.setItem(SAVED_JOB_KEY, JSON.stringify({ version: SAVED_JOB_VERSION, kind: 'materials', id: 'job-mat', done: 3, changes: [change] }));
    const { user, gateway } = await render();
    const panel = screen.getByRole('region', { name: 'Scrittura non completata' });
    expect(within(panel).getByText(/^Una scrittura di 4 materiali/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Scarta' }));
    expect(screen.queryByRole('region', { name: 'Scrittura non completata' })).not.toBeInTheDocument();
    expect(localStorage.getItem(SAVED_JOB_KEY)).toBeNull();
    expect(gateway.callCount('catalog.applyMaterialChanges')).toBe(0);
  });

  it('a browser that refuses to keep the job says a reload would lose the offer to resume; the write still completes', async () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('QuotaExceededError');
    });
    const { user, gateway } = await render();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Contenuto del file' }), 'Materiali');
    choose(fileOf([header, line('Oro')].join('\n'), 'materiali.csv'));
    await screen.findByRole('heading', { name: 'Prova: 1 da creare, 0 da aggiornare, 0 invariati, 0 rifiutati.' });
    const release = gateway.hold('catalog.applyMaterialChanges');
    await user.click(screen.getByRole('button', { name: applyLabel(1) }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: applyLabel(1) }));
    expect(await screen.findByText(NOT_KEPT)).toBeInTheDocument();
    release();
    expect(await screen.findByText('Modifica completata: 1 materiale scritto.')).toBeInTheDocument();
    setItem.mockRestore();
  });

  it.each([
    ['not JSON', '{"version":1,"kind":'],
    ['another version', JSON.stringify({ version: 9, kind: 'products', id: 'x', done: 0, changes: [] })],
  ])('a saved record that is %s is discarded with a message; nothing is written', async (_label, record) => {
    localStorage.setItem(SAVED_JOB_KEY, record);
    const { gateway } = await render();
    expect(await screen.findByText(UNFINISHED_CORRUPT)).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('button', { name: 'Riprendi' })).not.toBeInTheDocument();
    expect(localStorage.getItem(SAVED_JOB_KEY)).toBeNull();
    await waitFor(() => expect(gateway.callCount('catalog.applyBulkChanges')).toBe(0));
  });
});
