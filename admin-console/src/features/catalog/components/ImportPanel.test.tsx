import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { exportProductFile, PRODUCT_FILE_COLUMNS } from '@sbc/domain';
import { fakeProduct } from '@sbc/shared/src/testing/fakes';
import { CatalogPage } from './CatalogPage';
import { renderAdmin } from '../../../test/render-admin';
import { applyLabel } from '../texts';

jest.setTimeout(30_000);

const existing = [
  fakeProduct({ id: 'energy_solar_panel', name: 'Solar Panel', slug: 'solar-panel', category: 'energy', talent_required: 'Engineering', price_min: 10, price_max: 20, production: { cost: 3, time: 45, request_index: 0.5, request_index_history: [] }, space_required: 1, materialId: 'product' }),
  fakeProduct({ id: 'food_bread', name: 'Bread', slug: 'bread', category: 'food', talent_required: null, price_min: 1, price_max: 2 }),
];
const render = () => renderAdmin(<CatalogPage />, { seed: { products: existing }, path: '/admin/products' });

const line = (slug: string, name: string, prices = ['1', '2']) =>
  [slug, name, 'tools', 'product', 'Engineering', 'product', '', '', prices[0], prices[1], '1', '10', '0.5', '1', '0', 'true', ''].join(',');
const header = PRODUCT_FILE_COLUMNS.join(',');
const fileOf = (text: string, name: string) => new File([text], name, { type: name.endsWith('.json') ? 'application/json' : 'text/csv' });
const choose = (file: File) => fireEvent.change(screen.getByLabelText('File da importare (.csv o .json)'), { target: { files: [file] } });
const rowsOfDryRun = () => within(screen.getByRole('table', { name: 'Ogni riga del file: esito e motivi' })).getAllByRole('row').slice(1).map((r) => r.textContent);

// A failed write leaves its job in localStorage (the offer to resume it on the next visit): each test starts clean.
beforeEach(() => localStorage.clear());

describe('CatalogPage: import', () => {
  it('refuses a file that is neither CSV nor JSON, and a 50 MB file before reading it', async () => {
    await render();
    choose(fileOf('GIF89a', 'foto.png'));
    expect(await screen.findByText('Formato non riconosciuto: scegli un file .csv o .json')).toHaveAttribute('role', 'alert');
    const huge = fileOf('x', 'catalogo.csv');
    Object.defineProperty(huge, 'size', { value: 50 * 1024 * 1024 });
    const read = jest.spyOn(FileReader.prototype, 'readAsText');
    choose(huge);
    expect(await screen.findByText('Il file è troppo grande (50 MB): il limite è 10 MB')).toBeInTheDocument();
    expect(read).not.toHaveBeenCalled();
  });

  it('refuses a file with a wrong column, naming the line', async () => {
    await render();
    choose(fileOf(`${header},colore\n${line('a', 'Alpha')},rosso\n`, 'catalogo.csv'));
    expect(await screen.findByText('Riga 1: Colonna sconosciuta: "colore"')).toBeInTheDocument();
  });

  it('dry run row by row with line numbers and the spec messages; apply fails halfway and Riprendi creates each product once', async () => {
    const { user, gateway } = await render();
    const news = Array.from({ length: 120 }, (_, i) => line(`tool-${i}`, `Tool ${i}`));
    const text = [
      header,
      line('solar-panel', 'Solar Panel', ['10', '25']), // update: the maximum price
      line('tool-0', 'Tool zero'), // the same slug again at line 5 (the first row wins)
      line('bad', 'Bad', ['-3', '2']),
      ...news,
    ].join('\n');
    choose(fileOf(text, 'catalogo.csv'));
    expect(await screen.findByRole('heading', { name: 'Prova: 120 da creare, 1 da aggiornare, 0 invariati, 2 rifiutati.' })).toBeInTheDocument();
    const dry = rowsOfDryRun();
    expect(dry[0]).toBe('2solar-panelDa aggiornare—');
    expect(dry[1]).toBe('3tool-0Da creare—');
    expect(dry[2]).toBe('4—RifiutatoPrezzo minimo deve essere maggiore o uguale a 0');
    expect(dry[3]).toBe('5—RifiutatoLo slug "tool-0" è già alla riga 3 del file');
    expect(gateway.data.audit).toHaveLength(0);

    gateway.data.bulkFailAfterChunks = 1; // the network fails after the first commit of 100
    await user.click(screen.getByRole('button', { name: applyLabel(121) }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: applyLabel(121) }));
    expect(await screen.findByText(/^Scrittura interrotta dopo 100 di 121 prodotti/)).toBeInTheDocument();
    expect(gateway.data.audit).toHaveLength(100);
    await user.click(screen.getByRole('button', { name: 'Riprendi' }));
    expect(await screen.findByText('Modifica completata: 21 prodotti aggiornati, 100 già aggiornati in precedenza.')).toBeInTheDocument();
    expect(gateway.data.audit).toHaveLength(121);
    expect(new Set(gateway.data.audit.map((e) => e.productId)).size).toBe(121);
    expect(gateway.data.audit.filter((e) => e.action === 'create')).toHaveLength(120);
    expect(gateway.data.products.find((p) => p.slug === 'solar-panel')?.price_max).toBe(25);
    expect(gateway.data.products.find((p) => p.slug === 'tool-0')?.name).toBe('Tool zero');
  });

  it('exports the list in the import format, and importing that file changes nothing', async () => {
    const { user } = await render();
    let blob: Blob | undefined;
    const createObjectURL = jest.fn((b: Blob) => {
      blob = b;
      return 'blob:export';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await waitFor(() => expect(screen.getByText('2 prodotti corrispondono')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Esporta JSON' }));
    expect(await screen.findByText('2 prodotti esportati in prodotti.json.')).toBeInTheDocument();
    expect(click).toHaveBeenCalled();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob!);
    });
    expect(text).toBe(exportProductFile([existing[1], existing[0]].map(({ id: _id, ...fields }) => JSON.parse(JSON.stringify(fields))), 'json'));
    choose(fileOf(text, 'prodotti.json'));
    expect(await screen.findByRole('heading', { name: 'Prova: 0 da creare, 0 da aggiornare, 2 invariati, 0 rifiutati.' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Applica/ })).not.toBeInTheDocument();
  });
});
