/**
 * Posting to a webhook: one attempt with a time limit, over a connection whose every DNS answer is checked against the
 * address policy at connect time (so a name cannot point somewhere else between the check and the post: DNS
 * rebinding), no redirects followed; and the retries of one delivery with backoff.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { attemptFailureText, checkHookUrl, resolvedAddressesProblem, type UrlPolicyOptions } from '@sbc/domain';

/** `mail`: an e-mail attempt (./mail.ts); `permanent` when the mail server refused it for good (an SMTP 5xx answer). */
export type AttemptFailure = { status: number } | { timeoutMs: number } | { error: string } | { mail: string; permanent: boolean };
export type AttemptOutcome = { ok: true; status: number } | { ok: false; failure: AttemptFailure };

/** Resolves every address of `host` (A and AAAA). */
export function resolveAll(host: string): Promise<string[]> {
  return new Promise((resolve) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses: LookupAddress[]) => resolve(error ? [] : addresses.map((a) => a.address)));
  });
}

/**
 * The whole check of a webhook URL before it is used: the text (checkHookUrl), then every DNS answer of its host.
 * Returns the player's message, or null when allowed. `resolve` is a parameter so the tests give DNS answers.
 */
export async function hookUrlProblem(text: string, policy: UrlPolicyOptions, resolve: (host: string) => Promise<string[]> = resolveAll): Promise<string | null> {
  const checked = checkHookUrl(text, policy);
  if ('error' in checked) return checked.error;
  if (checked.literal) return null;
  return resolvedAddressesProblem(checked.host, await resolve(checked.host), policy);
}

/** A lookup for http.request that refuses a connection to any address the policy does not allow. */
export function guardedLookup(policy: UrlPolicyOptions): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses: LookupAddress[]) => {
      if (error) return (callback as (e: Error) => void)(error);
      const problem = resolvedAddressesProblem(hostname, addresses.map((a) => a.address), policy);
      if (problem) return (callback as (e: Error) => void)(Object.assign(new Error(problem), { code: 'EBLOCKED' }));
      if ((options as { all?: boolean }).all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      return (callback as (e: null, a: string, f: number) => void)(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** One POST of `body`, at most `timeoutMs` from start to the response's status line. 2xx is a success. */
export function postOnce(urlText: string, body: string, headers: Record<string, string>, options: { timeoutMs: number; policy: UrlPolicyOptions }): Promise<AttemptOutcome> {
  const checked = checkHookUrl(urlText, options.policy);
  if ('error' in checked) return Promise.resolve({ ok: false, failure: { error: checked.error } });
  const url = checked.url;
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const requestOptions: RequestOptions = {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': 'SBC-Tycoon-Alerts/1', 'Content-Length': Buffer.byteLength(body), ...headers },
    lookup: guardedLookup(options.policy),
  };
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = request(url, requestOptions, (res) => {
      const status = res.statusCode ?? 0;
      res.resume();
      res.destroy();
      finish(status >= 200 && status < 300 ? { ok: true, status } : { ok: false, failure: { status } });
    });
    const timer = setTimeout(() => {
      finish({ ok: false, failure: { timeoutMs: options.timeoutMs } });
      req.destroy();
    }, options.timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => finish({ ok: false, failure: { error: error.code === 'EBLOCKED' ? error.message : (error.code ?? error.message) } }));
    req.end(body);
  });
}

export type DeliveryOutcome = { ok: true; attempts: number } | { ok: false; attempts: number; reason: string };

/**
 * One delivery: the first attempt at once, then one retry after each wait of `schedule` (backoffSchedule), until one
 * succeeds. A 4xx other than 408 and 429 is not retried (the receiver refused this message; a retry would be refused
 * too), nor is an e-mail the mail server refused with a permanent (5xx) answer.
 */
export async function deliverWithRetries(
  attempt: () => Promise<AttemptOutcome>,
  schedule: readonly number[],
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<DeliveryOutcome> {
  let last: AttemptFailure = { error: 'not tried' };
  for (let i = 0; i <= schedule.length; i++) {
    if (i > 0) await sleep(schedule[i - 1]);
    const outcome = await attempt();
    if (outcome.ok) return { ok: true, attempts: i + 1 };
    last = outcome.failure;
    const refusedForGood = 'status' in last ? last.status >= 400 && last.status < 500 && last.status !== 408 && last.status !== 429 : 'mail' in last && last.permanent;
    if (refusedForGood) {
      return { ok: false, attempts: i + 1, reason: attemptFailureText(last) };
    }
  }
  return { ok: false, attempts: schedule.length + 1, reason: attemptFailureText(last) };
}
