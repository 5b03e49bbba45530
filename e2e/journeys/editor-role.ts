// The editor role (issue 38): an admin grants it to a player in Manage Users; the player, now an editor, edits a
// product in the JSON editor and a material by its form (each with diff and restore) and is refused Manage Users; the admin revokes it and the console
// is closed to them again. Every change of role is in the role history.
import { expect, type Page } from '@playwright/test';
import { roleMessages } from '../../domain/src/roles';
import { editMaterialMessages } from '../../domain/src/validation/add-material';
import type { RESTORE_MATERIAL_SUCCESS } from '../../admin-console/src/features/edit-material/stores/edit-material-store';
import { paths } from '../../shared/src/paths';
import { openInJsonEditor, pollEditorJson, saveEachPrice, signInAsAdmin } from '../lib/admin-flows';
import { openBrowser } from '../lib/browser';
import { expectHeading, waitForPath } from '../lib/flows';
import { site } from '../lib/stack';
import { test } from '../lib/test';

/** Registers a new player through the Sign Up page; they land home, signed in. */
async function registerPlayer(page: Page, name: string, email: string) {
  await page.goto(site(paths.register));
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-123');
  await page.getByLabel('Confirm password').fill('secret-123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await waitForPath(page, paths.home);
}

/** The admin, in Manage Users, finds the user by e-mail and presses `action` ('Rendi editor' / 'Revoca editor'), confirming. */
async function changeRole(page: Page, email: string, action: string) {
  await page.goto(site(paths.adminUsers));
  await expectHeading(page, 'Gestione utenti');
  await page.getByRole('searchbox', { name: 'Cerca utenti' }).fill(email);
  await page.getByRole('button', { name: 'Cerca' }).click();
  await page.getByRole('button', { name: `${action}: ${email}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Conferma' });
  await dialog.getByRole('button', { name: action }).click();
}

/** The account menu's entries and badge, as the header shows them after a fresh load. */
async function accountMenu(page: Page): Promise<{ entries: string[]; badge: string | null }> {
  await page.goto(site(paths.home));
  await page.getByRole('button', { name: /account menu/ }).click();
  const entries = await page.getByRole('menuitem').allTextContents();
  const badge = page.locator('.shell-admin-badge');
  const text = (await badge.count()) > 0 ? await badge.textContent() : null;
  await page.keyboard.press('Escape');
  return { entries, badge: text };
}

test.describe('editor role', () => {
  test('an admin makes a player an editor, who edits a product and a material (diff, restore) but not users; revoking takes it away', async () => {
    test.setTimeout(180_000);
    const email = `editor-${Date.now()}@sbc-tycoon.test`;
    const player = await openBrowser();
    const admin = await openBrowser();
    try {
      await registerPlayer(player.page, 'Eda Editor', email);
      expect(await accountMenu(player.page)).toEqual({ entries: ['Logout'], badge: null });

      // The admin grants the role; Manage Users says so and the role history names who, what and whom.
      await signInAsAdmin(admin.page);
      await changeRole(admin.page, email, roleMessages.grant);
      await admin.page.getByText(roleMessages.granted(email)).waitFor();
      const history = admin.page.getByRole('region', { name: 'Cronologia dei ruoli' });
      await history.getByText(new RegExp(`admin@sbc-tycoon\\.test ha concesso il ruolo di editor a ${email.replace(/\./g, '\\.')}`)).waitFor();

      // The player, on their next visit, is an editor: badge, dashboard without Manage Users.
      await expect.poll(() => accountMenu(player.page)).toEqual({ entries: ['Admin Dashboard', 'Logout'], badge: 'Editor' });
      const page = player.page;
      await page.getByRole('button', { name: /account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
      await expectHeading(page, 'Admin Dashboard');
      await expect(page.getByRole('link', { name: 'Manage Users' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'JSON Editor' })).toBeVisible();

      // The editor edits a product twice, compares the first version, and restores it.
      await openInJsonEditor(page, 'espresso-machine');
      const { entries, before } = await saveEachPrice(page, [313.13, 424.24]);
      const firstEdit = entries.nth(1);
      await expect(firstEdit.locator('.ac-history-who')).toHaveText(new RegExp(email.replace(/\./g, '\\.')));
      await firstEdit.getByRole('button', { name: 'Confronta' }).click();
      await page.getByRole('region', { name: /^Confronto con la versione del / }).getByText('313.13').first().waitFor();
      await firstEdit.getByRole('button', { name: 'Ripristina' }).click();
      await page.getByRole('alertdialog', { name: 'Conferma' }).getByRole('button', { name: 'Ripristina' }).click();
      await entries.nth(before + 2).waitFor();
      await expect.poll(async () => (await pollEditorJson(page))?.average_market_price).toBe(313.13);

      // The editor edits a material (Nickel's warehouse space) twice by its form, compares and restores the first.
      await page.goto(site(paths.admin));
      await page.getByRole('link', { name: 'Modifica materiale' }).click();
      await expectHeading(page, 'Modifica materiale');
      await page.getByRole('option', { name: 'Nickel', exact: true }).waitFor({ state: 'attached' });
      await page.getByLabel('Materiale', { exact: true }).selectOption('Nickel');
      const space = page.getByLabel('Spazio richiesto');
      const materialHistory = page.getByRole('region', { name: 'Cronologia modifiche' }).getByRole('listitem');
      for (const [index, value] of ['3.5', '4.5'].entries()) {
        await space.fill(value);
        await page.getByRole('button', { name: 'Salva Materiale' }).click();
        await page.getByText(editMaterialMessages.success('Nickel')).waitFor();
        await expect(materialHistory).toHaveCount(index + 1);
      }
      const firstMaterialEdit = materialHistory.nth(1);
      await expect(firstMaterialEdit).toContainText(email);
      await firstMaterialEdit.getByRole('button', { name: 'Confronta' }).click();
      await expect(firstMaterialEdit.getByRole('table', { name: 'Prima e dopo' }).getByRole('row', { name: /spaceRequired .* 3\.5$/ })).toBeVisible();
      await firstMaterialEdit.getByRole('button', { name: 'Ripristina' }).click();
      await page.getByRole('alertdialog', { name: 'Conferma' }).getByRole('button', { name: 'Ripristina' }).click();
      await page.getByText('Versione ripristinata: il materiale è stato salvato con quei valori.' satisfies typeof RESTORE_MATERIAL_SUCCESS).waitFor();
      await expect(materialHistory.first()).toContainText('Ripristino');
      await expect(space).toHaveValue('3.5');

      // Manage Users by its address: refused with the console's message, and no user is listed.
      await page.goto(site(paths.adminUsers));
      await page.getByRole('heading', { name: roleMessages.adminOnlyTitle }).waitFor();
      await expect(page.getByRole('alert')).toHaveText(roleMessages.adminOnly);
      await expect(page.getByRole('table')).toHaveCount(0);

      // The admin revokes the role: the history has both changes, and the console is closed to the player again.
      await changeRole(admin.page, email, roleMessages.revoke);
      await admin.page.getByText(roleMessages.revoked(email)).waitFor();
      await history.getByText(new RegExp(`ha revocato il ruolo di editor a ${email.replace(/\./g, '\\.')}`)).waitFor();
      await expect.poll(() => accountMenu(page)).toEqual({ entries: ['Logout'], badge: null });
      await page.goto(site(paths.adminJsonEditor));
      await waitForPath(page, paths.home);
      expect([...player.pageErrors, ...admin.pageErrors]).toEqual([]);
    } finally {
      await player.close();
      await admin.close();
    }
  });
});
