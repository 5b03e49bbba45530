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

  it('links Add Product, Add Material and JSON Editor; Manage Users is visibly unavailable', async () => {
    const { user } = await renderAdmin(<AdminDashboardPage />);
    expect(screen.getByRole('link', { name: 'Add Product' })).toHaveAttribute('href', '/admin/add-product');
    expect(screen.getByRole('link', { name: 'Add Material' })).toHaveAttribute('href', '/admin/add-material');
    expect(screen.getByRole('link', { name: 'JSON Editor' })).toHaveAttribute('href', '/admin/json-editor');
    for (const name of ['Manage Users']) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      await user.click(button);
    }
    expect(screen.getByLabelText('Current location')).toHaveTextContent('/admin');
  });
});
