// Every route renders inside the shell; the admin remote stays off a visitor's network; a remote
// that is down shows a fallback with retry while the rest of the site keeps working.
import { expect } from '@playwright/test';
import { RUNTIME_CONFIG_PATH } from '../../shared/src/config/runtime-config';
import { paths } from '../../shared/src/paths';
import { withBrowser } from '../lib/browser';
import { expectHeading, signIn, waitForPath } from '../lib/flows';
import { demoAccount, E2E_PORTS, site } from '../lib/stack';
import { test } from '../lib/test';

const ADMIN_ORIGIN = `http://localhost:${E2E_PORTS.adminConsole}`;

test.describe('shell and remotes', () => {
  test('every public route renders inside the shell layout', async () => {
    test.setTimeout(90_000);
    await withBrowser({}, async ({ page, pageErrors }) => {
      const routes: Array<[string, string | RegExp]> = [
        [paths.home, /Build a business empire/],
        [paths.products, 'Product Categories'],
        [paths.product('solar-panel'), 'Solar Panel'],
        [paths.materials, 'Stock Ledger'],
        [paths.material('Copper'), 'Copper'],
        [paths.faq, 'Frequently Asked Questions'],
        [paths.login, 'Sign in'],
        [paths.register, 'Create your account'],
      ];
      for (const [path, heading] of routes) {
        await page.goto(site(path));
        await expectHeading(page, heading);
        await expect(page.getByRole('link', { name: 'Skip to content' }), `skip link on ${path}`).toHaveCount(1);
        await page.getByRole('navigation', { name: 'Main' }).waitFor();
        await expect(page.locator('main#main-content h1').first(), `${path} renders in <main>`).toBeAttached();
      }
      expect(pageErrors).toEqual([]);
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
      await expect(page.getByRole('link', { name: 'Skip to content' }), 'no shell header').toHaveCount(0);

      await page.goto(`http://localhost:${E2E_PORTS.adminConsole}/`);
      await page.getByRole('navigation', { name: 'admin-console standalone' }).waitFor();
      await page.locator('main h1').first().waitFor();
      const shellOrigin = new URL(site('/')).origin;
      expect(requests.filter((url) => url.startsWith(shellOrigin)), 'the shell is never loaded').toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  });

  test('a remote started alone without /app-config.json says which file is missing and how to start', async () => {
    await withBrowser({}, async ({ page }) => {
      const origin = `http://localhost:${E2E_PORTS.publicSite}`;
      await page.route(`${origin}${RUNTIME_CONFIG_PATH}`, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
      await page.goto(`${origin}/`);
      const alert = page.getByRole('alert').filter({ hasText: 'public-site could not start' });
      await expect(alert).toContainText('/app-config.json could not be fetched: HTTP 404');
      await expect(alert).toContainText('npm start');
    });
  });

  test('an unknown path redirects home', async () => {
    await withBrowser({}, async ({ page }) => {
      await page.goto(site('/no/such/page'));
      await waitForPath(page, paths.home);
      await expectHeading(page, /Build a business empire/);
    });
  });

  test('the skip link moves focus to the main content', async () => {
    await withBrowser({}, async ({ page }) => {
      await page.goto(site(paths.faq));
      await expectHeading(page, 'Frequently Asked Questions');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL((url) => url.hash === '#main-content');
    });
  });

  test('a visitor browsing the public pages never downloads admin-console code', async () => {
    await withBrowser({}, async ({ page, requests }) => {
      for (const path of [paths.home, paths.products, paths.materials, paths.faq, paths.login]) {
        await page.goto(site(path));
        await page.locator('main h1').first().waitFor();
      }
      expect(requests.filter((url) => url.startsWith(ADMIN_ORIGIN))).toEqual([]);
    });
  });

  test('a signed-out visitor reading the public pages downloads no Firebase; signing in downloads it', async () => {
    test.setTimeout(60_000);
    // Only the Firebase SDK holds its service's host names; a script is fetched again to read it.
    const firebaseScripts = async (requests: string[]) => {
      const scripts = [...new Set(requests.filter((url) => /\.js(\?|$)/.test(url)))];
      const texts = await Promise.all(scripts.map(async (url) => [url, await (await fetch(url)).text()] as const));
      return texts.filter(([, text]) => text.includes('identitytoolkit.googleapis.com')).map(([url]) => url);
    };
    await withBrowser({}, async ({ page, requests }) => {
      for (const path of [paths.home, `${paths.products}?sector=energy`, paths.product('solar-panel'), paths.material('Copper'), paths.faq]) {
        await page.goto(site(path));
        await page.locator('main h1').first().waitFor();
      }
      await page.getByRole('link', { name: 'Login' }).waitFor();
      expect(await firebaseScripts(requests), 'no Firebase on public pages for a signed-out visitor').toEqual([]);
      await signIn(page, demoAccount('player'));
      await waitForPath(page, paths.home);
      await page.getByRole('button', { name: /account menu/ }).waitFor();
      // The sign-in itself needed Firebase, so its script has arrived by now.
      expect(await firebaseScripts(requests), 'signing in downloads Firebase, once').toHaveLength(1);
    });
  });

  test('with the admin remote down, /admin shows a fallback with retry and /products still works', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page }) => {
      await signIn(page, demoAccount('admin'));
      await waitForPath(page, paths.home);
      await page.route(`${ADMIN_ORIGIN}/**`, (route) => route.abort('connectionrefused'));
      await page.getByRole('button', { name: /account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
      await page.getByRole('alert').filter({ hasText: 'This part of the site is unavailable' }).waitFor();
      await waitForPath(page, paths.admin);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
      await expectHeading(page, 'Product Categories');
      await page.goBack();
      await page.getByRole('button', { name: 'Retry' }).waitFor();
      await page.unroute(`${ADMIN_ORIGIN}/**`);
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'unavailable' }).first().waitFor();
      await expect(page.getByText('This part of the site is unavailable')).toHaveCount(0);
    });
  });
});
