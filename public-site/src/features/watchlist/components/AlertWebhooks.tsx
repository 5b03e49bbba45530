import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useRootStore, type AlertHook, type AlertHooksGateway } from '@sbc/shared';
import {
  ALERT_HOOK_SECRET_BYTES,
  ALERT_HOOKS_MAX,
  checkHookLabel,
  EMAIL_ALERTS_NOT_AVAILABLE,
  EMAIL_NOT_VERIFIED,
  EMAIL_VERIFICATION_FAILED,
  EMAIL_VERIFY,
  emailVerificationSent,
  HOOKS_FULL,
  checkHookUrl,
  freeHookSlot,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  type AlertHookSlot,
} from '@sbc/domain';
import { FormError, LabelledInput } from './fields';

// No "Alerts" in it: the fired alerts' region is named "Alerts", and a search by name that matches a part of it
// (Playwright's getByRole without exact) would find this section too.
export const WEBHOOKS_HEADING = 'Webhooks: when the site is closed';
export const WEBHOOKS_INTRO =
  'Your alerts also reach a closed app: on each market update that fires one, we post it to your webhooks (Discord and Slack webhook URLs work as they are).';
export const WEBHOOKS_UNAVAILABLE = 'Webhooks are not available on this version of the site yet: reload the page later.';
export const WEBHOOKS_LOAD_FAILED = 'Your webhooks could not be loaded. Check your connection and reload the page.';
export const WEBHOOK_SAVE_FAILED = 'The webhook could not be saved: check your connection and try again. What you typed is kept.';
export const WEBHOOK_SECRET_TEXT = 'Secret for checking signatures, shown this once: copy it now.';
export const WEBHOOK_CHECKING = 'Checking the address…';
export const WEBHOOK_TEST_SENDING = 'Sending a test…';
export const WEBHOOK_TEST_NO_ANSWER = 'No result yet: the test is still on its way. Reload the page in a minute to see it.';
export const EMAIL_HEADING = 'E-mail';
export const EMAIL_NAME = 'E-mail alerts';
export const EMAIL_INTRO = "One e-mail per market update that fires your alerts, sent to your account's e-mail address.";
/** What the page says when this site has no e-mail provider: the function's own refusal, word for word. */
export const EMAIL_UNAVAILABLE = EMAIL_ALERTS_NOT_AVAILABLE;
export const EMAIL_SAVE_FAILED = 'E-mail alerts could not be turned on: check your connection and try again.';
export const EMAIL_TURN_ON = 'Turn on e-mail alerts';


/** How often and how long the page reads a webhook back while the function checks it or sends a test (1 read each). */
const POLL_MS = 1_000;
const POLL_TIMES = 15;

const STATUS_TEXT: Record<AlertHook['status'], string> = {
  pending: WEBHOOK_CHECKING,
  active: 'Active',
  refused: 'Refused',
  disabled: 'Disabled',
};

