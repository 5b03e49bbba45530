import { useEffect, useState } from 'react';

export const NOTIFY_BUTTON_TEXT = 'Also notify me in this browser';
export const NOTIFY_HINT = 'An alert that fires while the site is open shows as a browser notification too (a tab in the background catches up when you return to it).';
export const NOTIFY_ON_TEXT = 'Browser notifications are on: an alert that fires while the site is open shows as one.';
export const NOTIFY_BLOCKED_TEXT = "Notifications are blocked for this site in this browser's settings; alerts show on the page.";

type Permission = NotificationPermission | 'unsupported';
type NotificationApi = Pick<typeof Notification, 'permission' | 'requestPermission'>;

function notificationApi(): NotificationApi | null {
  const api = (globalThis as { Notification?: NotificationApi }).Notification;
  return api && typeof api.requestPermission === 'function' ? api : null;
}

/**
 * The watchlist's browser notifications, for players with an alert: a button that asks the browser's permission
 * (only when pressed, never when a page loads), then what was decided. The notifications themselves are sent by
 * the site's shell when a market update fires an alert (the Notification API of the open tab; no push service, so
 * nothing arrives while the site is closed, and a hidden tab, which does not poll, notifies when shown again).
 * Nothing shows where the browser has no Notification API.
 */
export function AlertNotifications() {
  // Read after mount: the server does not know the visitor's browser.
  const [permission, setPermission] = useState<Permission>('unsupported');
  useEffect(() => setPermission(notificationApi()?.permission ?? 'unsupported'), []);

  const ask = async () => {
    const api = notificationApi();
    if (!api) return;
    try {
      // Older Safari answers through a callback only: the promise form is undefined there.
      const answer = await new Promise<NotificationPermission>((resolve) => {
        const promise = api.requestPermission(resolve);
        if (promise) void promise.then(resolve);
      });
      setPermission(answer);
    } catch (error) {
      console.error('The notification permission could not be asked', error);
    }
  };

  if (permission === 'unsupported') return null;
  return (
    <section className="ps-watchlist__notify" aria-label="Alert notifications">
      {permission === 'granted' ? (
        <p className="ps-hint">{NOTIFY_ON_TEXT}</p>
      ) : permission === 'denied' ? (
        <p className="ps-hint">{NOTIFY_BLOCKED_TEXT}</p>
      ) : (
        <>
          <button type="button" className="ps-btn" onClick={() => void ask()}>
            {NOTIFY_BUTTON_TEXT}
          </button>
          <p className="ps-hint">{NOTIFY_HINT}</p>
        </>
      )}
    </section>
  );
}
