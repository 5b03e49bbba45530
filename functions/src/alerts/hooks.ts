/**
 * What happens when a player's webhook document is written (the trigger on users/{uid}/alertHooks/{slot}):
 * - created (status 'pending') or its URL changed: the whole URL check, DNS answers included (hookUrlProblem), then
 *   'active', or 'refused' with the player's message;
 * - `testRequestedAt` moved ("Send a test"): one signed test message, one attempt with the time limit, and the outcome
 *   in `lastTest` for the page. A test never counts towards disabling.
 * An e-mail destination (`channel: 'email'`, no URL) is checked instead by `emailCheck` (e-mail configured on this
 * site, no other e-mail destination, the account's address verified: then 'active' with that address shown to its
 * owner), and its test is one e-mail to that address.
 * The function's own writes trigger it again and change neither field, so they do nothing.
 */
import { attemptFailureText, EMAIL_ALERTS_NOT_AVAILABLE, testEmail, testMessage, type AlertEmail, type UrlPolicyOptions } from '@sbc/domain';
import type { AttemptOutcome } from './deliver';
import { signedHeaders } from './signature';

export interface HookTriggerDeps {
  policy: UrlPolicyOptions;
  urlProblem(url: string): Promise<string | null>;
  secret(): Promise<string | null>;
  post(url: string, body: string, headers: Record<string, string>): Promise<AttemptOutcome>;
  /** An e-mail destination's check: the player's message when refused, else the address it sends to. */
  emailCheck?(): Promise<{ problem: string } | { address: string }>;
  sendMail?(to: string, mail: AlertEmail): Promise<AttemptOutcome>;
  /** Writes the server's fields on the hook document (1 write). */
  update(fields: Record<string, unknown>): Promise<void>;
}

type HookData = Record<string, unknown> | null;

const millis = (value: unknown): number | null => {
  if (value && typeof value === 'object' && 'toMillis' in value && typeof (value as { toMillis: unknown }).toMillis === 'function') return (value as { toMillis(): number }).toMillis();
  return null;
};

export async function onHookWritten(before: HookData, after: HookData, deps: HookTriggerDeps, now: Date): Promise<'checked' | 'tested' | 'nothing'> {
  if (!after) return 'nothing';
  if (after.channel === 'email') return onEmailWritten(before, after, deps, now);
  const url = typeof after.url === 'string' ? after.url : '';
  if (after.status === 'pending' && (!before || before.url !== after.url || before.status !== 'pending')) {
    const problem = await deps.urlProblem(url);
    await deps.update(problem ? { status: 'refused', message: problem, failures: 0, checkedAt: now } : { status: 'active', message: null, failures: 0, checkedAt: now });
    return 'checked';
  }
  const requested = millis(after.testRequestedAt);
  if (requested !== null && requested !== millis(before?.testRequestedAt)) {
    if (after.status === 'refused') {
      await deps.update({ lastTest: { at: now, ok: false, text: String(after.message ?? 'This webhook was refused') } });
      return 'tested';
    }
    const secret = await deps.secret();
    if (!secret) {
      await deps.update({ lastTest: { at: now, ok: false, text: 'Not sent: the secret of this webhook is missing' } });
      return 'tested';
    }
    const problem = await deps.urlProblem(url);
    if (problem) {
      await deps.update({ lastTest: { at: now, ok: false, text: `Not sent: ${problem}` } });
      return 'tested';
    }
    const body = JSON.stringify(testMessage(now));
    const outcome = await deps.post(url, body, signedHeaders(secret, body, now));
    await deps.update({
      lastTest: outcome.ok ? { at: now, ok: true, text: `Delivered: the receiver answered HTTP ${outcome.status}` } : { at: now, ok: false, text: `Not delivered: ${attemptFailureText(outcome.failure)}` },
    });
    return 'tested';
  }
  return 'nothing';
}

async function onEmailWritten(before: HookData, after: Record<string, unknown>, deps: HookTriggerDeps, now: Date): Promise<'checked' | 'tested' | 'nothing'> {
  const check = deps.emailCheck ?? (async () => ({ problem: EMAIL_ALERTS_NOT_AVAILABLE }));
  if (after.status === 'pending' && before?.status !== 'pending') {
    const result = await check();
    await deps.update('problem' in result ? { status: 'refused', message: result.problem, failures: 0, checkedAt: now } : { status: 'active', message: null, address: result.address, failures: 0, checkedAt: now });
    return 'checked';
  }
  const requested = millis(after.testRequestedAt);
  if (requested === null || requested === millis(before?.testRequestedAt)) return 'nothing';
  if (after.status === 'refused') {
    await deps.update({ lastTest: { at: now, ok: false, text: String(after.message ?? 'E-mail alerts were refused') } });
    return 'tested';
  }
  const result = await check();
  if ('problem' in result || !deps.sendMail) {
    await deps.update({ lastTest: { at: now, ok: false, text: `Not sent: ${'problem' in result ? result.problem : 'e-mail is not configured'}` } });
    return 'tested';
  }
  const outcome = await deps.sendMail(result.address, testEmail(now));
  await deps.update({
    lastTest: outcome.ok ? { at: now, ok: true, text: `Sent to ${result.address}: the mail server accepted it` } : { at: now, ok: false, text: `Not sent: ${attemptFailureText(outcome.failure)}` },
  });
  return 'tested';
}
