import { act, screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { renderShell } from '../../../testing/render-shell';
import { noteFiguresShown, offerUpdate } from '../offline-state';
import { NEEDS_CONNECTION_TEXT } from '../sw-policy';
import { formatFiguresTime } from '../offline-text';
import { NeedsConnection } from './NeedsConnection';
import { OfflineBanner } from './OfflineBanner';
import { UpdatePrompt } from './UpdatePrompt';

/** Goes offline or online as the browser says it (navigator.onLine and its event). */
function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}
afterEach(() => {
  setOnline(true);
  act(() => offerUpdate(null));
});

describe('the offline banner', () => {
  it('is an empty polite region online, and says when the figures were read once offline', async () => {
    const readAt = Date.now() - 5 * 60_000;
    noteFiguresShown(readAt);
    const view = await renderShell(<Route path="*" element={<OfflineBanner />} />);
    const region = screen.getByRole('status', { name: 'Connection' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    setOnline(false);
    expect(region).toHaveTextContent(`Offline — figures from ${formatFiguresTime(readAt)}`);
    // Back online: the banner goes and the market clock looks for newer figures at once.
    const check = jest.spyOn(view.store.marketClock, 'checkNow');
    setOnline(true);
    expect(region).toBeEmptyDOMElement();
    expect(check).toHaveBeenCalledTimes(1);
  });
});

describe('the update prompt', () => {
  it('offers a reload when a new version waits, with buttons reachable by keyboard', async () => {
    const view = await renderShell(<Route path="*" element={<UpdatePrompt />} />);
    expect(screen.getByRole('status', { name: 'New version' })).toBeEmptyDOMElement();
    const accept = jest.fn();
    act(() => offerUpdate(accept));
    expect(screen.getByRole('status', { name: 'New version' })).toHaveTextContent('A new version is available.');
    await view.user.tab();
    expect(screen.getByRole('button', { name: 'Reload' })).toHaveFocus();
    await view.user.keyboard('{Enter}');
    expect(accept).toHaveBeenCalledTimes(1);
  });

  it('goes away with Later, until the next new version', async () => {
    const view = await renderShell(<Route path="*" element={<UpdatePrompt />} />);
    act(() => offerUpdate(() => {}));
    await view.user.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
    act(() => offerUpdate(() => {}));
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
  });
});

describe('pages that need a connection', () => {
  it('say so offline above their form, which stays', async () => {
    await renderShell(
      <Route
        path="*"
        element={
          <NeedsConnection need="signIn">
            <form aria-label="Sign in" />
          </NeedsConnection>
        }
      />,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    setOnline(false);
    expect(screen.getByRole('alert')).toHaveTextContent(NEEDS_CONNECTION_TEXT.signIn);
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
  });
});
