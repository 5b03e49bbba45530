// Registration through the cloud function, sign-out, wrong password, admin access, guards.
import assert from 'node:assert/strict';
import { test } from '../lib/test.mjs';
import { withBrowser } from '../lib/browser.mjs';
import { demoAccount, E2E_PORTS, site } from '../lib/stack.mjs';
import { expectHeading, pathOf, signIn, signOut, waitForPath } from '../lib/flows.mjs';

// SBC_E2E_PORT_OFFSET moves the ports, so the admin remote's origin comes from the stack, never a literal.
const ADMIN_ORIGIN = `http://localhost:${E2E_PORTS.adminConsole}`;
const adminRequests = (requests) => requests.filter((url) => url.startsWith(ADMIN_ORIGIN));

test.describe('sign-in journeys', () => {
  test('a new player registers, lands home signed in, and signs out', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page }) => {
      const email = `player-${Date.now()}@sbc-tycoon.test`;
      await page.goto(site('/register'));
      await page.getByLabel('Full name').fill('Nova Trader');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('secret-123');
      await page.getByLabel('Confirm password').fill('secret-123');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await waitForPath(page, '/');
      await page.getByRole('button', { name: /account menu for Nova Trader/ }).click();
      await page.getByText(email).waitFor();
      assert.equal(await page.getByRole('menuitem', { name: 'Admin Dashboard' }).count(), 0);
      await page.keyboard.press('Escape');
      // Signing out away from home shows that a successful logout goes home (SPEC section 4).
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
      await waitForPath(page, '/products');
      await expectHeading(page, 'Product Categories');
      await signOut(page);
      await waitForPath(page, '/');
      assert.equal(await page.getByRole('button', { name: /account menu/ }).count(), 0);
    });
  });

  test('registering an e-mail already in use shows the spec message', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page }) => {
      const player = demoAccount('player');
      await page.goto(site('/register'));
      await page.getByLabel('Full name').fill('Copy Cat');
      await page.getByLabel('Email').fill(player.email);
      await page.getByLabel('Password', { exact: true }).fill('secret-123');
      await page.getByLabel('Confirm password').fill('secret-123');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByRole('alert').filter({ hasText: 'This email is already in use.' }).waitFor();
      assert.equal(pathOf(page), '/register');
    });
  });

  test('a wrong password and an unknown e-mail show the spec login errors and keep the visitor on the form', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page }) => {
      await signIn(page, { email: demoAccount('player').email, password: 'not-the-password' });
      // The Auth emulator (like projects without e-mail enumeration protection) answers INVALID_PASSWORD.
      await page.getByRole('alert').filter({ hasText: 'Incorrect password.' }).waitFor();
      assert.equal(pathOf(page), '/login');
      await page.getByLabel('Email').fill('nobody@sbc-tycoon.test');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('alert').filter({ hasText: 'User not found.' }).waitFor();
    });
  });

  test('the demo admin signs in and reaches /admin from the user menu', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page }) => {
      await signIn(page, demoAccount('admin'));
      await waitForPath(page, '/');
      await page.getByRole('button', { name: /account menu/ }).click();
      await page.getByText('Admin', { exact: true }).first().waitFor();
      await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
      await waitForPath(page, '/admin');
      await page.getByText(demoAccount('admin').email).first().waitFor();
    });
  });

  test('a player typing /admin lands home; signed-in users are sent away from /login', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page, requests }) => {
      await signIn(page, demoAccount('player'));
      await waitForPath(page, '/');
      await page.goto(site('/admin'));
      await waitForPath(page, '/');
      await page.goto(site('/login'));
      await waitForPath(page, '/');
      assert.deepEqual(adminRequests(requests), [], 'the admin remote is never requested');
    });
  });

  test('a guest typing /admin/json-editor signs in as admin and returns there', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page, requests }) => {
      await page.goto(site('/admin/json-editor'));
      await page.waitForURL((url) => url.pathname === '/login');
      assert.equal(new URL(page.url()).searchParams.get('returnUrl'), '/admin/json-editor');
      await expectHeading(page, 'Sign in');
      assert.deepEqual(adminRequests(requests), [], 'a guest is sent to /login before any admin code is requested');
      const admin = demoAccount('admin');
      await page.getByLabel('Email').fill(admin.email);
      await page.getByLabel('Password', { exact: true }).fill(admin.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await waitForPath(page, '/admin/json-editor');
      await expectHeading(page, 'JSON Editor');
    });
  });
});
