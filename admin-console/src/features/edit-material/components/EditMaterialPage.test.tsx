import { screen, waitFor, within } from '@testing-library/react';
import { editMaterialMessages, type Material } from '@sbc/domain';
import { EditMaterialPage, RESTORE_MATERIAL_QUESTION } from './EditMaterialPage';
import { INVALID_MATERIAL_JSON, RESTORE_MATERIAL_SUCCESS } from '../stores/edit-material-store';
import { EDITOR, renderAdmin } from '../../../test/render-admin';

const iron: Material = { name: 'Iron', id: 1, unit: 'kg', spaceRequired: 0.5, value: 3.5, amount: 100, lastqty: 90, lastvalue: 3, startqty: 50, startvalue: 2, cyclecount: 4 };
const tin: Material = { ...iron, name: 'Tin', id: 2 };

async function openIron(as: 'admin' | 'editor' = 'editor') {
  const view = await renderAdmin(<EditMaterialPage />, { seed: { materials: [iron, tin] }, path: '/admin/materials', as });
  await screen.findByRole('option', { name: 'Iron' });
  await view.user.selectOptions(screen.getByLabelText('Materiale'), 'Iron');
  await screen.findByRole('form', { name: 'Campi del materiale' });
  return view;
}

describe('EditMaterialPage (issue 38)', () => {
  it.each<['admin' | 'editor']>([['editor'], ['admin']])('as %s: the form saves a new price, audited, and the history shows before and after', async (as) => {
    const { user, gateway } = await openIron(as);
    expect(screen.getByLabelText('Unità')).toHaveValue('kg');
    await user.clear(screen.getByLabelText('Prezzo unitario'));
    await user.type(screen.getByLabelText('Prezzo unitario'), '4.25');
    await user.click(screen.getByRole('button', { name: 'Salva Materiale' }));
    expect(await screen.findByText(editMaterialMessages.success('Iron'))).toHaveAttribute('role', 'status');
    expect(gateway.data.materials.find((m) => m.name === 'Iron')).toMatchObject({ value: 4.25, cyclecount: 4, lastqty: 90 });
    const history = screen.getByRole('heading', { name: 'Cronologia modifiche' }).closest('section')!;
    await waitFor(() => expect(history).toHaveTextContent('Campi modificati: value'));
    if (as === 'editor') expect(history).toHaveTextContent(EDITOR.email);
    await user.click(within(history).getByRole('button', { name: 'Confronta' }));
    const diff = within(history).getByRole('table', { name: 'Prima e dopo' });
    expect(within(diff).getByRole('row', { name: 'value 3.5 4.25' })).toBeInTheDocument();
  });

  it("refuses the form's bad values with Add Material's messages, before sending", async () => {
    const { user, gateway } = await openIron();
    await user.clear(screen.getByLabelText('Unità'));
    expect(screen.getByText(editMaterialMessages.required('Unità'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salva Materiale' })).toBeDisabled();
    expect(gateway.callCount('materials.update')).toBe(0);
  });

  it("saves the JSON; invalid JSON and a change to the game's fields are refused with their messages", async () => {
    const { user, gateway } = await openIron();
    const json = screen.getByRole('textbox', { name: 'JSON del materiale' });
    await user.clear(json);
    await user.type(json, 'nope');
    await user.click(screen.getByRole('button', { name: 'Salva JSON' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_MATERIAL_JSON);
    await user.clear(json);
    await user.paste(JSON.stringify({ ...iron, name: undefined, cyclecount: 0 }));
    await user.click(screen.getByRole('button', { name: 'Salva JSON' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(editMaterialMessages.notEditable('cyclecount'));
    await user.clear(json);
    await user.paste(JSON.stringify({ ...iron, name: undefined, amount: 7 }));
    await user.click(screen.getByRole('button', { name: 'Salva JSON' }));
    expect(await screen.findByText(editMaterialMessages.success('Iron'))).toHaveAttribute('role', 'status');
    expect(gateway.data.materials.find((m) => m.name === 'Iron')!.amount).toBe(7);
  });

  it('Ripristina asks first, then saves that version as a restore', async () => {
    const { user, gateway } = await openIron();
    for (const price of ['5', '6']) {
      await user.clear(screen.getByLabelText('Prezzo unitario'));
      await user.type(screen.getByLabelText('Prezzo unitario'), price);
      await user.click(screen.getByRole('button', { name: 'Salva Materiale' }));
      await waitFor(() => expect(gateway.data.materials.find((m) => m.name === 'Iron')!.value).toBe(Number(price)));
    }
    const history = screen.getByRole('heading', { name: 'Cronologia modifiche' }).closest('section')!;
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(2));
    await user.click(within(within(history).getAllByRole('listitem')[1]!).getByRole('button', { name: 'Ripristina' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(RESTORE_MATERIAL_QUESTION);
    await user.click(within(dialog).getByRole('button', { name: 'Ripristina' }));
    expect(await screen.findByText(RESTORE_MATERIAL_SUCCESS)).toBeInTheDocument();
    expect(gateway.data.materials.find((m) => m.name === 'Iron')!.value).toBe(5);
    expect(gateway.data.materialAudit[0]).toMatchObject({ action: 'restore', changedFields: ['value'] });
    await waitFor(() => expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent('Ripristino'));
  });
});
