// The admin's steps in the console, written as an admin performs them. `at` is the site's address maker
// (`site` of the e2e stack by default; the version-skew journeys pass another shell's).
import { expect, type Locator, type Page } from '@playwright/test';
import type { JSON_EDITOR_MESSAGES } from '../../domain/src/errors';
import type { JSON_STATUS } from '../../domain/src/json-editor';
import { paths } from '../../shared/src/paths';
import { expectHeading, waitForPath, signIn } from './flows';
import { type At, demoAccount, site } from './stack';

/** The JSON editor's texts (Italian, as the console is), held by the compiler to the console's own. */
export const SAVED = 'Prodotto aggiornato con successo!' satisfies (typeof JSON_EDITOR_MESSAGES)['updateSuccess'];
export const VALID = 'Valido' satisfies (typeof JSON_STATUS)['valid'];
export const INVALID = 'Errore' satisfies (typeof JSON_STATUS)['error'];

export async function signInAsAdmin(page: Page, at: At = site) {
  await signIn(page, demoAccount('admin'), paths.login, at);
  await waitForPath(page, paths.home);
}

/** Picks a product in the JSON editor's selector, which lists search results: type its slug, then choose it. */
export async function pickProduct(page: Page, slug: string) {
  await page.getByLabel('Cerca prodotto').fill(slug);
  await page.locator(`#ac-product-select option[value="${slug}"]`).waitFor({ state: 'attached' });
  await page.getByLabel('Prodotto', { exact: true }).selectOption(slug);
}

/** The JSON editor's lines (Monaco's), not those of a comparison's diff editor open beside it. */
const EDITOR_LINES = '[data-testid="monaco-host"] .monaco-editor .view-lines';

/** Opens a product in the JSON editor and waits for Monaco to show it. */

export async function openInJsonEditor(page: Page, slug: string, at: At = site) {
  await page.goto(at(paths.adminJsonEditor));
  await expectHeading(page, 'JSON Editor');
  await pickProduct(page, slug);
  await page.locator('.monaco-editor').waitFor();
  await page.getByText(VALID, { exact: true }).waitFor();
}

/**
 * The editor's text through the clipboard, as a user copies and pastes: Monaco renders only the visible
 * lines, and typing would trigger its auto-indent and auto-closing brackets.
 */
async function useClipboard(page: Page) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
}

export async function readEditorText(page: Page): Promise<string> {
  await useClipboard(page);
  await page.locator(EDITOR_LINES).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+C');
  return page.evaluate(() => navigator.clipboard.readText());
}

/**
 * The editor's text parsed as JSON, or undefined when what was copied is not JSON: for a poll, which then reads again
 * (a copy taken while the editor redraws after a save or a restore can catch the page's text instead of the editor's).
 */
export async function pollEditorJson(page: Page): Promise<Record<string, unknown> | undefined> {
  try {
    return JSON.parse(await readEditorText(page)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

export async function replaceEditorText(page: Page, text: string) {
  await useClipboard(page);
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.locator(EDITOR_LINES).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+V');
}

/**
 * In the JSON editor (product open, its history read): saves the product once per price in `prices`, each save
 * waiting for its own history entry. Returns the history's entries (newest first) and how many there were before.
 */
export async function saveEachPrice(page: Page, prices: readonly number[]): Promise<{ entries: Locator; before: number }> {
  const entries = page.getByRole('region', { name: 'Cronologia modifiche' }).locator('.ac-history-entry');
  // Counted once the product's history has been read (it loads after the product).
  await expect(page.getByText('Caricamento cronologia…')).toHaveCount(0);
  const before = await entries.count();
  const product = JSON.parse(await readEditorText(page));
  for (const [index, price] of prices.entries()) {
    product.average_market_price = price;
    await replaceEditorText(page, JSON.stringify(product, null, 2));
    await page.getByRole('button', { name: 'Aggiorna Prodotto' }).click();
    await page.getByText(SAVED).waitFor();
    await entries.nth(before + index).waitFor();
  }
  return { entries, before };
}
