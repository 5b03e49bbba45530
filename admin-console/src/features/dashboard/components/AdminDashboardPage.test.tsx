import { screen } from '@testing-library/react';
import { AdminDashboardPage } from './AdminDashboardPage';
import { ADMIN, renderAdmin } from '../../../test/render-admin';

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
});
