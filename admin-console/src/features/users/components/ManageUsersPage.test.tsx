import { screen, waitFor, within } from '@testing-library/react';
import type { UserDocument } from '@sbc/domain';
import { ManageUsersPage } from './ManageUsersPage';
import { roleMessages } from '@sbc/domain';
import { GatewayError } from '@sbc/shared';
import { ADMIN, EDITOR, renderAdmin } from '../../../test/render-admin';

const pad = (i: number) => String(i).padStart(2, '0');
const players: UserDocument[] = Array.from({ length: 60 }, (_, i) => ({
  uid: `p${pad(i)}`,
  email: `player${pad(i)}@example.com`,
  displayName: i === 7 ? 'Zoe Trader' : `Player ${pad(i)}`,
  isAdmin: false,
  createdAt: new Date('2026-03-04T10:20:00Z'),
  lastLoginAt: new Date('2026-11-20T08:05:00Z'),
}));
const seed = { users: [{ uid: ADMIN.uid, email: ADMIN.email, displayName: ADMIN.displayName, isAdmin: true }, ...players] };

const rows = () => within(screen.getByRole('table', { name: 'Utenti registrati' })).getAllByRole('row').slice(1);

describe('ManageUsersPage', () => {
  it('shows the first 50 users by e-mail with name, e-mail, dates and role, and how admin status is granted', async () => {
    await renderAdmin(<ManageUsersPage />, { seed, path: '/admin/users' });
    expect(screen.getByRole('heading', { level: 1, name: 'Gestione utenti' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(rows()[0]).toHaveTextContent('Boss');
    expect(within(rows()[0]).getByText('Admin')).toBeInTheDocument();
    expect(rows()[1]).toHaveTextContent('Player 00player00@example.com');
    expect(rows()[1]).toHaveTextContent('Giocatore');
    expect(rows()[1]).toHaveTextContent('4 mar 2026');
    expect(screen.getByText(/si concede solo modificando a mano il campo/)).toHaveTextContent('isAdmin');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('pages forward and back with a cursor; the ends are disabled', async () => {
    const { user, gateway } = await renderAdmin(<ManageUsersPage />, { seed, path: '/admin/users' });
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(screen.getByRole('button', { name: 'Pagina precedente' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Pagina successiva' }));
    await waitFor(() => expect(rows()).toHaveLength(11));
    expect(rows()[0]).toHaveTextContent('player49@example.com');
    expect(screen.getByRole('heading', { name: 'Utenti · pagina 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pagina successiva' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Pagina precedente' }));
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(rows()[0]).toHaveTextContent('Boss');
    expect(gateway.callCount('users.list')).toBe(3);
  });

  it('searches by display-name prefix, says when nothing matches, and Mostra tutti goes back to the list', async () => {
    const { user } = await renderAdmin(<ManageUsersPage />, { seed, path: '/admin/users' });
    await waitFor(() => expect(rows()).toHaveLength(50));
    await user.type(screen.getByRole('searchbox', { name: 'Cerca utenti' }), 'zoe{Enter}');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Zoe Trader');
    expect(screen.queryByRole('navigation', { name: 'Pagine utenti' })).not.toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Cerca utenti' }));
    await user.type(screen.getByRole('searchbox', { name: 'Cerca utenti' }), 'nobody{Enter}');
    expect(await screen.findByText('Nessun utente trovato.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mostra tutti' }));
    await waitFor(() => expect(rows()).toHaveLength(50));
  });

  it('a failed load says so and Riprova loads again', async () => {
    const { user, gateway } = await renderAdmin(<ManageUsersPage />, { seed, path: '/admin/users' });
    await waitFor(() => expect(rows()).toHaveLength(50));
    gateway.fail('users.list', new Error('offline'));
    await user.click(screen.getByRole('button', { name: 'Pagina successiva' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossibile caricare gli utenti. Riprova.');
    gateway.fail('users.list', undefined);
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});

// Issue 38: the editor role, granted and revoked by an admin, audited; refused to anyone else.
describe('ManageUsersPage: roles', () => {
  const editorDoc = { uid: EDITOR.uid, email: EDITOR.email, displayName: EDITOR.displayName, isAdmin: false, role: 'editor' as const };
  const adminDoc = { uid: ADMIN.uid, email: ADMIN.email, displayName: ADMIN.displayName, isAdmin: true };
  const otherAdmin = { uid: 'u-admin2', email: 'aa-other-admin@example.com', displayName: 'Other', isAdmin: true };
  const roleSeed = { users: [adminDoc, otherAdmin, editorDoc, ...players.slice(0, 3)] };
  const row = (email: string) => rows().find((r) => r.textContent?.includes(email))!;

  it('an admin grants the editor role to a player after confirming: the row, the status and the history say so', async () => {
    const { user, gateway } = await renderAdmin(<ManageUsersPage />, { seed: roleSeed, path: '/admin/users' });
    await waitFor(() => expect(rows()).toHaveLength(6));
    expect(await screen.findByText('Nessuna modifica dei ruoli.')).toBeInTheDocument();
    await user.click(within(row('player00@example.com')).getByRole('button', { name: 'Rendi editor: player00@example.com' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(roleMessages.confirmGrant('player00@example.com'));
    await user.click(within(dialog).getByRole('button', { name: 'Rendi editor' }));
    expect(await screen.findByText(roleMessages.granted('player00@example.com'))).toHaveAttribute('role', 'status');
    expect(within(row('player00@example.com')).getByText('Editor')).toBeInTheDocument();
    expect(within(row('player00@example.com')).getByRole('button', { name: 'Revoca editor: player00@example.com' })).toBeInTheDocument();
    expect(gateway.data.users.get('p00')?.role).toBe('editor');
    expect(gateway.data.roleAudit).toEqual([expect.objectContaining({ userId: 'p00', role: 'editor', previousRole: 'player', uid: ADMIN.uid, email: ADMIN.email })]);
    const history = screen.getByRole('heading', { name: 'Cronologia dei ruoli' }).closest('section')!;
    await waitFor(() => expect(history).toHaveTextContent(`${ADMIN.email} ha concesso il ruolo di editor a player00@example.com`));
  });

  it('an admin revokes the role of an editor; Annulla changes nothing', async () => {
    const { user, gateway } = await renderAdmin(<ManageUsersPage />, { seed: roleSeed, path: '/admin/users' });
    await waitFor(() => expect(rows()).toHaveLength(6));
    const revoke = () => within(row(EDITOR.email)).getByRole('button', { name: `Revoca editor: ${EDITOR.email}` });
    await user.click(revoke());
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Annulla' }));
    expect(gateway.callCount('users.setRole')).toBe(0);
    await user.click(revoke());
    expect(screen.getByRole('alertdialog')).toHaveTextContent(roleMessages.confirmRevoke(EDITOR.email));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoca editor' }));
    expect(await screen.findByText(roleMessages.revoked(EDITOR.email))).toBeInTheDocument();
    expect(within(row(EDITOR.email)).getByText('Giocatore')).toBeInTheDocument();
    expect(gateway.data.users.get(EDITOR.uid)?.role).toBe('player');
    expect(gateway.data.roleAudit[0]).toMatchObject({ userId: EDITOR.uid, role: 'player', previousRole: 'editor' });
  });

  it('offers no role change for admins, the signed-in admin included', async () => {
    await renderAdmin(<ManageUsersPage />, { seed: roleSeed, path: '/admin/users' });
    await waitFor(() => expect(rows()).toHaveLength(6));
    expect(within(row(ADMIN.email)).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row(otherAdmin.email)).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row(otherAdmin.email)).getByText('Admin')).toBeInTheDocument();
  });

  it('says so when the change is refused, and the row keeps its role', async () => {
    const { user, gateway } = await renderAdmin(<ManageUsersPage />, { seed: roleSeed, path: '/admin/users' });
    await waitFor(() => expect(rows()).toHaveLength(6));
    gateway.fail('users.setRole', new GatewayError('permission-denied', 'Missing or insufficient permissions.'));
    await user.click(within(row('player01@example.com')).getByRole('button', { name: 'Rendi editor: player01@example.com' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Rendi editor' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(roleMessages.failed);
    expect(within(row('player01@example.com')).getByText('Giocatore')).toBeInTheDocument();
  });

  it("an editor is refused with the console's message and reads no users", async () => {
    const { gateway } = await renderAdmin(<ManageUsersPage />, { seed: roleSeed, path: '/admin/users', as: 'editor' });
    expect(screen.getByRole('heading', { level: 1, name: roleMessages.adminOnlyTitle })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(roleMessages.adminOnly);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(gateway.callCount('users.list')).toBe(0);
    expect(gateway.callCount('audit.roleHistory')).toBe(0);
  });
});
