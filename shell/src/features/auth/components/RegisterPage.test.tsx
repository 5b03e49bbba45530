// First: jsdom lacks globals that react-router and firebase/auth touch at import time.
import { act, screen } from '@testing-library/react';
import { adaSeed, currentLocation, renderShell, settle, type RenderShellOptions } from '../../../testing/render-shell';
import { authRoutes } from '../testing/test-routes';

const renderRegister = (options: RenderShellOptions = {}) => renderShell(authRoutes, { route: '/register', ...options });
const submit = () => screen.getByRole('button', { name: /^Creat(e|ing) Account/ });

const GRACE = { 'Full name': 'Grace Hopper', Email: 'grace@example.com', Password: 'cobol-59', 'Confirm password': 'cobol-59' };
type Label = keyof typeof GRACE;

async function fill(user: Awaited<ReturnType<typeof renderRegister>>['user'], values: Partial<Record<Label, string>>) {
  for (const [label, value] of Object.entries(values)) if (value) await user.type(screen.getByLabelText(label), value);
}

describe('register page', () => {
  it('has the four labelled inputs with autocomplete hints and a link to login', async () => {
    await renderRegister();
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('autocomplete', 'name');
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it.each<[Label, Partial<Record<Label, string>>, string]>([
    ['Full name', {}, 'Full name is required'],
    ['Full name', { 'Full name': 'G' }, 'Name must be at least 2 characters'],
    ['Full name', { 'Full name': '  G  ' }, 'Name must be at least 2 characters'],
    ['Email', {}, 'Email is required'],
    ['Email', { Email: 'grace@' }, 'Please enter a valid email'],
    ['Password', {}, 'Password is required'],
    ['Password', { Password: 'abc' }, 'Password must be at least 6 characters'],
    ['Confirm password', {}, 'Password confirmation is required'],
    ['Confirm password', { Password: 'cobol-59', 'Confirm password': 'cobol-60' }, 'Passwords do not match'],
  ])('%s shows %p… once left, given %p', async (label, values, message) => {
    const { user } = await renderRegister();
    await fill(user, values);
    const input = screen.getByLabelText(label);
    await user.click(input);
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    await user.tab();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(message);
  });

  it.each<[string, Partial<Record<Label, string>>, boolean]>([
    ['empty', {}, true],
    ['without confirmation', { ...GRACE, 'Confirm password': '' }, true],
    ['with a mismatching confirmation', { ...GRACE, 'Confirm password': 'cobol-60' }, true],
    ['with a one-letter name', { ...GRACE, 'Full name': 'G' }, true],
    ['complete and valid', GRACE, false],
  ])('submit is disabled when the form is %s: %p', async (_case, values, disabled) => {
    const { user } = await renderRegister();
    await fill(user, values);
    if (disabled) expect(submit()).toBeDisabled();
    else expect(submit()).toBeEnabled();
  });

  it("reads 'Creating Account...' while registering, then signs in and goes home", async () => {
    const { user, gateway } = await renderRegister();
    const release = gateway.hold('auth.register');
    await fill(user, GRACE);
    await user.click(submit());
    expect(submit()).toHaveTextContent('Creating Account...');
    expect(submit()).toBeDisabled();
    release();
    await settle();
    expect(currentLocation()).toBe('/');
    expect(gateway.calls.find((call) => call.method === 'auth.register')?.args).toEqual([
      { email: 'grace@example.com', password: 'cobol-59', displayName: 'Grace Hopper' },
    ]);
    expect(gateway.callCount('auth.signIn')).toBe(1);
  });

  it('shows the registration message in the red box when the e-mail is taken', async () => {
    const { user } = await renderRegister({ seed: adaSeed() });
    await fill(user, { ...GRACE, Email: 'ada@example.com' });
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('This email is already in use.');
    expect(currentLocation()).toBe('/register');
    expect(submit()).toHaveTextContent('Create Account');
  });

  it("shows 'Registration failed' when the function answers success false without a text", async () => {
    const { user, gateway } = await renderRegister();
    gateway.auth.register = async () => ({ success: false });
    await fill(user, GRACE);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed');
  });

  it("caps name and passwords at the registration function's limits (100, 128), so its 'not allowed' reply cannot be reached", async () => {
    const { user, gateway } = await renderRegister();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('maxlength', '100');
    expect(screen.getByLabelText('Password')).toHaveAttribute('maxlength', '128');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('maxlength', '128');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('maxlength');
    const longName = 'N'.repeat(120);
    const longPassword = 'p'.repeat(140);
    for (const [label, text] of [['Full name', longName], ['Email', GRACE.Email], ['Password', longPassword], ['Confirm password', longPassword]]) {
      await user.click(screen.getByLabelText(label));
      await user.paste(text);
    }
    expect(screen.getByLabelText('Full name')).toHaveValue(longName.slice(0, 100));
    expect(screen.getByLabelText('Password')).toHaveValue(longPassword.slice(0, 128));
    await user.click(submit());
    await settle();
    expect(gateway.calls.find((call) => call.method === 'auth.register')?.args).toEqual([
      { email: GRACE.Email, password: longPassword.slice(0, 128), displayName: longName.slice(0, 100) },
    ]);
    expect(currentLocation()).toBe('/');
  });

  it('sends a user who is already signed in home', async () => {
    await renderRegister({ seed: adaSeed({ signedIn: true }) });
    expect(currentLocation()).toBe('/');
  });

  it.each([
    ['the registration function', 'auth.register' as const],
    ['the sign-in after registering', 'auth.signIn' as const],
  ])(
    'when %s does not answer, gives up after 15 s with "Registration error. Please try again.", the form enabled and filled',
    async (_label, method) => {
      const { user } = await renderRegister({ hold: [method] });
      await fill(user, GRACE);
      jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
      try {
        act(() => submit().click());
        expect(submit()).toHaveTextContent('Creating Account...');
        await act(() => jest.advanceTimersByTimeAsync(14_999));
        expect(submit()).toHaveTextContent('Creating Account...');
        await act(() => jest.advanceTimersByTimeAsync(1));
        expect(screen.getByRole('alert')).toHaveTextContent('Registration error. Please try again.');
        expect(submit()).toHaveTextContent('Create Account');
        expect(submit()).toBeEnabled();
        for (const [label, value] of Object.entries(GRACE)) expect(screen.getByLabelText(label)).toHaveValue(value);
        expect(currentLocation()).toBe('/register');
      } finally {
        jest.useRealTimers();
      }
    },
  );
});
