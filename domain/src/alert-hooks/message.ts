/**
 * The JSON body of a webhook delivery: Discord's `content` and Slack's `text` carry the same lines, so one URL of
 * either service works as is; `sbc` carries the same facts for a player's own receiver. Pure: functions/src/alerts
 * signs and posts it.
 */
import type { FiredAlert } from './alert-index';

export const ALERT_MESSAGE_VERSION = 1;
/** Discord and Slack both cut longer messages; the list is cut with "… and N more" before this. */
const MAX_LINES = 20;

export interface AlertMessage {
  content: string;
  text: string;
  username: string;
  sbc: {
    v: number;
    type: 'alerts' | 'test';
    /** ISO time of the market update (or of the test). */
    at: string;
    alerts: Array<Pick<FiredAlert, 'kind' | 'ref' | 'name' | 'metric' | 'direction' | 'threshold' | 'value'> & { url: string }>;
  };
}

/** The item's page on the site. */
export function itemPageUrl(siteOrigin: string, alert: Pick<FiredAlert, 'kind' | 'slug'>): string {
  return `${siteOrigin}/${alert.kind === 'product' ? 'products' : 'materials'}/${encodeURIComponent(alert.slug)}`;
}

/** "SBC Tycoon alert: Solar Panel: Price above 130 · now 135.00 SBC" per fired alert, one line each. */
export function alertMessage(alerts: readonly FiredAlert[], at: Date, siteOrigin: string): AlertMessage {
  const lines = alerts.slice(0, MAX_LINES).map((a) => `SBC Tycoon alert: ${a.name}: ${a.text} (${itemPageUrl(siteOrigin, a)})`);
  if (alerts.length > MAX_LINES) lines.push(`… and ${alerts.length - MAX_LINES} more on your watchlist`);
  const text = lines.join('\n');
  return {
    content: text,
    text,
    username: 'SBC Tycoon',
    sbc: {
      v: ALERT_MESSAGE_VERSION,
      type: 'alerts',
      at: at.toISOString(),
      alerts: alerts.map(({ kind, ref, name, metric, direction, threshold, value, slug }) => ({ kind, ref, name, metric, direction, threshold, value, url: itemPageUrl(siteOrigin, { kind, slug }) })),
    },
  };
}

export const TEST_MESSAGE_TEXT = 'SBC Tycoon: this is a test of your webhook. Your market alerts will arrive here.';

export function testMessage(at: Date): AlertMessage {
  return { content: TEST_MESSAGE_TEXT, text: TEST_MESSAGE_TEXT, username: 'SBC Tycoon', sbc: { v: ALERT_MESSAGE_VERSION, type: 'test', at: at.toISOString(), alerts: [] } };
}
