import { WATCHLIST_SAVE_FAILED } from '@sbc/shared';
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

  describe('a write that fails (offline, refused) is said beside the star, which shows what is stored', () => {
    const seed = { signedInUser: PLAYER, users: [{ uid: 'p1', email: 'p@example.com', displayName: 'P', isAdmin: false }] };
    afterEach(() => jest.restoreAllMocks());

    it('watching: the star stays unpressed and an alert says the watchlist was not saved; a new try that works clears it', async () => {
      const { user, gateway } = renderPage(<StarToggle target={materialTarget(copper)} size="large" />, { url: '/materials/Copper', seed });
      const star = await screen.findByRole('button', { name: 'Watch Copper', pressed: false });
      gateway.watchlist.fail('addWatchItem', new Error('Failed to fetch'));
      jest.spyOn(console, 'error').mockImplementation(() => {});
      await user.click(star);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(WATCHLIST_SAVE_FAILED);
      expect(star).toHaveAttribute('aria-pressed', 'false');
      expect(star).toHaveAccessibleDescription(WATCHLIST_SAVE_FAILED);
      expect(gateway.watchlist.entries('p1')).toEqual([]);

      gateway.watchlist.fail('addWatchItem', undefined);
      await user.click(star);
      await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
      expect(screen.queryByRole('alert')).toBeNull();
      expect(star).not.toHaveAccessibleDescription();
    });

    it('unwatching: the star stays pressed, the item stays watched, and the alert says so', async () => {
      const { user, gateway } = renderPage(<StarToggle target={materialTarget(copper)} />, { url: '/materials', seed });
      const star = await screen.findByRole('button', { name: 'Watch Copper', pressed: false });
      await user.click(star);
      await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
      gateway.watchlist.fail('removeWatchItem', new Error('Failed to fetch'));
      jest.spyOn(console, 'error').mockImplementation(() => {});
      await user.click(star);
      expect(await screen.findByRole('alert')).toHaveTextContent(WATCHLIST_SAVE_FAILED);
      expect(star).toHaveAttribute('aria-pressed', 'true');
      expect(gateway.watchlist.entries('p1')).toHaveLength(1);
    });

    it('only the star whose write failed says it', async () => {
      const iron = fakeMaterial({ name: 'Iron', value: 2, amount: 50 });
      const { user, gateway } = renderPage(
        <>
          <StarToggle target={materialTarget(copper)} />
          <StarToggle target={materialTarget(iron)} />
        </>,
        { url: '/materials', seed },
      );
      const copperStar = await screen.findByRole('button', { name: 'Watch Copper', pressed: false });
      gateway.watchlist.fail('addWatchItem', new Error('Failed to fetch'));
      jest.spyOn(console, 'error').mockImplementation(() => {});
      await user.click(copperStar);
      await screen.findByRole('alert');
      expect(screen.getAllByRole('alert')).toHaveLength(1);
      expect(copperStar).toHaveAccessibleDescription(WATCHLIST_SAVE_FAILED);
      expect(screen.getByRole('button', { name: 'Watch Iron' })).not.toHaveAccessibleDescription();
    });
  });
});
