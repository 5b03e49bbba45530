import { EMAIL_NOT_VERIFIED, EMAIL_VERIFICATION_FAILED, EMAIL_VERIFY, emailVerificationSent, HOOK_URL_NOT_HTTPS, HOOKS_FULL, type AlertHookSlot } from '@sbc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '../../../test/render-page';
import {
  AlertWebhooks,
  EMAIL_SAVE_FAILED,
  EMAIL_TURN_ON,
  EMAIL_UNAVAILABLE,
  WEBHOOK_CHECKING,
  WEBHOOK_SAVE_FAILED,
  WEBHOOK_SECRET_TEXT,
} from './AlertWebhooks';

const PLAYER = { uid: 'p1', email: 'p@example.com', displayName: 'P' };
const URL_TEXT = 'https://discord.com/api/webhooks/1/abc';

function setup({ email = false } = {}) {
  const view = renderPage(<AlertWebhooks />, { url: '/watchlist', seed: { signedInUser: PLAYER, users: [{ ...PLAYER, isAdmin: false }] } });
  view.gateway.alertHooks.emailAvailable = email;
  return { ...view, hooks: view.gateway.alertHooks };
}

/** A webhook stored before the page reads the list (the fake's calls answer after the render's first tick). */
function seedHook(hooks: ReturnType<typeof setup>['hooks'], slot: AlertHookSlot, status: 'active' | 'refused' | 'disabled', message: string | null = null) {
  hooks.put('p1', { slot, url: `https://hooks.example.com/${slot}`, label: `Hook ${slot}`, status, failures: 0, message, lastTest: null });
}

afterEach(() => jest.restoreAllMocks());

describe('AlertWebhooks: a player adds, tests and removes webhooks', () => {
  it('adds a webhook: the secret is shown once, then the page follows the address check to Active', async () => {
    const { user, hooks } = setup();
    await user.type(await screen.findByLabelText('Webhook URL'), URL_TEXT);
    await user.type(screen.getByLabelText('Name (optional)'), 'My Discord');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));

    const list = await screen.findByRole('list', { name: 'Your webhooks' });
    expect(within(list).getByText('My Discord', { selector: 'strong' })).toBeInTheDocument();
    expect(within(list).getByText(WEBHOOK_CHECKING)).toBeInTheDocument();
    expect(screen.getByText(WEBHOOK_SECRET_TEXT)).toBeInTheDocument();
    const secret = (screen.getByLabelText('Webhook secret') as HTMLInputElement).value;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(hooks.secretOf('p1', 'hook1')).toBe(secret);
    expect(screen.getByLabelText('Webhook URL')).toHaveValue('');

    hooks.serverUpdate('p1', 'hook1', { status: 'active' });
    expect(await within(list).findByText('Active', {}, { timeout: 3000 })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByLabelText('Webhook secret')).not.toBeInTheDocument();
  });

  it('a URL that is not allowed: the reason, what was typed kept, nothing saved', async () => {
    const { user, hooks } = setup();
    const field = await screen.findByLabelText('Webhook URL');
    await user.type(field, 'http://example.com/hook');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(HOOK_URL_NOT_HTTPS);
    expect(field).toHaveValue('http://example.com/hook');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(hooks.calls.filter((c) => c.method === 'addAlertHook')).toHaveLength(0);
  });

  it('a save that fails: said, and what was typed kept', async () => {
    const { user, hooks } = setup();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    hooks.fail('addAlertHook', new Error('Failed to fetch'));
    const field = await screen.findByLabelText('Webhook URL');
    await user.type(field, URL_TEXT);
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WEBHOOK_SAVE_FAILED);
    expect(field).toHaveValue(URL_TEXT);
  });

  it('refused and disabled webhooks say why; the secret is never shown again', async () => {
    const { hooks } = setup();
    seedHook(hooks, 'hook1', 'refused', 'The host hooks.example.com points to a private network: only public internet addresses are allowed');
    seedHook(hooks, 'hook2', 'disabled', 'Disabled on 2026-11-27 10:00 UTC after 3 failed deliveries in a row (last: no answer within 5 s). Fix the receiver, then remove this webhook and add it again.');
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      'The host hooks.example.com points to a private network: only public internet addresses are allowed',
      expect.stringContaining('after 3 failed deliveries in a row (last: no answer within 5 s)'),
    ]);
    expect(screen.queryByLabelText('Webhook secret')).not.toBeInTheDocument();
  });

  it('at three webhooks the form gives way to the cap', async () => {
    const { hooks } = setup();
    for (const slot of ['hook1', 'hook2', 'hook3'] as const) seedHook(hooks, slot, 'active');
    expect(await screen.findByText(HOOKS_FULL)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a webhook' })).not.toBeInTheDocument();
  });

  it('"Send a test" says what the receiver answered', async () => {
    const { user, hooks } = setup();
    seedHook(hooks, 'hook1', 'active');
    hooks.onTestRequested = (uid, slot) => hooks.serverUpdate(uid, slot, { lastTest: { at: new Date(Date.now() + 1), ok: true, text: 'Delivered: the receiver answered HTTP 204' } });
    await user.click(await screen.findByRole('button', { name: 'Send a test' }));
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent === 'Delivered: the receiver answered HTTP 204')).toBe(true), { timeout: 3000 });
  });

  it('removes a webhook with its secret', async () => {
    const { user, hooks } = setup();
    seedHook(hooks, 'hook1', 'active');
    await user.click(await screen.findByRole('button', { name: 'Remove Hook hook1' }));
    await waitFor(() => expect(hooks.secretOf('p1', 'hook1')).toBeUndefined());
  });
});

