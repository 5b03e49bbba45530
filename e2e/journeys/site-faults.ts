// The site under faults, from the visitor's side: hostile returnUrl values never blank the page, a hanging
// auth service ends in the spec's error texts, a detail page that cannot be read during an outage offers
// Retry (and "not found" stays for records that do not exist), and no page loads apis.google.com or logs
// a console error.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import type { LOGIN_ERROR_FALLBACK, REGISTRATION_ERROR_FALLBACK } from '../../domain/src/errors';
import type { RETRY_LABEL } from '../../public-site/src/components/LoadErrorCard';
import type { MATERIAL_LOAD_ERROR_TITLE } from '../../public-site/src/features/materials/components/MaterialDetailPage';
import type { PRODUCT_LOAD_ERROR_TITLE } from '../../public-site/src/features/products/components/ProductDetailPage';
import { AUTH_SERVICE_TIMEOUT_MS } from '../../shared/src/data/timeout';
import { loginReturningTo, paths } from '../../shared/src/paths';
import { withBrowser } from '../lib/browser';
import { clientRenderedNavigations, expectHeading, expectNotBlank, signIn, waitForPath } from '../lib/flows';
import { settled } from '../lib/settle';
import { builtFileOf, demoAccount, E2E_PORTS, site } from '../lib/stack';
import { test } from '../lib/test';

const FIRESTORE = `http://127.0.0.1:${E2E_PORTS.firestore}/**`;
/** The Auth emulator serves the provider's REST paths (accounts:signInWithPassword…) under this segment. */
const AUTH_API = '**/identitytoolkit.googleapis.com/**';
const REGISTER_FUNCTION = '**/registerUser';
/** The site's timeout for the auth service, plus a second of slack. */
const PAST_AUTH_TIMEOUT_MS = AUTH_SERVICE_TIMEOUT_MS + 1000;
const RETRY = 'Retry' satisfies typeof RETRY_LABEL;

/** Never answers: the request stays pending, as against a service that hangs. */
const hang = () => {};

/** Hangs the Firestore requests that read or write `users/…` documents; the rest go through. */
async function hangUserDocuments(page: Page) {
  await page.route(FIRESTORE, (route) => {
    const request = route.request();
    const touchesUsers = /\/documents\/users\//.test(`${request.url()} ${request.postData() ?? ''}`);
    return touchesUsers ? undefined : route.continue();
  });
}

/** gzip bytes of the built file a script URL names (as the performance journey counts them). */
function gzipBytes(url: string): number {
  const file = builtFileOf(url);
  return file ? gzipSync(readFileSync(file)).length : 0;
}

test.describe('hostile returnUrl values', () => {
  // Each is a same-site path to a naive check, and leaves the site (or crashed the page) once the browser reads it.
  const HOSTILE = ['/\t/evil.example', '/\n/evil.example', '/\\evil.example', '/..//evil.example', '/%2F%2Fevil.example', 'javascript:alert(1)'];

  test('signing in with a hostile returnUrl lands home on this site, never on a blank page', async () => {
    test.setTimeout(120_000);
    await withBrowser({}, async ({ page, pageErrors }) => {
      const player = demoAccount('player');
      const origin = new URL(site('/')).origin;
      for (const returnUrl of HOSTILE) {
        await page.goto(site(loginReturningTo(returnUrl)));
        await expectHeading(page, 'Sign in');
        await page.getByLabel('Email').fill(player.email);
        await page.getByLabel('Password', { exact: true }).fill(player.password);
        await page.getByRole('button', { name: 'Sign In' }).click();
        await expect(page, `stays on the site for ${JSON.stringify(returnUrl)}`).toHaveURL(
          (url) => url.origin === origin && url.pathname === paths.home,
        );
        await expectNotBlank(page);
        // Signed out again for the next value (a fresh session would be slower to come by).
        await page.evaluate(() => indexedDB.deleteDatabase('firebaseLocalStorageDb'));
        await page.context().clearCookies();
        await page.reload();
      }
      expect(pageErrors).toEqual([]);
    });
  });

  test('a signed-in visitor opening /login with the tab-after-slash returnUrl is sent home', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page, pageErrors }) => {
      await signIn(page, demoAccount('player'));
      await waitForPath(page, paths.home);
      await page.goto(site(loginReturningTo('/\t/evil.example')));
      await waitForPath(page, paths.home);
      await expectNotBlank(page);
      expect(pageErrors).toEqual([]);
    });
  });
});

