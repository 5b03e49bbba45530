import { act, screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { adaSeed, renderShell } from '../../../testing/render-shell';
import { Layout } from './Layout';
import { applyCanaryPins, CANARY_STORAGE_KEY } from '../../../releases/canary';
import { noteRelease } from '../../../releases/page-releases';

const CONFIG = {
  remotes: { publicSite: 'https://ps.example/mf-manifest.json', adminConsole: 'https://ac.example/mf-manifest.json' },
  firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p', appId: 'a' },
  registerUrl: 'https://fn.example/registerUser',
};

// jsdom does not navigate: a reload is a "not implemented" error on its virtual console, which is expected here.
beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  sessionStorage.clear();
  act(() => void applyCanaryPins(CONFIG, {}));
});

const page = () => (
  <Route element={<Layout />}>
    <Route index element={<h1>Home</h1>} />
  </Route>
);

test('an admin who pinned a release sees it in the header and can stop trying it', async () => {
  sessionStorage.setItem(CANARY_STORAGE_KEY, JSON.stringify({ publicSite: 'r2-canary' }));
  act(() => void applyCanaryPins(CONFIG, { publicSite: 'r2-canary' }));
  const { user } = await renderShell(page(), { seed: adaSeed({ admin: true, signedIn: true }) });
  const banner = (await screen.findByText(/Trying release/)).closest<HTMLElement>('[role="status"]')!;
  expect(within(banner).getByText(/Trying release/)).toHaveTextContent('Trying release r2-canary of the market pages in this session only.');
  await user.click(within(banner).getByRole('button', { name: 'Stop trying it' }));
  expect(sessionStorage.getItem(CANARY_STORAGE_KEY)).toBeNull();
});

test('a player with a pin (written by hand) does not keep it: the pin is removed and the page reloads', async () => {
  sessionStorage.setItem(CANARY_STORAGE_KEY, JSON.stringify({ publicSite: 'r2-canary' }));
  act(() => void applyCanaryPins(CONFIG, { publicSite: 'r2-canary' }));
  await renderShell(page(), { seed: adaSeed({ admin: false, signedIn: true }) });
  expect(screen.queryByText(/Trying release/)).not.toBeInTheDocument();
  expect(sessionStorage.getItem(CANARY_STORAGE_KEY)).toBeNull();
});

afterEach(() => jest.restoreAllMocks());

test('"About this version" lists the releases this page runs; a visitor is not offered a release to try', async () => {
  act(() => {
    noteRelease('shell', '20261127-080000-aaaaaaa');
    noteRelease('publicSite', '20261127-080100-bbbbbbb');
  });
  const { user } = await renderShell(page());
  await user.click(screen.getByText('About this version'));
  const about = screen.getByText('About this version').closest('details')!;
  expect(within(about).getByText('Site shell').nextSibling).toHaveTextContent('20261127-080000-aaaaaaa');
  expect(within(about).getByText('Market pages').nextSibling).toHaveTextContent('20261127-080100-bbbbbbb');
  expect(within(about).getByText('Admin console').nextSibling).toHaveTextContent('not loaded');
  expect(within(about).queryByRole('button', { name: 'Try it' })).not.toBeInTheDocument();
});
