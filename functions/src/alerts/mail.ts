/**
 * Sending an alert e-mail (docs/alert-webhooks.md#e-mail-alerts): one attempt through the configured SMTP provider
 * (nodemailer), with the same time limit as a webhook attempt, its outcome in the words of a delivery. The recipient is
 * always the player's own account address, read by the caller from Firebase Auth; nothing a browser wrote chooses it.
 */
import { createTransport } from 'nodemailer';
import type { AlertEmail } from '@sbc/domain';
import type { AttemptOutcome } from './deliver';

export interface MailSettings {
  smtpUrl: string;
  from: string;
  timeoutMs: number;
}

/** The address to send a player's alerts to, from their Auth account. */
export interface AccountAddress {
  email: string | null;
  verified: boolean;
}

/** One e-mail, one attempt: accepted by the mail server, or why not (a 5xx answer is permanent: not retried). */
export async function sendMailOnce(settings: MailSettings, to: string, mail: AlertEmail): Promise<AttemptOutcome> {
  const transport = createTransport({
    url: settings.smtpUrl,
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  try {
    await transport.sendMail({ from: settings.from, to, subject: mail.subject, text: mail.text, html: mail.html, headers: { 'Auto-Submitted': 'auto-generated' } });
    return { ok: true, status: 250 };
  } catch (error) {
    const { responseCode, code, message } = error as { responseCode?: number; code?: string; message?: string };
    if (typeof responseCode === 'number') return { ok: false, failure: { mail: `SMTP ${responseCode}`, permanent: responseCode >= 500 } };
    if (code === 'ETIMEDOUT') return { ok: false, failure: { timeoutMs: settings.timeoutMs } };
    if (code === 'ESOCKET' || code === 'ECONNECTION' || code === 'EDNS') return { ok: false, failure: { mail: 'could not connect to it', permanent: false } };
    return { ok: false, failure: { mail: code ?? message ?? 'unknown error', permanent: false } };
  } finally {
    transport.close();
  }
}