describe('AlertWebhooks: e-mail alerts', () => {
  it('a site without an e-mail provider says so and offers webhooks only', async () => {
    setup({ email: false });
    expect(await screen.findByText(EMAIL_UNAVAILABLE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: EMAIL_TURN_ON })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Add a webhook' })).toBeInTheDocument();
  });

  it("turns them on: checked by the function, then Active, to the account's address; removed without a secret", async () => {
    const { user, hooks } = setup({ email: true });
    const group = await screen.findByRole('group', { name: 'E-mail' });
    expect(group).toHaveTextContent("One e-mail per market update that fires your alerts, sent to your account's e-mail address. (p@example.com)");
    await user.click(within(group).getByRole('button', { name: EMAIL_TURN_ON }));
    const list = await screen.findByRole('list', { name: 'Your webhooks' });
    expect(within(list).getByText('E-mail alerts', { selector: 'strong' })).toBeInTheDocument();
    expect(within(list).getByText(WEBHOOK_CHECKING)).toBeInTheDocument();
    expect(hooks.calls.filter((c) => c.method === 'addEmailAlerts').map((c) => c.args)).toEqual([['p1', 'hook1']]);
    expect(screen.queryByLabelText('Webhook secret')).not.toBeInTheDocument();
    // Only one e-mail destination: the offer goes once one exists.
    expect(screen.queryByRole('button', { name: EMAIL_TURN_ON })).not.toBeInTheDocument();

    hooks.serverUpdate('p1', 'hook1', { status: 'active', address: 'p@example.com' });
    expect(await within(list).findByText('Active', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(within(list).getByText('To p@example.com')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Remove E-mail alerts' }));
    await waitFor(() => expect(hooks.calls.filter((c) => c.method === 'removeAlertHook').map((c) => c.args)).toEqual([['p1', 'hook1', 'email']]));
    expect(await screen.findByRole('button', { name: EMAIL_TURN_ON })).toBeInTheDocument();
  });

  it('refused (an address not verified): the reason, and a verification e-mail sent on request', async () => {
    const { user, hooks, gateway } = setup({ email: true });
    hooks.put('p1', { slot: 'hook2', channel: 'email', url: '', label: '', status: 'refused', failures: 0, message: EMAIL_NOT_VERIFIED, lastTest: null });
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_NOT_VERIFIED);
    await user.click(screen.getByRole('button', { name: EMAIL_VERIFY }));
    expect(await screen.findByText(emailVerificationSent('p@example.com'))).toHaveAttribute('role', 'status');
    expect(gateway.callCount('auth.sendVerificationEmail')).toBe(1);
  });

  it('a verification e-mail that cannot be sent says so', async () => {
    const { user, hooks, gateway } = setup({ email: true });
    jest.spyOn(console, 'error').mockImplementation(() => {});
    gateway.fail('auth.sendVerificationEmail', new Error('Failed to fetch'));
    hooks.put('p1', { slot: 'hook2', channel: 'email', url: '', label: '', status: 'refused', failures: 0, message: EMAIL_NOT_VERIFIED, lastTest: null });
    await user.click(await screen.findByRole('button', { name: EMAIL_VERIFY }));
    expect(await screen.findByText(EMAIL_VERIFICATION_FAILED)).toBeInTheDocument();
  });

  it('no verification button for other refusals', async () => {
    const { hooks } = setup({ email: true });
    hooks.put('p1', { slot: 'hook2', channel: 'email', url: '', label: '', status: 'refused', failures: 0, message: 'Your account has no e-mail address to send alerts to.', lastTest: null });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: EMAIL_VERIFY })).not.toBeInTheDocument();
  });

  it('a save that fails says so', async () => {
    const { user, hooks } = setup({ email: true });
    jest.spyOn(console, 'error').mockImplementation(() => {});
    hooks.fail('addEmailAlerts', new Error('Failed to fetch'));
    await user.click(await screen.findByRole('button', { name: EMAIL_TURN_ON }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_SAVE_FAILED);
  });

  it('counts towards the three: with three webhooks it cannot be turned on', async () => {
    const { hooks } = setup({ email: true });
    for (const slot of ['hook1', 'hook2', 'hook3'] as const) seedHook(hooks, slot, 'active');
    expect(await screen.findByText(HOOKS_FULL)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: EMAIL_TURN_ON })).not.toBeInTheDocument();
  });
});