function newSecret(): string {
  const bytes = new Uint8Array(ALERT_HOOK_SECRET_BYTES);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads the webhook back until `done` says so (at most POLL_TIMES reads): the function's answer arrives in it. */
async function readUntil(gateway: AlertHooksGateway, uid: string, slot: AlertHookSlot, done: (hook: AlertHook | null) => boolean): Promise<AlertHook | null> {
  let hook: AlertHook | null = null;
  for (let i = 0; i < POLL_TIMES; i++) {
    await sleep(POLL_MS);
    hook = await gateway.getAlertHook(uid, slot);
    if (done(hook)) return hook;
  }
  return hook;
}

/**
 * The watchlist page's webhooks (issue 37, docs/alert-webhooks.md): the player's webhooks with their state (active,
 * refused or disabled with the reason), a form to add one (its secret shown once), "Send a test" and "Remove".
 * Opening it reads the player's webhooks (at most 3 reads); adding or testing reads the webhook back about once a
 * second until the Cloud Function has answered.
 */
export const AlertWebhooks = observer(function AlertWebhooks() {
  const { auth, gateway } = useRootStore();
  // The webhooks group (not there in a shell released before it, nor on the render server): the page then says so.
  const hooksGateway = 'alertHooks' in gateway ? gateway.alertHooks : undefined;
  const uid = auth.user?.uid ?? null;
  const id = useId();
  const [hooks, setHooks] = useState<AlertHook[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [url, setUrl] = useState('');
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<{ slot: AlertHookSlot; value: string } | null>(null);
  const [testing, setTesting] = useState<AlertHookSlot | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [emailAvailable, setEmailAvailable] = useState<boolean | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  // Firebase Auth's verification link (not in a shell released before it, whose gateway has no auth group).
  const sendVerification = 'auth' in gateway ? gateway.auth.sendVerificationEmail : undefined;

  const replace = useCallback((hook: AlertHook | null, slot: AlertHookSlot) => {
    setHooks((current) => {
      const others = (current ?? []).filter((h) => h.slot !== slot);
      return (hook ? [...others, hook] : others).sort((a, b) => a.slot.localeCompare(b.slot));
    });
  }, []);

  useEffect(() => {
    if (!uid || !hooksGateway) return;
    let live = true;
    hooksGateway.listAlertHooks(uid).then(
      (list) => live && setHooks(list),
      (failure: unknown) => {
        console.error('The webhooks could not be loaded', failure);
        if (live) setLoadFailed(true);
      },
    );
    // No read: the site's runtime config says whether its functions send e-mail. A gateway without the call: no.
    (hooksGateway.emailAlertsAvailable?.() ?? Promise.resolve(false)).then(
      (available) => live && setEmailAvailable(available),
      () => live && setEmailAvailable(false),
    );
    return () => {
      live = false;
    };
  }, [uid, hooksGateway]);

  if (!uid) return null;
  if (!hooksGateway) {
    return (
      <section className="ps-card ps-webhooks" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{WEBHOOKS_HEADING}</h2>
        <p className="ps-hint">{WEBHOOKS_UNAVAILABLE}</p>
      </section>
    );
  }

  const add = async (event: FormEvent) => {
    event.preventDefault();
    // The form's check is the function's text check; loopback http (the local stack's receivers) is left to the
    // function, which refuses it outside the emulator with its message on the webhook.
    const checkedUrl = checkHookUrl(url, { allowLoopbackHttp: true });
    if ('error' in checkedUrl) return setError(checkedUrl.error);
    const checkedLabel = checkHookLabel(label);
    if ('error' in checkedLabel) return setError(checkedLabel.error);
    const slot = freeHookSlot((hooks ?? []).map((h) => h.slot));
    if ('error' in slot) return setError(slot.error);
    setError(null);
    setBusy(true);
    const value = newSecret();
    try {
      await hooksGateway.addAlertHook(uid, slot.slot, { url: url.trim(), label: checkedLabel.value }, value);
    } catch (failure) {
      console.error('The webhook could not be saved', failure);
      setBusy(false);
      return setError(WEBHOOK_SAVE_FAILED);
    }
    setSecret({ slot: slot.slot, value });
    setUrl('');
    setLabel('');
    replace({ slot: slot.slot, channel: 'webhook', url: url.trim(), address: null, label: checkedLabel.value, status: 'pending', failures: 0, message: null, lastTest: null }, slot.slot);
    setBusy(false);
    const checked = await readUntil(hooksGateway, uid, slot.slot, (hook) => hook?.status !== 'pending').catch(() => null);
    if (checked) replace(checked, slot.slot);
  };

  /** The account's address refused as unverified: Firebase Auth sends its verification link (no Firestore read). */
  const verify = async () => {
    if (!sendVerification) return;
    try {
      await sendVerification();
      setNotice(emailVerificationSent(auth.user?.email ?? "your account's address"));
    } catch (failure) {
      console.error('The verification e-mail could not be sent', failure);
      setNotice(EMAIL_VERIFICATION_FAILED);
    }
  };

  /** E-mail alerts on: a destination in a free slot (it counts towards the three); the function checks it. */
  const addEmail = async () => {
    const slot = freeHookSlot((hooks ?? []).map((h) => h.slot));
    if ('error' in slot) return setEmailError(slot.error);
    if (!hooksGateway.addEmailAlerts) return setEmailError(EMAIL_UNAVAILABLE);
    setEmailError(null);
    setBusy(true);
    try {
      await hooksGateway.addEmailAlerts(uid, slot.slot);
    } catch (failure) {
      console.error('E-mail alerts could not be turned on', failure);
      setBusy(false);
      return setEmailError(EMAIL_SAVE_FAILED);
    }
    replace({ slot: slot.slot, channel: 'email', url: '', address: null, label: '', status: 'pending', failures: 0, message: null, lastTest: null }, slot.slot);
    setBusy(false);
    const checked = await readUntil(hooksGateway, uid, slot.slot, (hook) => hook?.status !== 'pending').catch(() => null);
    if (checked) replace(checked, slot.slot);
  };

  const test = async (hook: AlertHook) => {
    setTesting(hook.slot);
    setNotice(WEBHOOK_TEST_SENDING);
    try {
      await hooksGateway.requestAlertHookTest(uid, hook.slot);
      const before = hook.lastTest?.at?.getTime() ?? 0;
      const after = await readUntil(hooksGateway, uid, hook.slot, (h) => (h?.lastTest?.at?.getTime() ?? 0) > before);
      if (after) replace(after, hook.slot);
      setNotice(after?.lastTest && (after.lastTest.at?.getTime() ?? 0) > before ? after.lastTest.text : WEBHOOK_TEST_NO_ANSWER);
    } catch (failure) {
      console.error('The test could not be requested', failure);
      setNotice(WEBHOOK_SAVE_FAILED);
    }
    setTesting(null);
  };

  const remove = async (hook: AlertHook) => {
    try {
      await hooksGateway.removeAlertHook(uid, hook.slot, hook.channel);
      replace(null, hook.slot);
      if (secret?.slot === hook.slot) setSecret(null);
    } catch (failure) {
      console.error('The webhook could not be removed', failure);
      setNotice('The webhook could not be removed: check your connection and try again.');
    }
  };

  const full = (hooks?.length ?? 0) >= ALERT_HOOKS_MAX;
  const hasEmail = (hooks ?? []).some((h) => h.channel === 'email');
  const nameOf = (hook: AlertHook) => (hook.channel === 'email' ? EMAIL_NAME : hook.label || new URL(hook.url).host);
  return (
    <section className="ps-card ps-webhooks" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{WEBHOOKS_HEADING}</h2>
      <p className="ps-hint">{WEBHOOKS_INTRO}</p>
      {loadFailed && (
        <p className="ps-state ps-state--error" role="alert">
          {WEBHOOKS_LOAD_FAILED}
        </p>
      )}
      {hooks && hooks.length > 0 && (
        <ul className="ps-webhooks__list" aria-label="Your webhooks">
          {hooks.map((hook) => (
            <li key={hook.slot} className="ps-webhooks__item">
              <p className="ps-webhooks__name">
                <strong>{nameOf(hook)}</strong> <span className={`ps-webhooks__status ps-webhooks__status--${hook.status}`}>{STATUS_TEXT[hook.status]}</span>
              </p>
              <p className="ps-webhooks__url">{hook.channel === 'email' ? `To ${hook.address ?? auth.user?.email ?? "your account's address"}` : hook.url}</p>
              {hook.message && (
                <p className={hook.status === 'active' ? 'ps-hint' : 'ps-webhooks__problem'} role={hook.status === 'active' ? undefined : 'alert'}>
                  {hook.message}
                </p>
              )}
              {hook.channel === 'email' && hook.message === EMAIL_NOT_VERIFIED && sendVerification && (
                <button type="button" className="ps-btn" onClick={() => void verify()}>
                  {EMAIL_VERIFY}
                </button>
              )}
              {hook.lastTest && <p className="ps-hint">Last test: {hook.lastTest.text}</p>}
              {secret?.slot === hook.slot && (
                <div className="ps-webhooks__secret">
                  <p>{WEBHOOK_SECRET_TEXT}</p>
                  <label htmlFor={`${id}-secret`}>
                    Webhook secret
                    <input id={`${id}-secret`} className="ps-webhooks__secret-input" readOnly value={secret.value} onFocus={(e) => e.target.select()} />
                  </label>
                  <p className="ps-hint">
                    Each delivery carries <code>{TIMESTAMP_HEADER}</code> and <code>{SIGNATURE_HEADER}: sha256=…</code>, the HMAC-SHA256 of
                    “timestamp.body” with this secret.
                  </p>
                  <button type="button" className="ps-btn" onClick={() => setSecret(null)}>
                    I have copied it
                  </button>
                </div>
              )}
              <div className="ps-alert-editor__actions">
                <button type="button" className="ps-btn" disabled={testing !== null || hook.status === 'pending'} onClick={() => void test(hook)}>
                  Send a test
                </button>
                <button type="button" className="ps-btn" onClick={() => void remove(hook)}>
                  Remove <span className="ps-visually-hidden">{hook.channel === 'email' ? EMAIL_NAME : hook.label || hook.url}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="ps-hint" role="status">
        {notice ?? ''}
      </p>
      {hooks && !full && (
        <form className="ps-alert-editor" onSubmit={add} aria-label="Add a webhook" noValidate>
          <LabelledInput
            id={`${id}-url`}
            label="Webhook URL"
            className="ps-webhooks__url-input"
            type="url"
            inputMode="url"
            autoComplete="off"
            value={url}
            error={error}
            errorId={`${id}-error`}
            onChange={(e) => setUrl(e.target.value)}
          />
          <label htmlFor={`${id}-label`}>
            Name (optional)
            <input id={`${id}-label`} autoComplete="off" value={label} onChange={(e) => setLabel(e.target.value)} />
          </label>
          <FormError id={`${id}-error`} error={error} />
          <div className="ps-alert-editor__actions">
            <button type="submit" className="ps-btn ps-btn--primary" disabled={busy}>
              Add webhook
            </button>
          </div>
        </form>
      )}
      {full && <p className="ps-hint">{HOOKS_FULL}</p>}
      {hooks && emailAvailable !== null && !hasEmail && (
        <fieldset className="ps-webhooks__email">
          <legend>{EMAIL_HEADING}</legend>
          {emailAvailable ? (
            <>
              <p className="ps-hint">
                {EMAIL_INTRO}
                {auth.user?.email ? ` (${auth.user.email})` : ''}
              </p>
              <FormError error={emailError} />
              {!full && (
                <button type="button" className="ps-btn" disabled={busy} onClick={() => void addEmail()}>
                  {EMAIL_TURN_ON}
                </button>
              )}
            </>
          ) : (
            <p className="ps-hint">{EMAIL_UNAVAILABLE}</p>
          )}
        </fieldset>
      )}
    </section>
  );
});
