// First: jsdom lacks globals that react-router and firebase/auth touch at import time.
import { screen } from '@testing-library/react';
import { roleMessages } from '@sbc/domain';
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
      hold: ['users.get'],
    });
    expect(screen.queryByRole('heading', { name: 'Admin dashboard' })).not.toBeInTheDocument();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await release('users.get');
    expect(screen.getByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
  });

  // Issue 38, by role: what each may open of the console (the route manifest's 'catalogue' and 'admin' pages).
  it.each<[string, { admin?: boolean; role?: 'editor' | 'player' }, string, 'page' | 'home' | 'refused']>([
    ['an admin', { admin: true }, '/admin', 'page'],
    ['an admin', { admin: true }, '/admin/json-editor', 'page'],
    ['an admin', { admin: true }, '/admin/users', 'page'],
    ['an admin who is also marked editor', { admin: true, role: 'editor' }, '/admin/users', 'page'],
    ['an editor', { role: 'editor' }, '/admin', 'page'],
    ['an editor', { role: 'editor' }, '/admin/json-editor', 'page'],
    ['an editor', { role: 'editor' }, '/admin/users', 'refused'],
    ['a revoked editor', { role: 'player' }, '/admin/json-editor', 'home'],
    ['a revoked editor', { role: 'player' }, '/admin/users', 'home'],
    ['a player', {}, '/admin/json-editor', 'home'],
    ['a player', {}, '/admin/users', 'home'],
  ])('%s opening %s: %s', async (_, who, route, outcome) => {
    await renderShell(authRoutes, { route, seed: adaSeed({ ...who, signedIn: true }) });
    const pages = ['Admin dashboard', 'JSON editor', 'Manage users'];
    const shown = pages.filter((name) => screen.queryByRole('heading', { name }) !== null);
    if (outcome === 'page') {
      expect(currentLocation()).toBe(route);
      expect(shown).toHaveLength(1);
      expect(screen.queryByText(roleMessages.adminOnly)).not.toBeInTheDocument();
    } else if (outcome === 'home') {
      expect(currentLocation()).toBe('/');
      expect(shown).toEqual([]);
    } else {
      // Refused in place, with the console's message and the way back to what an editor may do.
      expect(currentLocation()).toBe(route);
      expect(shown).toEqual([]);
      expect(screen.getByRole('heading', { name: roleMessages.adminOnlyTitle })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(roleMessages.adminOnly);
      expect(screen.getByRole('link', { name: 'Torna al Dashboard' })).toHaveAttribute('href', '/admin');
    }
  });
});
