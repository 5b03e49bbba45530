import { screen, waitFor, within } from '@testing-library/react';
import type { UserDocument } from '@sbc/domain';
import { ManageUsersPage } from './ManageUsersPage';
import { ADMIN, renderAdmin } from '../../../test/render-admin';

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
    expect(gateway.callCount('listUsers')).toBe(3);
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
    gateway.fail('listUsers', new Error('offline'));
    await user.click(screen.getByRole('button', { name: 'Pagina successiva' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossibile caricare gli utenti. Riprova.');
    gateway.fail('listUsers', undefined);
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
