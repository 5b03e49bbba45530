// Every route renders inside the shell; the admin remote stays off a visitor's network; a remote
// that is down shows a fallback with retry while the rest of the site keeps working.
import assert from 'node:assert/strict';
import { test } from '../lib/test.mjs';
import { withBrowser } from '../lib/browser.mjs';
import { demoAccount, E2E_PORTS, site } from '../lib/stack.mjs';
import { expectHeading, pathOf, signIn } from '../lib/flows.mjs';

const ADMIN_ORIGIN = `http://localhost:${E2E_PORTS.adminConsole}`;

test.describe('shell and remotes', () => {
  test('every public route renders inside the shell layout', async () => {
    test.setTimeout(90_000);
    await withBrowser({}, async ({ page, pageErrors }) => {
      /** @type {Array<[string, string | RegExp]>} */
      const routes = [
        ['/', /Build a business empire/],
        ['/products', 'Product Categories'],
        ['/products/solar-panel', 'Solar Panel'],
        ['/materials', 'Stock Ledger'],
        ['/materials/Copper', 'Copper'],
        ['/faq', 'Frequently Asked Questions'],
        ['/login', 'Sign in'],
        ['/register', 'Create your account'],
      ];
      for (const [path, heading] of routes) {
        await page.goto(site(path));
        await expectHeading(page, heading);
        assert.equal(await page.getByRole('link', { name: 'Skip to content' }).count(), 1, `skip link on ${path}`);
        await page.getByRole('navigation', { name: 'Main' }).waitFor();
        assert.equal(await page.locator('main#main-content h1').count() >= 1, true, `${path} renders in <main>`);
      }
      assert.deepEqual(pageErrors, []);
    });
  });

  test('each remote also starts alone on its own origin, with its own store and no shell', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page, requests, pageErrors }) => {
      await page.goto(`http://localhost:${E2E_PORTS.publicSite}/`);
      const publicNav = page.getByRole('navigation', { name: 'public-site standalone' });
      await publicNav.waitFor();
      await expectHeading(page, /Build a business empire/);
      await publicNav.getByRole('link', { name: 'Products' }).click();
      await expectHeading(page, 'Product Categories');
      await page.getByRole('button', { name: /energy/i }).first().click();
      await page.getByRole('table', { name: 'Products trading in energy' }).getByRole('link', { name: 'Solar Panel' }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Skip to content' }).count(), 0, 'no shell header');

      await page.goto(`http://localhost:${E2E_PORTS.adminConsole}/`);
      await page.getByRole('navigation', { name: 'admin-console standalone' }).waitFor();
      await page.locator('main h1').first().waitFor();
      const shellOrigin = new URL(site('/')).origin;
      assert.deepEqual(requests.filter((url) => url.startsWith(shellOrigin)), [], 'the shell is never loaded');
      assert.deepEqual(pageErrors, []);
    });
  });

  test('a remote started alone without /app-config.json says which file is missing and how to start', async () => {
    await withBrowser({}, async ({ page }) => {
      const origin = `http://localhost:${E2E_PORTS.publicSite}`;
      await page.route(`${origin}/app-config.json`, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
      await page.goto(`${origin}/`);
      const alert = page.getByRole('alert').filter({ hasText: 'public-site could not start' });
      await alert.waitFor();
      const text = await alert.textContent();
      assert.match(text, /\/app-config\.json could not be fetched: HTTP 404/);
      assert.match(text, /npm start/);
    });
  });

  test('an unknown path redirects home', async () => {
    await withBrowser({}, async ({ page }) => {
      await page.goto(site('/no/such/page'));
      await page.waitForURL((url) => url.pathname === '/');
      await expectHeading(page, /Build a business empire/);
    });
  });

  test('the skip link moves focus to the main content', async () => {
    await withBrowser({}, async ({ page }) => {
      await page.goto(site('/faq'));
      await expectHeading(page, 'Frequently Asked Questions');
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      assert.equal(await skip.evaluate((el) => el === document.activeElement), true);
      await page.keyboard.press('Enter');
      assert.equal(await page.evaluate(() => location.hash), '#main-content');
    });
  });

  test('a visitor browsing the public pages never downloads admin-console code', async () => {
    await withBrowser({}, async ({ page, requests }) => {
      for (const path of ['/', '/products', '/materials', '/faq', '/login']) {
        await page.goto(site(path));
        await page.locator('main h1').first().waitFor();
      }
      const adminRequests = requests.filter((url) => url.startsWith(ADMIN_ORIGIN));
      assert.deepEqual(adminRequests, []);
    });
  });

  test('a signed-out visitor reading the public pages downloads no Firebase; signing in downloads it', async () => {
    test.setTimeout(60_000);
    // Only the Firebase SDK holds its service's host names; a script is fetched again to read it.
    const firebaseScripts = async (requests) => {
      const scripts = [...new Set(requests.filter((url) => /\.js(\?|$)/.test(url)))];
      const texts = await Promise.all(scripts.map(async (url) => [url, await (await fetch(url)).text()]));
      return texts.filter(([, text]) => text.includes('identitytoolkit.googleapis.com')).map(([url]) => url);
    };
    await withBrowser({}, async ({ page, requests }) => {
      for (const path of ['/', '/products?sector=energy', '/products/solar-panel', '/materials/Copper', '/faq']) {
        await page.goto(site(path));
        await page.locator('main h1').first().waitFor();
      }
      await page.getByRole('link', { name: 'Login' }).waitFor();
      assert.deepEqual(await firebaseScripts(requests), [], 'no Firebase on public pages for a signed-out visitor');
      await signIn(page, demoAccount('player'));
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('button', { name: /account menu/ }).waitFor();
      assert.equal((await firebaseScripts(requests)).length, 1, 'signing in downloads Firebase, once');
    });
  });

  test('with the admin remote down, /admin shows a fallback with retry and /products still works', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page }) => {
      await signIn(page, demoAccount('admin'));
      await page.waitForURL((url) => url.pathname === '/');
      await page.route(`${ADMIN_ORIGIN}/**`, (route) => route.abort('connectionrefused'));
      await page.getByRole('button', { name: /account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
      await page.getByRole('alert').filter({ hasText: 'This part of the site is unavailable' }).waitFor();
      assert.equal(pathOf(page), '/admin');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
      await expectHeading(page, 'Product Categories');
      await page.goBack();
      await page.getByRole('button', { name: 'Retry' }).waitFor();
      await page.unroute(`${ADMIN_ORIGIN}/**`);
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'unavailable' }).first().waitFor();
      assert.equal(await page.getByText('This part of the site is unavailable').count(), 0);
    });
  });
});