test.describe('a hanging auth service', () => {
  test('login ends after the timeout with the spec message, the form enabled and filled', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page }) => {
      await page.clock.install();
      await page.route(AUTH_API, hang);
      const player = demoAccount('player');
      await page.goto(site(paths.login));
      await page.getByLabel('Email').fill(player.email);
      await page.getByLabel('Password', { exact: true }).fill(player.password);
      // Enter submits the form as a person would; a click's "stable" check waits for animation frames, which the
      // installed clock holds still while the button's style transition is under way.
      await page.getByLabel('Password', { exact: true }).press('Enter');
      await page.getByRole('button', { name: 'Signing In...' }).waitFor();
      await page.clock.fastForward(PAST_AUTH_TIMEOUT_MS);
      await page.getByRole('alert').filter({ hasText: 'Login error. Please try again.' satisfies typeof LOGIN_ERROR_FALLBACK }).waitFor();
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
      await expect(page.getByLabel('Email')).toHaveValue(player.email);
      await expect(page.getByLabel('Password', { exact: true })).toHaveValue(player.password);
      await waitForPath(page, paths.login);

      // Once the service answers again the player gets in: the sign-in that hung completes (Firebase then
      // reports the user, and the login page sends them home), or, when that request is gone, the same form
      // submitted again signs in.
      await page.unroute(AUTH_API);
      const lateAnswer = await page.waitForURL((url) => url.pathname === paths.home, { timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      if (!lateAnswer) await page.getByLabel('Password', { exact: true }).press('Enter');
      await waitForPath(page, paths.home);
    });
  });

  test('registration ends after the timeout with the spec message and keeps every field', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page }) => {
      await page.clock.install();
      await page.route(REGISTER_FUNCTION, hang);
      const values = { 'Full name': 'Patient Trader', Email: `patient-${Date.now()}@sbc-tycoon.test`, Password: 'secret-123', 'Confirm password': 'secret-123' };
      await page.goto(site(paths.register));
      for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByRole('button', { name: 'Creating Account...' }).waitFor();
      await page.clock.fastForward(PAST_AUTH_TIMEOUT_MS);
      await page
        .getByRole('alert')
        .filter({ hasText: 'Registration error. Please try again.' satisfies typeof REGISTRATION_ERROR_FALLBACK })
        .waitFor();
      await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();
      for (const [label, value] of Object.entries(values)) {
        await expect(page.getByLabel(label, { exact: true }), label).toHaveValue(value);
      }
      await waitForPath(page, paths.register);
    });
  });

  test('an admin whose user document does not answer is not left on a loading page', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page, pageErrors }) => {
      await page.clock.install();
      await hangUserDocuments(page);
      await signIn(page, demoAccount('admin'), loginReturningTo(paths.admin));
      await waitForPath(page, paths.admin);
      await page.getByRole('status').filter({ hasText: 'Loading…' }).waitFor();
      await page.clock.fastForward(PAST_AUTH_TIMEOUT_MS);
      // The admin flag could not be read, so the guard treats her as a player (SPEC section 8) and sends her home.
      await waitForPath(page, paths.home);
      await expectNotBlank(page);
      expect(pageErrors).toEqual([]);
    });
  });
});

