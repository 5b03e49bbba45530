/**
 * Alerts that reach a closed app (issue 37): a player's webhooks, the rules the form, firestore.rules and the Cloud
 * Functions share (functions/src/alerts). One home for each limit and each text the player reads.
 */
import { addressBlock, isIpLiteral, type AddressBlock } from './address-policy';

/**
 * A player has at most this many webhooks. Their document ids are these slots, so firestore.rules holds the cap
 * without a counter (`hookId in [...]`); the form takes the first free one.
 */
export const ALERT_HOOK_SLOTS = ['hook1', 'hook2', 'hook3'] as const;
export type AlertHookSlot = (typeof ALERT_HOOK_SLOTS)[number];
export const ALERT_HOOKS_MAX = ALERT_HOOK_SLOTS.length;
/** Longest webhook URL and label (firestore.rules checks the same sizes). */
export const ALERT_HOOK_URL_MAX = 500;
export const ALERT_HOOK_LABEL_MAX = 60;
/** The secret: 32 random bytes as 64 lower-case hex characters (firestore.rules checks the shape). */
export const ALERT_HOOK_SECRET_BYTES = 32;

/** Request headers of a delivery. The signature is HMAC-SHA256 over `${timestamp}.${body}` (signedText). */
export const SIGNATURE_HEADER = 'X-SBC-Signature';
export const TIMESTAMP_HEADER = 'X-SBC-Timestamp';
/** A receiver refuses a delivery whose timestamp is further than this from its clock (replays). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Waits before the retries of one delivery (ms): the first attempt at once, then these. */
export const DELIVERY_BACKOFF_MS = [1_000, 4_000, 16_000] as const;
/** One attempt that has not answered within this is abandoned (a receiver that hangs). */
export const DELIVERY_TIMEOUT_MS = 5_000;
/** A webhook is disabled after this many deliveries in a row failed, each after all its retries. */
export const DISABLE_AFTER_FAILED_DELIVERIES = 3;

/** The lifecycle: pending until the function has checked the URL's addresses, then active, refused or disabled. */
export type AlertHookStatus = 'pending' | 'active' | 'refused' | 'disabled';

export const HOOK_URL_REQUIRED = 'Enter the webhook URL, for example https://discord.com/api/webhooks/…';
export const HOOK_URL_INVALID = 'This is not a URL: it should look like https://example.com/hooks/sbc';
export const HOOK_URL_TOO_LONG = `The URL is too long: at most ${ALERT_HOOK_URL_MAX} characters`;
export const HOOK_URL_NOT_HTTPS = 'Only https:// webhook URLs are allowed';
export const HOOK_URL_CREDENTIALS = 'Remove the user name and password from the URL';
export const HOOK_URL_PORT = 'Use the standard https port (443): other ports are not allowed';
export const HOOK_LABEL_TOO_LONG = `The name is too long: at most ${ALERT_HOOK_LABEL_MAX} characters`;
export const HOOKS_FULL = `You already have ${ALERT_HOOKS_MAX} webhooks, the most a player may have: remove one first`;

const BLOCK_WORDS: Record<AddressBlock, string> = {
  unspecified: 'an unspecified address',
  loopback: 'this machine (loopback)',
  private: 'a private network',
  shared: 'a carrier-grade NAT network',
  'link-local': 'a link-local address',
  metadata: "a cloud provider's metadata service",
  multicast: 'a multicast address',
  reserved: 'a reserved address',
  documentation: 'an address reserved for documentation',
  invalid: 'an address that is not valid',
};

/** "The webhook's host … points to a private network: only public internet addresses are allowed". */
export function hookAddressMessage(what: string, block: AddressBlock): string {
  return `${what} points to ${BLOCK_WORDS[block]}: only public internet addresses are allowed`;
}

/** Host names that never name a public host, whatever they resolve to. */
function blockedHostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name.endsWith('.local') ||
    name.endsWith('.internal') ||
    name.endsWith('.home.arpa') ||
    !name.includes('.')
  );
}

export interface UrlPolicyOptions {
  /**
   * Emulator only (the local stack and tests: functions/src/alerts/config.ts reads it only under the Functions
   * emulator): also accept http:// and https:// to a loopback IP literal (127.0.0.1, [::1]) on any port.
   */
  allowLoopbackHttp?: boolean;
}

/** A URL that passed the text check: what the function resolves and posts to. */
export interface CheckedHookUrl {
  url: URL;
  /** The host without IPv6 brackets. */
  host: string;
  /** Whether the host is an IP literal (then there is nothing to resolve). */
  literal: boolean;
}

/**
 * The text check of a webhook URL, the same in the form and in the function: https only, no credentials, the
 * standard port, a host that is a public IP literal or a dotted name outside local-only suffixes. Names are resolved
 * afterwards by the function (resolvedAddressesProblem). Returns the message for the player, or the checked URL.
 * Table of examples: webhooks.test.ts.
 */
