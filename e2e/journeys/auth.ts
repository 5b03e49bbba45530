// Registration through the cloud function, sign-out, wrong password, admin access, guards.
import { expect } from '@playwright/test';
import type { LOGIN_ERROR_MESSAGES, REGISTRATION_ERROR_MESSAGES } from '../../domain/src/errors';
import { paths } from '../../shared/src/paths';
import { withBrowser } from '../lib/browser';
import { expectHeading, signIn, signOut, waitForPath } from '../lib/flows';
import { demoAccount, E2E_PORTS, site } from '../lib/stack';
import { test } from '../lib/test';

// SBC_E2E_PORT_OFFSET moves the ports, so the admin remote's origin comes from the stack, never a literal.
const ADMIN_ORIGIN = `http://localhost:${E2E_PORTS.adminConsole}`;
const adminRequests = (requests: string[]) => requests.filter((url) => url.startsWith(ADMIN_ORIGIN));

// The spec's texts (SPEC section 8), written out; the compiler holds them to the app's error table.
const EMAIL_IN_USE = 'This email is already in use.' satisfies (typeof REGISTRATION_ERROR_MESSAGES)['email-already-in-use'];
const WRONG_PASSWORD = 'Incorrect password.' satisfies (typeof LOGIN_ERROR_MESSAGES)['wrong-password'];
const USER_NOT_FOUND = 'User not found.' satisfies (typeof LOGIN_ERROR_MESSAGES)['user-not-found'];

test.describe('sign-in journeys', () => {
  test('a new player registers, lands home signed in, and signs out', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page }) => {
      const email = `player-${Date.now()}@sbc-tycoon.test`;
      await page.goto(site(paths.register));
      await page.getByLabel('Full name').fill('Nova Trader');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('secret-123');
      await page.getByLabel('Confirm password').fill('secret-123');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await waitForPath(page, paths.home);
      await page.getByRole('button', { name: /account menu for Nova Trader/ }).click();
      await page.getByText(email).waitFor();
      await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);
      await page.keyboard.press('Escape');
      // Signing out away from home shows that a successful logout goes home (SPEC section 4).
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
      await waitForPath(page, paths.products);
      await expectHeading(page, 'Product Categories');
      await signOut(page);
      await waitForPath(page, paths.home);
      await expect(page.getByRole('button', { name: /account menu/ })).toHaveCount(0);
    });
  });

  test('registering an e-mail already in use shows the spec message', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page }) => {
      const player = demoAccount('player');
      await page.goto(site(paths.register));
      await page.getByLabel('Full name').fill('Copy Cat');
      await page.getByLabel('Email').fill(player.email);
      await page.getByLabel('Password', { exact: true }).fill('secret-123');
      await page.getByLabel('Confirm password').fill('secret-123');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByRole('alert').filter({ hasText: EMAIL_IN_USE }).waitFor();
      await waitForPath(page, paths.register);
    });
  });

  test('a wrong password and an unknown e-mail show the spec login errors and keep the visitor on the form', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page }) => {
      await signIn(page, { email: demoAccount('player').email, password: 'not-the-password' });
      // The Auth emulator (like projects without e-mail enumeration protection) answers INVALID_PASSWORD.
      await page.getByRole('alert').filter({ hasText: WRONG_PASSWORD }).waitFor();
      await waitForPath(page, paths.login);
      await page.getByLabel('Email').fill('nobody@sbc-tycoon.test');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('alert').filter({ hasText: USER_NOT_FOUND }).waitFor();
    });
  });

  test('the demo admin signs in and reaches /admin from the user menu', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page }) => {
      await signIn(page, demoAccount('admin'));
      await waitForPath(page, paths.home);
      await page.getByRole('button', { name: /account menu/ }).click();
      await page.getByText('Admin', { exact: true }).first().waitFor();
      await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
      await waitForPath(page, paths.admin);
      await page.getByText(demoAccount('admin').email).first().waitFor();
    });
  });

  test('a player typing /admin lands home; signed-in users are sent away from /login', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page, requests }) => {
      await signIn(page, demoAccount('player'));
      await waitForPath(page, paths.home);
      await page.goto(site(paths.admin));
      await waitForPath(page, paths.home);
      await page.goto(site(paths.login));
      await waitForPath(page, paths.home);
      expect(adminRequests(requests), 'the admin remote is never requested').toEqual([]);
    });
  });

  test('a guest typing /admin/json-editor signs in as admin and returns there', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page, requests }) => {
      await page.goto(site(paths.adminJsonEditor));
      await expect(page).toHaveURL((url) => url.pathname === paths.login && url.searchParams.get('returnUrl') === paths.adminJsonEditor);
      await expectHeading(page, 'Sign in');
      expect(adminRequests(requests), 'a guest is sent to /login before any admin code is requested').toEqual([]);
      const admin = demoAccount('admin');
      await page.getByLabel('Email').fill(admin.email);
      await page.getByLabel('Password', { exact: true }).fill(admin.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await waitForPath(page, paths.adminJsonEditor);
      await expectHeading(page, 'JSON Editor');
    });
  });
});
