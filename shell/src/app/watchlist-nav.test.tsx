// App layer: the header (layout feature) with the signed-in guard (auth feature), composed as the app routes do.
import { Route } from 'react-router-dom';
import { act, screen, within } from '@testing-library/react';
import { adaSeed, ADA, currentLocation, renderShell } from '../testing/render-shell';
import { SignedInGuard } from '../features/auth/components/SignedInGuard';
import { Layout } from '../features/layout/components/Layout';
import { alertBadgeLabel } from '../features/layout/components/WatchlistNav';

const routes = (
  <Route element={<Layout />}>
    <Route index element={<h1>Home page</h1>} />
    <Route path="login" element={<h1>Login page</h1>} />
    <Route path="watchlist" element={<SignedInGuard><h1>Watchlist page</h1></SignedInGuard>} />
  </Route>
);
const nav = () => within(screen.getByRole('navigation', { name: 'Main' }));

describe('watchlist in the header', () => {
  it('guests see no Watchlist link; /watchlist sends them to login with a returnUrl', async () => {
    await renderShell(routes, { seed: adaSeed(), route: '/watchlist' });
    expect(currentLocation()).toBe('/login?returnUrl=%2Fwatchlist');
    expect(nav().queryByRole('link', { name: 'Watchlist' })).not.toBeInTheDocument();
  });

  it('signed-in players have the Watchlist link and reach the page', async () => {
    const { user } = await renderShell(routes, { seed: adaSeed({ signedIn: true }) });
    await user.click(nav().getByRole('link', { name: 'Watchlist' }));
    expect(screen.getByRole('heading', { name: 'Watchlist page' })).toBeInTheDocument();
  });

  it('shows a badge with the number of fired alerts, linking to the watchlist', async () => {
    const seed = adaSeed({ signedIn: true });
    const { gateway, user, store } = await renderShell(routes, { seed });
    expect(screen.queryByRole('link', { name: /watchlist alert/ })).not.toBeInTheDocument();
    gateway.watchlist.put(ADA.uid, {
      id: 'material_Copper', kind: 'material', ref: 'Copper', slug: 'Copper', name: 'Copper', seen: null,
      alert: { metric: 'price', direction: 'above', threshold: 1, fired: true },
    });
    // A new sign-in reads the list again (as opening the site does).
    await act(async () => {
      gateway.emitAuthState(null);
      gateway.emitAuthState(ADA);
    });
    const badge = await screen.findByRole('link', { name: '1 watchlist alert' });
    expect(store.watchlist.firedAlerts).toHaveLength(1);
    await user.click(badge);
    expect(screen.getByRole('heading', { name: 'Watchlist page' })).toBeInTheDocument();
  });

  it.each([
    [1, '1 watchlist alert'],
    [2, '2 watchlist alerts'],
  ])('badge label for %i', (count, label) => {
    expect(alertBadgeLabel(count)).toBe(label);
  });
});