export function checkHookUrl(input: string, options: UrlPolicyOptions = {}): { error: string } | CheckedHookUrl {
  const text = input.trim();
  if (text === '') return { error: HOOK_URL_REQUIRED };
  if (text.length > ALERT_HOOK_URL_MAX) return { error: HOOK_URL_TOO_LONG };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: HOOK_URL_INVALID };
  }
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const literal = isIpLiteral(host);
  if (options.allowLoopbackHttp && literal && addressBlock(host) === 'loopback' && (url.protocol === 'http:' || url.protocol === 'https:')) {
    if (url.username || url.password) return { error: HOOK_URL_CREDENTIALS };
    return { url, host, literal };
  }
  if (url.protocol !== 'https:') return { error: HOOK_URL_NOT_HTTPS };
  if (url.username || url.password) return { error: HOOK_URL_CREDENTIALS };
  if (url.port !== '' && url.port !== '443') return { error: HOOK_URL_PORT };
  if (host === '') return { error: HOOK_URL_INVALID };
  if (literal) {
    const block = addressBlock(host);
    if (block) return { error: hookAddressMessage("The webhook's address", block) };
    return { url, host, literal };
  }
  if (blockedHostName(host)) return { error: hookAddressMessage(`The host ${host}`, 'private') };
  return { url, host, literal };
}

/**
 * The DNS check: every address the host resolved to must be public (a name with one private answer among public ones
 * is refused: the connection could use it). No answer at all is refused too. Null when allowed.
 *
 * | addresses                        | result                                 |
 * |----------------------------------|----------------------------------------|
 * | ['93.184.215.14']                | null                                   |
 * | ['93.184.215.14', '10.0.0.5']    | "… points to a private network: …"     |
 * | ['::1']                          | "… points to this machine (loopback)…" |
 * | []                               | HOOK_HOST_NOT_FOUND                    |
 */
export function resolvedAddressesProblem(host: string, addresses: readonly string[], options: UrlPolicyOptions = {}): string | null {
  if (addresses.length === 0) return hookHostNotFound(host);
  for (const address of addresses) {
    const block = addressBlock(address);
    if (block === null) continue;
    if (block === 'loopback' && options.allowLoopbackHttp) continue;
    return hookAddressMessage(`The host ${host}`, block);
  }
  return null;
}

export function hookHostNotFound(host: string): string {
  return `The host ${host} was not found (no DNS answer): check the URL`;
}

/** Label field: trimmed, at most ALERT_HOOK_LABEL_MAX; empty is allowed (the host is shown instead). */
export function checkHookLabel(input: string): { value: string } | { error: string } {
  const value = input.trim();
  return value.length > ALERT_HOOK_LABEL_MAX ? { error: HOOK_LABEL_TOO_LONG } : { value };
}

/** The first free slot for a new webhook, or the message when the player has ALERT_HOOKS_MAX already. */
export function freeHookSlot(used: readonly string[]): { slot: AlertHookSlot } | { error: string } {
  const slot = ALERT_HOOK_SLOTS.find((s) => !used.includes(s));
  return slot ? { slot } : { error: HOOKS_FULL };
}

/**
 * The waits before each retry of one delivery, scaled (tests and the local stack use a smaller base):
 * backoffSchedule() = [1000, 4000, 16000]; backoffSchedule(0.01) = [10, 40, 160].
 */
export function backoffSchedule(scale = 1): number[] {
  return DELIVERY_BACKOFF_MS.map((ms) => Math.round(ms * scale));
}

/** What the function keeps per webhook between deliveries (fields the player reads, the rules keep from clients). */
export interface HookDeliveryState {
  status: AlertHookStatus;
  /** Deliveries in a row that failed after all their retries (a success resets it). */
  failures: number;
  /** Shown to the player on their alerts page when disabled or refused. */
  message: string | null;
}

/**
 * The state after one delivery (all its attempts). A success resets the count; the DISABLE_AFTER_FAILED_DELIVERIES-th
 * failure in a row disables the webhook with a message that says why and what to do. Table: webhooks.test.ts.
 */
export function afterDelivery(
  state: HookDeliveryState,
  outcome: { ok: true } | { ok: false; reason: string },
  at: Date,
  channel: 'webhook' | 'email' = 'webhook',
): HookDeliveryState {
  if (state.status !== 'active') return state;
  if (outcome.ok) return { status: 'active', failures: 0, message: null };
  const failures = state.failures + 1;
  if (failures < DISABLE_AFTER_FAILED_DELIVERIES) return { status: 'active', failures, message: `Last delivery failed: ${outcome.reason}` };
  return { status: 'disabled', failures, message: hookDisabledMessage(failures, outcome.reason, at, channel) };
}

export function hookDisabledMessage(failures: number, reason: string, at: Date, channel: 'webhook' | 'email' = 'webhook'): string {
  const fix = channel === 'email' ? 'Remove e-mail alerts and add them again to retry.' : 'Fix the receiver, then remove this webhook and add it again.';
  return `Disabled on ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC after ${failures} failed deliveries in a row (last: ${reason}). ${fix}`;
}

/** Why one attempt failed, in the player's words. */
export function attemptFailureText(outcome: { status: number } | { timeoutMs: number } | { error: string } | { mail: string; permanent: boolean }): string {
  if ('mail' in outcome) return `the mail server did not take it (${outcome.mail})`;
  if ('status' in outcome) return `the receiver answered HTTP ${outcome.status}`;
  if ('timeoutMs' in outcome) return `no answer within ${outcome.timeoutMs / 1000} s`;
  return `could not connect (${outcome.error})`;
}

/** The text a delivery's signature covers: `${timestamp}.${body}` (timestamp in Unix seconds, as sent). */
export function signedText(timestamp: number, body: string): string {
  return `${timestamp}.${body}`;
}

/** Whether a delivery's timestamp is close enough to the receiver's clock (both in Unix seconds). */
export function isFreshTimestamp(timestamp: number, nowSeconds: number): boolean {
  return Number.isInteger(timestamp) && Math.abs(nowSeconds - timestamp) <= SIGNATURE_TOLERANCE_SECONDS;
}
