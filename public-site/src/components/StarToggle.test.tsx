import { fakeMaterial } from '@sbc/shared/src/testing/fakes';
import { screen, waitFor } from '@testing-library/react';
import { renderPage } from '../test/render-page';
import { GUEST_STAR_TEXT, materialTarget, StarToggle } from './StarToggle';

const copper = fakeMaterial({ name: 'Copper', value: 3.5, amount: 200 });
const PLAYER = { uid: 'p1', email: 'p@example.com', displayName: 'P' };

describe('StarToggle', () => {
  it('a guest is offered sign-in and registration, both returning to this page', async () => {
    const { user } = renderPage(<StarToggle target={materialTarget(copper)} />, { url: '/materials/Copper?tab=1' });
    const star = await screen.findByRole('button', { name: 'Watch Copper' });
    expect(star).not.toHaveAttribute('aria-pressed');
    await user.click(star);
    expect(star).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(GUEST_STAR_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?returnUrl=%2Fmaterials%2FCopper%3Ftab%3D1');
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/register?returnUrl=%2Fmaterials%2FCopper%3Ftab%3D1');
    await user.keyboard('{Escape}');
    expect(screen.queryByText(GUEST_STAR_TEXT)).not.toBeInTheDocument();
    expect(star).toHaveFocus();
  });

  it('a signed-in player toggles it; the item is stored with the figures on screen as its first baseline', async () => {
    const { user, gateway } = renderPage(<StarToggle target={materialTarget(copper)} size="large" />, {
      url: '/materials/Copper',
      seed: { signedInUser: PLAYER, users: [{ uid: 'p1', email: 'p@example.com', displayName: 'P', isAdmin: false }] },
    });
    const star = await screen.findByRole('button', { name: 'Watch Copper', pressed: false });
    await user.click(star);
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
    expect(gateway.watchlist.entries('p1')).toEqual([
      expect.objectContaining({ id: 'material_Copper', seen: { price: 3.5, requestIndex: null, inventory: 200 } }),
    ]);
    await user.click(star);
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'false'));
    expect(gateway.watchlist.entries('p1')).toEqual([]);
  });
});
