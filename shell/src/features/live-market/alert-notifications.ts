/**
 * Browser notifications of watchlist alerts, through the Notification API of the open tab (no push service: a
 * closed site notifies nothing). Sent only when the visitor has granted the permission, which only a button of the
 * watchlist page asks for (public-site AlertNotifications), never a page load.
 */
import type { WatchEntry, WatchFigures } from '@sbc/domain';
import { firedAlertText } from './market-update-text';

export const ALERT_NOTIFICATION_TITLE = 'SBC Tycoon: watchlist alert';

type NotificationApi = Pick<typeof Notification, 'permission'> & (new (title: string, options?: NotificationOptions) => Notification);

/** The page's Notification API, or null where there is none (an old browser, some in-app browsers, the server). */
export function notificationApi(scope: object = globalThis): NotificationApi | null {
  const api = (scope as { Notification?: NotificationApi }).Notification;
  return typeof api === 'function' ? api : null;
}

/** One notification per fired alert, tagged by item (a newer one replaces an older one of the same item). */
export function notifyFiredAlerts(
  fired: ReadonlyArray<{ entry: WatchEntry; figures: WatchFigures | null }>,
  api: NotificationApi | null = notificationApi(),
): number {
  if (api?.permission !== 'granted') return 0;
  let sent = 0;
  for (const { entry, figures } of fired) {
    try {
      const notification = new api(ALERT_NOTIFICATION_TITLE, { body: firedAlertText(entry, figures), tag: `sbc-alert-${entry.id}` });
      notification.onclick = () => window.focus();
      sent += 1;
    } catch (error) {
      // Chrome on Android only notifies through a service worker: the announcement on the page still says it.
      console.warn('The alert notification could not be shown', error);
    }
  }
  return sent;
}
