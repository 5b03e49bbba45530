// First: jsdom lacks globals that react-router and firebase/auth touch at import time.
import { screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { PageModule, RemoteModuleId } from '@sbc/shared';
import { renderShell } from '../testing/render-shell';
import { Layout } from '../features/layout/components/Layout';
import { RemotePage } from './RemotePage';

// The MF runtime is the network boundary: each test says what `loadRemote` answers, attempt by attempt.
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn() }));
const load = loadRemote as unknown as jest.Mock<Promise<PageModule | null>, [RemoteModuleId]>;

const page = (name: string): PageModule => ({ default: () => <h1>{name}</h1> });

/** The real layout around one remote page; RemotePage caches per id, so every test uses its own id. */
function renderRemote(id: RemoteModuleId) {
  return renderShell(
    <Route element={<Layout />}>
      <Route index element={<RemotePage id={id} />} />
      <Route path="faq" element={<h1>FAQ page</h1>} />
    </Route>,
  );
}

const fallbackInMain = () => within(screen.getByRole('main')).findByRole('alert');

beforeEach(() => {
  load.mockReset();
  // React and the boundary log the caught error; that log is expected here.
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('a remote page that cannot be loaded', () => {
  it('shows the fallback inside <main> with the header still there, and Retry loads it again', async () => {
    load.mockRejectedValueOnce(new Error('RUNTIME-003: failed to fetch the manifest')).mockResolvedValueOnce(page('Remote home'));
    const { user } = await renderRemote('publicSite/HomePage');

    const alert = await fallbackInMain();
    expect(within(alert).getByRole('heading', { name: 'This part of the site is unavailable' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('We could not load the market pages.');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('[shell] the market pages failed to load or render', expect.any(Error), expect.anything());

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(screen.getByRole('main')).findByRole('heading', { name: 'Remote home' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenLastCalledWith('publicSite/HomePage');
  });

  it('keeps showing the fallback while retries fail, and the rest of the site still works', async () => {
    load.mockRejectedValue(new Error('offline'));
    const { user } = await renderRemote('adminConsole/AdminDashboardPage');
    expect(await fallbackInMain()).toHaveTextContent('We could not load the admin console.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await fallbackInMain()).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'FAQ' }));
    expect(screen.getByRole('heading', { name: 'FAQ page' })).toBeInTheDocument();
  });

  it('treats a module without a default export as a failed load', async () => {
    load.mockResolvedValueOnce({} as PageModule);
    await renderRemote('publicSite/FaqPage');
    expect(await fallbackInMain()).toHaveTextContent('We could not load the market pages.');
  });
});

describe('a remote page that throws while rendering', () => {
  it('shows the same fallback inside the layout, and Retry renders a fresh copy', async () => {
    const Broken = () => {
      throw new Error('render failed');
    };
    load.mockResolvedValueOnce({ default: Broken }).mockResolvedValueOnce(page('Products, second try'));
    const { user } = await renderRemote('publicSite/ProductsPage');

    const alert = await fallbackInMain();
    expect(within(alert).getByRole('heading', { name: 'This part of the site is unavailable' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(screen.getByRole('main')).findByRole('heading', { name: 'Products, second try' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('the boundary says why (issue 35)', () => {
  const chunkGone = () => Object.assign(new Error('Loading chunk 797 failed.'), { name: 'ChunkLoadError' });

  it('offline: says so, and loads the page by itself when the connection is back', async () => {
    const onLine = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    load.mockRejectedValueOnce(chunkGone()).mockResolvedValueOnce(page('Back online'));
    await renderRemote('publicSite/MaterialsPage');
    const alert = await fallbackInMain();
    expect(within(alert).getByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('The market pages need a connection to load.');
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(await within(screen.getByRole('main')).findByRole('heading', { name: 'Back online' })).toBeInTheDocument();
  });
});
