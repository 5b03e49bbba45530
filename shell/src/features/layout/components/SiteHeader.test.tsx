// First: jsdom lacks globals that react-router and firebase/auth touch at import time.
import { screen, within } from '@testing-library/react';
import { adaSeed, currentLocation, renderShell, settle, type RenderShellOptions } from '../../../testing/render-shell';
import { layoutRoutes } from '../testing/test-routes';

const renderLayout = (options?: RenderShellOptions) => renderShell(layoutRoutes, options);
const nav = () => within(screen.getByRole('navigation', { name: 'Main' }));

describe('site header: structure and navigation', () => {
  it('has a skip link to the main content and a logo link home', async () => {
    const { user } = await renderLayout({ route: '/faq' });
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    await user.click(screen.getByRole('link', { name: 'SBC Tycoon' }));
    expect(currentLocation()).toBe('/');
  });

  it.each([
    ['/', 'Home'],
    ['/products', 'Products'],
    ['/products/steel-beam', 'Products'],
    ['/materials', 'Materials'],
    ['/faq', 'FAQ'],
  ])('on %s only %s is highlighted (Home only on an exact match)', async (route, active) => {
    await renderLayout({ route });
    for (const label of ['Home', 'Products', 'Materials', 'FAQ']) {
      const link = nav().getByRole('link', { name: label });
      if (label === active) expect(link).toHaveAttribute('aria-current', 'page');
      else expect(link).not.toHaveAttribute('aria-current');
    }
  });

  it('opens the mobile menu with the toggle and closes it on navigation', async () => {
    const { user } = await renderLayout();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(nav().getByRole('link', { name: 'Materials' }));
    expect(screen.getByRole('heading', { name: 'Materials page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the mobile menu on Escape and gives focus back to the toggle', async () => {
    const { user } = await renderLayout();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.keyboard('{Escape}');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});

describe('site header: game date chip', () => {
  const chip = () => screen.getByRole('status', { name: 'Game date' });

  it("reads 'Loading…' until the date arrives, then the short date in a <time> element", async () => {
    const { gateway, release } = await renderLayout({ hold: ['game.getDate'] });
    expect(chip()).toHaveTextContent('Loading…');
    await release('game.getDate');
    expect(within(chip()).getByText('22 Nov 2025')).toHaveAttribute('datetime', '2025-11-22');
    expect(gateway.callCount('game.getDate')).toBe(1);
  });

  it("reads 'Unavailable' when the game date cannot be read", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    await renderLayout({ seed: { failing: { 'game.getDate': new Error('offline') } } });
    expect(within(chip()).getByText('Unavailable')).toBeInTheDocument();
    expect(within(chip()).queryByRole('time')).not.toBeInTheDocument();
    logged.mockRestore();
  });
});

describe('site header: refresh action', () => {
  it('is hidden on home', async () => {
    await renderLayout({ route: '/' });
    expect(screen.queryByRole('button', { name: /refresh/i })).not.toBeInTheDocument();
  });

  it('reloads materials and then the game date, shows a busy state and ignores clicks while running', async () => {
    const { user, gateway } = await renderLayout({ route: '/materials' });
    const release = gateway.hold('materials.getAll');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    const busy = screen.getByRole('button', { name: 'Refreshing…' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await user.click(busy);
    expect(gateway.callCount('materials.getAll')).toBe(1);
    release();
    await settle();
    expect(screen.getByRole('button', { name: 'Refresh' })).toHaveAttribute('aria-busy', 'false');
    expect(gateway.callCount('game.getDate')).toBe(2);
  });
});

describe('site header: guests and signed-in users', () => {
  it('offers Login and Sign Up to guests', async () => {
    await renderLayout();
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('button', { name: /account menu/i })).not.toBeInTheDocument();
  });

  it('shows a signed-in user an avatar with the initial, the name and e-mail, no admin entries', async () => {
    const { user } = await renderLayout({ seed: adaSeed({ signedIn: true }) });
    const avatar = await screen.findByRole('button', { name: /account menu for Ada Lovelace/ });
    expect(avatar).toHaveTextContent(/^A$/);
    expect(avatar).toHaveAttribute('aria-haspopup', 'menu');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    await user.click(avatar);
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.queryByText('Admin')).not.toBeInTheDocument();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Logout']);
  });

  it("falls back to 'User' when the account has no display name", async () => {
    const seed = adaSeed({ signedIn: true });
    seed.signedInUser = { uid: 'u-ada', email: 'ada@example.com', displayName: null };
    const { user } = await renderLayout({ seed });
    await user.click(await screen.findByRole('button', { name: /account menu for User/ }));
    expect(screen.getByText('User')).toBeInTheDocument();
  });

  it('shows admins the Admin badge and an Admin Dashboard entry that opens /admin', async () => {
    const { user } = await renderLayout({ seed: adaSeed({ admin: true, signedIn: true }) });
    const avatar = await screen.findByRole('button', { name: /account menu/ });
    await user.click(avatar);
    expect(await screen.findByText('Admin')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Admin Dashboard' }));
    expect(screen.getByRole('heading', { name: 'Admin page' })).toBeInTheDocument();
    expect(avatar).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('site header: what each role is offered (issue 38)', () => {
  it.each<[string, { admin?: boolean; role?: 'editor' | 'player' }, string | null]>([
    ['an admin', { admin: true }, 'Admin'],
    ['an editor', { role: 'editor' }, 'Editor'],
    ['a revoked editor', { role: 'player' }, null],
    ['a player', {}, null],
  ])('%s: badge %s, and the Admin Dashboard entry with it', async (_, who, badge) => {
    const { user } = await renderLayout({ seed: adaSeed({ ...who, signedIn: true }) });
    await user.click(await screen.findByRole('button', { name: /account menu/ }));
    const entries = screen.getAllByRole('menuitem').map((item) => item.textContent);
    if (badge === null) {
      expect(entries).toEqual(['Logout']);
      expect(screen.queryByText('Admin')).not.toBeInTheDocument();
      expect(screen.queryByText('Editor')).not.toBeInTheDocument();
    } else {
      expect(screen.getByText(badge)).toBeInTheDocument();
      expect(entries).toEqual(['Admin Dashboard', 'Logout']);
    }
  });
});

describe('site header: account dropdown', () => {
  async function signedIn() {
    const rendered = await renderLayout({ seed: adaSeed({ signedIn: true }), route: '/products' });
    const avatar = await screen.findByRole('button', { name: /account menu/ });
    return { ...rendered, avatar };
  }

  it('opens and closes by click', async () => {
    const { user, avatar } = await signedIn();
    await user.click(avatar);
    expect(avatar).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(avatar);
    expect(avatar).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on a click outside', async () => {
    const { user, avatar } = await signedIn();
    await user.click(avatar);
    await user.click(screen.getByRole('heading', { name: 'Products page' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the avatar button', async () => {
    const { user, avatar } = await signedIn();
    await user.click(avatar);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(avatar).toHaveFocus();
  });

  it('works from the keyboard: Enter opens with focus on the first entry, arrows move, Space reopens', async () => {
    const { user, avatar } = await signedIn();
    avatar.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await user.keyboard(' ');
    expect(avatar).toHaveAttribute('aria-expanded', 'true');
  });

  it('moves between entries with the arrow keys (admin)', async () => {
    const { user } = await renderLayout({ seed: adaSeed({ admin: true, signedIn: true }) });
    await user.click(await screen.findByRole('button', { name: /account menu/ }));
    await screen.findByRole('menuitem', { name: 'Admin Dashboard' });
    expect(screen.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
  });

  it('logs out, closes the dropdown and goes home', async () => {
    const { user, avatar, gateway } = await signedIn();
    await user.click(avatar);
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(gateway.callCount('auth.signOut')).toBe(1);
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('only logs a failed logout: the menu stays open, the page stays, and a retry then works', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user, avatar, gateway } = await signedIn();
    gateway.fail('auth.signOut', new Error('network down'));
    await user.click(avatar);
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await settle();
    expect(error).toHaveBeenCalledWith('Logout failed', expect.any(Error));
    expect(avatar).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/products');
    expect(screen.getByRole('heading', { name: 'Products page' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();

    gateway.fail('auth.signOut', undefined);
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    error.mockRestore();
  });
});
