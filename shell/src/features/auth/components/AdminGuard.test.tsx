// First: jsdom lacks globals that react-router and firebase/auth touch at import time.
import { screen } from '@testing-library/react';
import { adaSeed, currentLocation, renderShell } from '../../../testing/render-shell';
import { authRoutes } from '../testing/test-routes';

describe('admin route guard', () => {
  it('sends a guest to /login with the requested URL as returnUrl', async () => {
    await renderShell(authRoutes, { route: '/admin/json-editor?slug=steel#top' });
    expect(currentLocation()).toBe(`/login?returnUrl=${encodeURIComponent('/admin/json-editor?slug=steel#top')}`);
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends a signed-in non-admin home', async () => {
    await renderShell(authRoutes, { route: '/admin', seed: adaSeed({ signedIn: true }) });
    expect(currentLocation()).toBe('/');
    expect(screen.queryByRole('heading', { name: 'Admin dashboard' })).not.toBeInTheDocument();
  });

  it('lets an admin in', async () => {
    await renderShell(authRoutes, { route: '/admin', seed: adaSeed({ admin: true, signedIn: true }) });
    expect(screen.getByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
  });

  it('renders nothing of the admin page until the admin flag is known', async () => {
    const { release } = await renderShell(authRoutes, {
      route: '/admin',
      seed: adaSeed({ admin: true, signedIn: true }),
      hold: ['getUserDocument'],
    });
    expect(screen.queryByRole('heading', { name: 'Admin dashboard' })).not.toBeInTheDocument();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await release('getUserDocument');
    expect(screen.getByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
  });
});
