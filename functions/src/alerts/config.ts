/**
 * The alert webhooks' settings (functions/.env.<alias> in production; the local stack passes them in the environment):
 * - ALERT_HOOKS_SITE_ORIGIN: the site's origin, for the item links in a message (default: the first of
 *   REGISTER_ALLOWED_ORIGINS, else http://localhost:3000).
 * - ALERT_HOOKS_BACKOFF_SCALE: multiplies the retry waits (DELIVERY_BACKOFF_MS); tests use a small one. Default 1.
 * - ALERT_HOOKS_TIMEOUT_MS: one attempt's limit (default DELIVERY_TIMEOUT_MS, 5 s).
 * - ALERT_HOOKS_EMULATOR_ALLOW_LOOPBACK_HTTP=true: also allow http(s) receivers on 127.0.0.1 / [::1], for the local
 *   stack's and the tests' receivers. Honoured only inside the Functions emulator (FUNCTIONS_EMULATOR=true), so a
 *   production deploy that sets it by mistake still refuses loopback.
 * - ALERT_EMAIL_SMTP_URL and ALERT_EMAIL_FROM: the e-mail provider (docs/alert-webhooks.md#e-mail-alerts), e.g.
 *   smtps://user:password@smtp.example.com:465 and "SBC Tycoon <alerts@example.com>". Both set: players may turn on
 *   e-mail alerts; either unset: e-mail alerts are not available (a destination added anyway is refused with a
 *   message). The site's app-config.json says the same to the page (`alerts.email`).
 */
import { DELIVERY_TIMEOUT_MS } from '@sbc/domain';

export interface AlertsConfig {
  siteOrigin: string;
  backoffScale: number;
  timeoutMs: number;
  allowLoopbackHttp: boolean;
  /** The e-mail provider, or null when e-mail alerts are not available on this site. */
  email?: { smtpUrl: string; from: string } | null;
}

const positive = (text: string | undefined, fallback: number): number => {
  const value = Number(text);
  return text !== undefined && text !== '' && Number.isFinite(value) && value >= 0 ? value : fallback;
};

export function alertsConfigFromEnvironment(env: NodeJS.ProcessEnv): AlertsConfig {
  const firstOrigin = (env.REGISTER_ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).find((s) => s !== '');
  return {
    siteOrigin: (env.ALERT_HOOKS_SITE_ORIGIN || firstOrigin || 'http://localhost:3000').replace(/\/$/, ''),
    backoffScale: positive(env.ALERT_HOOKS_BACKOFF_SCALE, 1),
    timeoutMs: positive(env.ALERT_HOOKS_TIMEOUT_MS, DELIVERY_TIMEOUT_MS) || DELIVERY_TIMEOUT_MS,
    allowLoopbackHttp: env.ALERT_HOOKS_EMULATOR_ALLOW_LOOPBACK_HTTP === 'true' && env.FUNCTIONS_EMULATOR === 'true',
    email: env.ALERT_EMAIL_SMTP_URL?.trim() && env.ALERT_EMAIL_FROM?.trim() ? { smtpUrl: env.ALERT_EMAIL_SMTP_URL.trim(), from: env.ALERT_EMAIL_FROM.trim() } : null,
  };
}
