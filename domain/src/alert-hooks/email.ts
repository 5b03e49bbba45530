/**
 * The e-mail delivery of a player's alerts (docs/alert-webhooks.md#e-mail-alerts): one e-mail per market update per
 * player, listing the alerts that fired (item, condition, current price, link to the item's page), as plain text and
 * simple HTML. Every item string comes from a watchlist document a browser wrote, so it is treated as hostile: in the
 * HTML every one is escaped, in the text control characters (line breaks included) become spaces, and the subject holds
 * no item string at all (no header can be forged through it). Pure: functions/src/alerts/mail.ts sends it.
 */
import type { FiredAlert } from './alert-index';
import { itemPageUrl } from './message';

/** A player's e-mail destination takes one of the three slots (ALERT_HOOK_SLOTS): the per-player cap counts it. */
export type AlertChannel = 'webhook' | 'email';

/** The e-mail lists at most this many alerts, then "… and N more". */
export const EMAIL_MAX_ALERTS = 50;

export const EMAIL_ALERTS_NOT_AVAILABLE = 'E-mail alerts are not available on this site: use a webhook.';
export const EMAIL_ALREADY_ADDED = 'E-mail alerts are already on: one e-mail per market update goes to your address.';
export const EMAIL_NO_ADDRESS = 'Your account has no e-mail address to send alerts to.';
export const EMAIL_NOT_VERIFIED =
  "Your account's e-mail address is not verified: e-mail alerts go only to a verified address. Verify it, then remove e-mail alerts and add them again.";
/** The watchlist page's offer when the address is refused as unverified, and what it says after (Firebase Auth sends the link). */
export const EMAIL_VERIFY = 'Send me a verification e-mail';
export const emailVerificationSent = (address: string) =>
  `A verification e-mail is on its way to ${address}. Follow its link, then remove e-mail alerts and add them again.`;
export const EMAIL_VERIFICATION_FAILED = 'The verification e-mail could not be sent: check your connection and try again.';
export const TEST_EMAIL_TEXT = 'This is a test of your SBC Tycoon e-mail alerts. Your market alerts will arrive at this address.';

export interface AlertEmail {
  subject: string;
  text: string;
  html: string;
}

/** For HTML text and attribute values (double-quoted). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** One line of plain text: control characters (CR, LF, tabs, NUL, the C1 range, line and paragraph separators) become spaces. */
export function plainLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
}

const minute = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The e-mail for the alerts one market update fired for one player. */
export function alertEmail(alerts: readonly FiredAlert[], at: Date, siteOrigin: string): AlertEmail {
  const shown = alerts.slice(0, EMAIL_MAX_ALERTS);
  const more = alerts.length - shown.length;
  const count = `${alerts.length} alert${alerts.length === 1 ? '' : 's'}`;
  const subject = `SBC Tycoon: ${count} fired on the market update of ${minute(at)}`;
  const rows = shown.map((a) => ({ name: a.name, condition: a.text, url: itemPageUrl(siteOrigin, a) }));
  const text = [
    `The market update of ${minute(at)} fired ${count}:`,
    '',
    ...rows.map((r) => `- ${plainLine(r.name)}: ${plainLine(r.condition)}\n  ${plainLine(r.url)}`),
    ...(more > 0 ? [`… and ${more} more on your watchlist`] : []),
    '',
    `Your watchlist: ${siteOrigin}/watchlist`,
    'You get this e-mail because you turned on e-mail alerts on your watchlist page; remove them there to stop them.',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<p>The market update of ${escapeHtml(minute(at))} fired ${escapeHtml(count)}:</p>`,
    '<ul>',
    ...rows.map((r) => `<li><a href="${escapeHtml(r.url)}">${escapeHtml(r.name)}</a>: ${escapeHtml(r.condition)}</li>`),
    '</ul>',
    ...(more > 0 ? [`<p>… and ${more} more on your watchlist</p>`] : []),
    `<p><a href="${escapeHtml(`${siteOrigin}/watchlist`)}">Your watchlist</a></p>`,
    '<p style="color:#666">You get this e-mail because you turned on e-mail alerts on your watchlist page; remove them there to stop them.</p>',
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/** "Send a test" of an e-mail destination. */
export function testEmail(at: Date): AlertEmail {
  return {
    subject: 'SBC Tycoon: test of your e-mail alerts',
    text: `${TEST_EMAIL_TEXT}\n\nSent ${minute(at)}.`,
    html: `<!doctype html><html><body style="font-family:sans-serif"><p>${escapeHtml(TEST_EMAIL_TEXT)}</p><p>Sent ${escapeHtml(minute(at))}.</p></body></html>`,
  };
}
