// The admin's steps in the console, written as an admin performs them. `at` is the site's address maker
// (`site` of the e2e stack by default; the version-skew journeys pass another shell's).
import { demoAccount, site } from './stack.mjs';
import { expectHeading, signIn, waitForPath } from './flows.mjs';

export async function signInAsAdmin(page, at = site) {
  await signIn(page, demoAccount('admin'), '/login', at);
  await waitForPath(page, '/');
}

/** Picks a product in the JSON editor's selector, which lists search results: type its slug, then choose it. */
export async function pickProduct(page, slug) {
  await page.getByLabel('Cerca prodotto').fill(slug);
  await page.locator(`#ac-product-select option[value="${slug}"]`).waitFor({ state: 'attached' });
  await page.getByLabel('Prodotto', { exact: true }).selectOption(slug);
}

/** Opens a product in the JSON editor and waits for Monaco to show it. */
export async function openInJsonEditor(page, slug, at = site) {
  await page.goto(at('/admin/json-editor'));
  await expectHeading(page, 'JSON Editor');
  await pickProduct(page, slug);
  await page.locator('.monaco-editor').waitFor();
  await page.getByText('Valido', { exact: true }).waitFor();
}

/**
 * The editor's text through the clipboard, as a user copies and pastes: Monaco renders only the visible
 * lines, and typing would trigger its auto-indent and auto-closing brackets.
 */
async function useClipboard(page) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
}

export async function readEditorText(page) {
  await useClipboard(page);
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+C');
  return page.evaluate(() => navigator.clipboard.readText());
}

export async function replaceEditorText(page, text) {
  await useClipboard(page);
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+V');
}
