// Steps that several journeys share, written as a user performs them.
import { expect, type Page } from '@playwright/test';
import { paths } from '../../shared/src/paths';
import { settled } from './settle';
import { type At, site } from './stack';

export async function signIn(page: Page, { email, password }: { email: string; password: string }, path: string = paths.login, at: At = site) {
  await page.goto(at(path));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('link', { name: 'Login' }).waitFor();
}

export async function expectHeading(page: Page, name: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name }).first()).toBeVisible();
}

/** The page shows its heading and its main area is never blank. */
export async function expectNotBlank(page: Page) {
  await page.locator('main h1').first().waitFor();
  await expect(page.locator('main'), 'never a blank page').not.toHaveText(/^\s*$/, { useInnerText: true });
}

/**
 * The signed-in player watches `name` (its star on the page shown) afterwards; resolves whether they already did. The
 * star shows the player's watchlist once it has loaded, and as unwatched until then (a tap then would watch): it is
 * read once the page has settled.
 */
export async function watchItem(page: Page, name: string): Promise<boolean> {
  const star = page.getByRole('button', { name: `Watch ${name}` });
  await expect(star).toHaveAttribute('aria-pressed', /^(true|false)$/);
  await settled(page);
  const watchedBefore = (await star.getAttribute('aria-pressed')) === 'true';
  if (!watchedBefore) await star.click();
  await expect(page.getByRole('button', { name: `Watch ${name}`, pressed: true })).toBeVisible();
  return watchedBefore;
}

/** Waits until the page's address has this path (a navigation, a redirect, a guard sending the visitor on). */
export async function waitForPath(page: Page, pathname: string) {
  await expect(page).toHaveURL((url) => url.pathname === pathname);
}

/**
 * Public routes arrive server-rendered, with the data the server read. A journey about the browser's own reads
 * (failing ones, say) routes its navigations to the client-rendered page (what a failed server render serves):
 * every read the page makes is then the browser's.
 */
export async function clientRenderedNavigations(page: Page) {
  const origin = new URL(site('/')).origin;
  // Continued to the server's own /index.html (not fulfilled by the test): a fulfilled document has no address
  // space, and Chromium's local network access checks then refuse its requests to the remotes on localhost.
  await page.route(
    (url) => url.origin === origin,
    (route) => (route.request().resourceType() === 'document' ? route.continue({ url: `${origin}/index.html` }) : route.continue()),
  );
}
