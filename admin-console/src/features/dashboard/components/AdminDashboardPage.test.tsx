import { screen } from '@testing-library/react';
import { AdminDashboardPage } from './AdminDashboardPage';
import { ADMIN, EDITOR, renderAdmin } from '../../../test/render-admin';

describe('AdminDashboardPage', () => {
  it("shows the admin's e-mail, the badge and the notes", async () => {
    await renderAdmin(<AdminDashboardPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText(ADMIN.email)).toBeInTheDocument();
    expect(screen.getByText('Admin')).toBeInTheDocument();
    expect(screen.getByText(/isAdmin/).closest('li')).toHaveTextContent('modificando manualmente');
    expect(screen.getByText(/direttamente nel database/)).toBeInTheDocument();
  });

  it('links every action: Manage Users, Add Product, Add Material and JSON Editor', async () => {
    await renderAdmin(<AdminDashboardPage />);
    expect(screen.getByRole('link', { name: 'Manage Users' })).toHaveAttribute('href', '/admin/users');
    expect(screen.getByRole('link', { name: 'Add Product' })).toHaveAttribute('href', '/admin/add-product');
    expect(screen.getByRole('link', { name: 'Add Material' })).toHaveAttribute('href', '/admin/add-material');
    expect(screen.getByRole('link', { name: 'JSON Editor' })).toHaveAttribute('href', '/admin/json-editor');
    expect(screen.queryByText('Prossimamente')).not.toBeInTheDocument();
  });

  // Issue 38: an editor's console is the catalogue's; users and release health are the admins'.
  it.each<['admin' | 'editor', string, string[]]>([
    ['admin', 'Admin', ['Manage Users', 'Catalogo prodotti', 'Add Product', 'Add Material', 'JSON Editor', 'Modifica materiale', 'Salute delle release']],
    ['editor', 'Editor', ['Catalogo prodotti', 'Add Product', 'Add Material', 'JSON Editor', 'Modifica materiale']],
  ])('as %s: the %s badge and the actions %j', async (as, badge, actions) => {
    await renderAdmin(<AdminDashboardPage />, { as });
    expect(screen.getByText((as === 'editor' ? EDITOR : ADMIN).email)).toBeInTheDocument();
    expect(screen.getByText(badge, { selector: '.ac-badge' })).toBeInTheDocument();
    const section = screen.getByRole('heading', { name: 'Azioni rapide' }).closest('section')!;
    expect([...section.querySelectorAll('a')].map((a) => a.textContent)).toEqual(actions);
  });
});
