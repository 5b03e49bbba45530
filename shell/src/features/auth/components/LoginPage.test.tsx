// First: jsdom lacks globals that react-router and firebase/auth touch at import time.
import { act, screen } from '@testing-library/react';
import { GatewayError } from '@sbc/shared';
import { ADA, ADA_PASSWORD, adaSeed, currentLocation, renderShell, settle, type RenderShellOptions } from '../../../testing/render-shell';
import { authRoutes } from '../testing/test-routes';

const renderLogin = (options: RenderShellOptions = {}) => renderShell(authRoutes, { route: '/login', ...options });
const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');
const submit = () => screen.getByRole('button', { name: /^Sign(ing)? In/ });

describe('login page', () => {
  it('has labelled e-mail and password inputs with autocomplete hints and a link to register', async () => {
    await renderLogin();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(email()).toHaveAttribute('autocomplete', 'email');
    expect(email()).toHaveAttribute('type', 'email');
    expect(password()).toHaveAttribute('autocomplete', 'current-password');
    expect(password()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
  });

  it.each([
    ['Email', '', 'Email is required'],
    ['Email', 'ada', 'Please enter a valid email'],
    ['Email', 'ada@', 'Please enter a valid email'],
    ['Password', '', 'Password is required'],
    ['Password', '12345', 'Password must be at least 6 characters'],
  ])('%s %p shows %p once the field is left', async (label, value, message) => {
    const { user } = await renderLogin();
    const input = screen.getByLabelText(label);
    await user.click(input);
    if (value) await user.type(input, value);
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    await user.tab();
    const shown = screen.getByText(message);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', shown.id);
    expect(input).toHaveAccessibleDescription(message);
  });

  it('shows no message for valid values', async () => {
    const { user } = await renderLogin();
    await user.type(email(), 'ada@example.com');
    await user.type(password(), '123456');
    await user.tab();
    expect(email()).not.toHaveAttribute('aria-invalid');
    expect(password()).not.toHaveAttribute('aria-invalid');
  });

  it.each([
    ['', '', true],
    ['ada@example.com', '', true],
    ['ada@example.com', '12345', true],
    ['ada', '123456', true],
    ['ada@example.com', '123456', false],
  ])('with e-mail %p and password %p the submit button is disabled: %p', async (emailValue, passwordValue, disabled) => {
    const { user } = await renderLogin();
    if (emailValue) await user.type(email(), emailValue);
    if (passwordValue) await user.type(password(), passwordValue);
    if (disabled) expect(submit()).toBeDisabled();
    else expect(submit()).toBeEnabled();
  });

  it("reads 'Signing In...' and is disabled while signing in, then goes home", async () => {
    const { user, gateway } = await renderLogin({ seed: adaSeed() });
    const release = gateway.hold('auth.signIn');
    await user.type(email(), ADA.email!);
    await user.type(password(), ADA_PASSWORD);
    await user.click(submit());
    expect(submit()).toHaveTextContent('Signing In...');
    expect(submit()).toBeDisabled();
    release();
    await settle();
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(gateway.calls.find((call) => call.method === 'auth.signIn')?.args).toEqual([ADA.email, ADA_PASSWORD]);
  });

  it.each([
    ['auth/user-not-found', 'User not found.'],
    ['auth/wrong-password', 'Incorrect password.'],
    ['auth/invalid-email', 'Invalid email address.'],
    ['auth/user-disabled', 'This account has been disabled.'],
    ['auth/too-many-requests', 'Too many login attempts. Please try again later.'],
    ['auth/network-request-failed', 'Login error. Please try again.'],
  ])('a sign-in failing with %s shows %p in the red box', async (code, message) => {
    const { user } = await renderLogin({
      seed: { ...adaSeed(), failing: { 'auth.signIn': new GatewayError(code, `Firebase: Error (${code}).`) } },
    });
    await user.type(email(), ADA.email!);
    await user.type(password(), ADA_PASSWORD);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(currentLocation()).toBe('/login');
    expect(submit()).toHaveTextContent('Sign In');
    expect(submit()).toBeEnabled();
  });

  it('shows the catalogue message for a wrong password given to the fake provider', async () => {
    const { user } = await renderLogin({ seed: adaSeed() });
    await user.type(email(), ADA.email!);
    await user.type(password(), 'not-her-password');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect password.');
  });

  it.each([
    ['/admin/json-editor', '/admin/json-editor', 'JSON editor'],
    ['/admin', '/admin', 'Admin dashboard'],
    ['//evil.example/admin', '/', 'Home page'],
    ['https://evil.example', '/', 'Home page'],
    ['/\t/evil.example', '/', 'Home page'],
    ['/\n/evil.example', '/', 'Home page'],
    ['/%2F%2Fevil.example', '/', 'Home page'],
    ['javascript:alert(1)', '/', 'Home page'],
  ])('after signing in with returnUrl %p it goes to %p', async (returnUrl, path, heading) => {
    const { user } = await renderLogin({
      seed: adaSeed({ admin: true }),
      route: `/login?returnUrl=${encodeURIComponent(returnUrl)}`,
    });
    await user.type(email(), ADA.email!);
    await user.type(password(), ADA_PASSWORD);
    await user.click(submit());
    await settle();
    expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    expect(currentLocation()).toBe(path);
  });

  it('sends a user who is already signed in home', async () => {
    await renderLogin({ seed: adaSeed({ signedIn: true }) });
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it.each([['/\t/evil.example'], ['/\\evil.example'], ['/..//evil.example']])(
    'sends a signed-in user with the hostile returnUrl %p home',
    async (returnUrl) => {
      await renderLogin({ seed: adaSeed({ signedIn: true }), route: `/login?returnUrl=${encodeURIComponent(returnUrl)}` });
      await settle();
      expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
      expect(currentLocation()).toBe('/');
    },
  );

  describe('when the auth service does not answer', () => {
    afterEach(() => jest.useRealTimers());
    // Timers are faked only once the form is filled (user-event waits on real timers); microtasks stay real.
    const fakeTimers = () => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });

    it('gives up after 15 s with "Login error. Please try again.", re-enables the form and keeps what was typed', async () => {
      const { user } = await renderLogin({ seed: adaSeed(), hold: ['auth.signIn'] });
      await user.type(email(), ADA.email!);
      await user.type(password(), ADA_PASSWORD);
      fakeTimers();
      act(() => submit().click());
      expect(submit()).toHaveTextContent('Signing In...');
      expect(submit()).toBeDisabled();
      await act(() => jest.advanceTimersByTimeAsync(14_999));
      expect(submit()).toHaveTextContent('Signing In...');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(1));
      expect(screen.getByRole('alert')).toHaveTextContent('Login error. Please try again.');
      expect(submit()).toHaveTextContent('Sign In');
      expect(submit()).toBeEnabled();
      expect(email()).toHaveValue(ADA.email);
      expect(password()).toHaveValue(ADA_PASSWORD);
      expect(currentLocation()).toBe('/login');
    });

    it('a signed-in user whose user document does not answer sees the loading text, then is sent on after 15 s', async () => {
      // The read starts while rendering, so the clock is faked first; it also runs by itself, for the render's settling.
      jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'], advanceTimers: true });
      const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
      await renderLogin({ seed: adaSeed({ signedIn: true, admin: true }), hold: ['users.get'], route: '/login?returnUrl=%2Fadmin' });
      expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Loading…');
      await act(() => jest.advanceTimersByTimeAsync(15_000));
      // Not known to be an admin: the guard sends her home instead of leaving the page waiting.
      expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
      expect(currentLocation()).toBe('/');
      expect(logged).toHaveBeenCalledWith('Failed to read the user document', expect.objectContaining({ code: 'deadline-exceeded' }));
      logged.mockRestore();
    });
  });
});
