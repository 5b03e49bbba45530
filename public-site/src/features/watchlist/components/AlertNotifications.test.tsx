import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AlertNotifications, NOTIFY_BLOCKED_TEXT, NOTIFY_BUTTON_TEXT, NOTIFY_HINT, NOTIFY_ON_TEXT } from './AlertNotifications';

/** The browser's Notification API as far as the button uses it; `answer` is what the permission prompt answers. */
function installNotification(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  const requestPermission = jest.fn(async () => answer);
  Object.defineProperty(window, 'Notification', { value: { permission, requestPermission }, configurable: true });
  return requestPermission;
}

afterEach(() => Reflect.deleteProperty(window, 'Notification'));

describe('alert notifications on the watchlist page', () => {
  it('asks the permission only when the button is pressed, never on load, and says what was decided', async () => {
    const requestPermission = installNotification('default', 'granted');
    render(<AlertNotifications />);
    const button = await screen.findByRole('button', { name: NOTIFY_BUTTON_TEXT });
    expect(screen.getByText(NOTIFY_HINT)).toBeInTheDocument();
    expect(requestPermission).not.toHaveBeenCalled();
    await userEvent.click(button);
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(NOTIFY_ON_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: NOTIFY_BUTTON_TEXT })).not.toBeInTheDocument();
  });

  it('a refusal says the alerts stay on the page', async () => {
    installNotification('default', 'denied');
    render(<AlertNotifications />);
    await userEvent.click(await screen.findByRole('button', { name: NOTIFY_BUTTON_TEXT }));
    expect(await screen.findByText(NOTIFY_BLOCKED_TEXT)).toBeInTheDocument();
  });

  it('an earlier decision is shown as it is, without a button', async () => {
    installNotification('granted');
    const { unmount } = render(<AlertNotifications />);
    expect(await screen.findByText(NOTIFY_ON_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    unmount();
    installNotification('denied');
    render(<AlertNotifications />);
    expect(await screen.findByText(NOTIFY_BLOCKED_TEXT)).toBeInTheDocument();
  });

  it('shows nothing in a browser without notifications', () => {
    const { container } = render(<AlertNotifications />);
    expect(container).toBeEmptyDOMElement();
  });
});
