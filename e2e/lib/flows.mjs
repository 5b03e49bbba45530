// Steps that several journeys share, written as a user performs them.
import assert from 'node:assert/strict';
import { site } from './stack.mjs';

export async function signIn(page, { email, password }, path = '/login', at = site) {
  await page.goto(at(path));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function signOut(page) {
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('link', { name: 'Login' }).waitFor();
}

export async function expectHeading(page, name) {
  await page.getByRole('heading', { level: 1, name }).first().waitFor();
}

export function pathOf(page) {
  return new URL(page.url()).pathname;
}

export async function waitForPath(page, pathname) {
  await page.waitForURL((url) => url.pathname === pathname);
  assert.equal(pathOf(page), pathname);
}

/**
 * Public routes arrive server-rendered, with the data the server read. A journey about the browser's own reads
 * (failing ones, say) routes its navigations to the client-rendered page (what a failed server render serves):
 * every read the page makes is then the browser's.
 */
export async function clientRenderedNavigations(page) {
  const origin = new URL(site('/')).origin;
  // Continued to the server's own /index.html (not fulfilled by the test): a fulfilled document has no address
  // space, and Chromium's local network access checks then refuse its requests to the remotes on localhost.
  await page.route(
    (url) => url.origin === origin,
    (route) => (route.request().resourceType() === 'document' ? route.continue({ url: `${origin}/index.html` }) : route.continue()),
  );
}