test.describe('detail pages during an outage', () => {
  const CASES = [
    { path: paths.product('solar-panel'), failed: 'Asset unavailable' satisfies typeof PRODUCT_LOAD_ERROR_TITLE, ready: 'Solar Panel' },
    { path: paths.material('Copper'), failed: 'Material unavailable' satisfies typeof MATERIAL_LOAD_ERROR_TITLE, ready: 'Copper' },
  ];
  for (const { path, failed, ready } of CASES) {
    test(`${path} that cannot be read shows "${failed}" with Retry; Retry after the outage shows the record`, async () => {
      test.setTimeout(60_000);
      await withBrowser({}, async ({ page, pageErrors }) => {
        // A server-rendered detail page holds the record the server read: the browser's outage shows on a page
        // the browser renders itself (a failed server render, as here, or a later client-side navigation).
        await clientRenderedNavigations(page);
        await page.route(FIRESTORE, (route) => route.abort('connectionrefused'));
        await page.goto(site(path));
        await expectHeading(page, failed);
        await page.getByText('Check your connection, then try again.').waitFor();
        await expect(page.getByText(/not found|could not be located/i), 'an outage is not "not found"').toHaveCount(0);
        await page.unroute(FIRESTORE);
        await page.getByRole('button', { name: RETRY }).click();
        await expectHeading(page, ready);
        await expect(page.getByRole('button', { name: RETRY })).toHaveCount(0);
        expect(pageErrors).toEqual([]);
      });
    });
  }

  test('a product or material that does not exist is still "not found", with no Retry', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page }) => {
      await page.goto(site(paths.product('no-such-asset')));
      await expectHeading(page, 'Asset not found');
      await page.getByRole('link', { name: 'Return to sectors' }).waitFor();
      await expect(page.getByRole('button', { name: RETRY })).toHaveCount(0);
      await page.goto(site(paths.material('No such material')));
      await expectHeading(page, 'Material not found');
      await expect(page.getByRole('button', { name: RETRY })).toHaveCount(0);
    });
  });
});

test.describe('no third-party script and no console error', () => {
  const ROUTES = [
    paths.home,
    paths.products,
    `${paths.products}?sector=energy`,
    paths.product('solar-panel'),
    paths.materials,
    paths.material('Copper'),
    paths.faq,
    paths.login,
    paths.register,
  ];
  // Firebase's popup/redirect helper loads apis.google.com at start-up only in mobile browsers and Safari
  // (`_shouldInitProactively`), as Lighthouse's mobile run saw it: so the phone run has a phone's user agent.
  const PHONE_UA =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
  const DEVICES = [
    { name: 'desktop', viewport: { width: 1280, height: 900 } },
    { name: 'phone', viewport: { width: 390, height: 844 }, userAgent: PHONE_UA },
  ];

  for (const device of DEVICES) {
    test(`on a ${device.name}, no page requests apis.google.com or logs a console error, signed out and signed in`, async () => {
      test.setTimeout(120_000);
      await withBrowser({ viewport: device.viewport }, async ({ page, requests, pageErrors }) => {
        if (device.userAgent) {
          const cdp = await page.context().newCDPSession(page);
          await cdp.send('Emulation.setUserAgentOverride', { userAgent: device.userAgent });
        }
        const consoleErrors: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
        });
        // Each page is left only once it has settled: every request it started answered, so a request or an
        // error that comes of one is seen.
        const visit = async (path: string) => {
          await page.goto(site(path));
          await expectNotBlank(page);
          await settled(page);
        };
        // '/' first, in the fresh profile: its scripts are the JS a first visit downloads.
        await visit(paths.home);
        const homeScripts = [...new Set(requests.filter((url) => /\.js(\?|$)/.test(url)))];
        const jsOnHome = Math.round(homeScripts.reduce((total, url) => total + gzipBytes(url), 0) / 102.4) / 10;
        for (const path of ROUTES) await visit(path);
        // Signed in, the auth SDK is in use on every page: still nothing from apis.google.com.
        await signIn(page, demoAccount('player'));
        await waitForPath(page, paths.home);
        for (const path of ROUTES.filter((p) => p !== paths.login && p !== paths.register)) await visit(path);

        const google = requests.filter((url) => new URL(url).hostname === 'apis.google.com');
        expect(google, 'no request to apis.google.com').toEqual([]);
        expect(consoleErrors, 'no console error').toEqual([]);
        expect(pageErrors).toEqual([]);
        console.log(`\nJS a first visit to / downloads (${device.name}): ${homeScripts.length} files, ${jsOnHome} KB gzip`);
      });
    });
  }
});
