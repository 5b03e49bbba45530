// The demo admin (through the one shared store) maintains the catalogue; the public pages see it.
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import type { RESTORE_QUESTION } from '../../admin-console/src/features/json-editor/components/JsonEditorPage';
import type { DISCARD_QUESTION } from '../../admin-console/src/features/json-editor/hooks/use-editor-shortcuts';
import type { RESTORE_SUCCESS_MESSAGE } from '../../admin-console/src/features/json-editor/stores/json-editor-store';
import type { LEAVE_QUESTION } from '../../admin-console/src/hooks/use-unsaved-changes-guard';
import { formatSbc } from '../../domain/src/format/currency';
import { paths } from '../../shared/src/paths';
import { INVALID, openInJsonEditor, pickProduct, pollEditorJson, readEditorText, replaceEditorText, SAVED, saveEachPrice, signInAsAdmin, VALID } from '../lib/admin-flows';
import { withBrowser } from '../lib/browser';
import { deleteDocumentsAsAdmin, writeDocumentsAsAdmin } from '../lib/bulk-sector';
import { expectHeading, waitForPath } from '../lib/flows';
import { builtFileOf, firestoreCounters, resetFirestoreCounters, site } from '../lib/stack';
import { test } from '../lib/test';

const CONFLICT = /modificato da qualcun altro/;

/** The loaded JS files (from the browser's network log) whose built text contains `marker`. */
function scriptsContaining(requests: string[], marker: string): string[] {
  const scripts = [...new Set(requests.filter((url) => /\.js(\?|$)/.test(url)))];
  return scripts.filter((url) => {
    const file = builtFileOf(url);
    return file !== null && readFileSync(file, 'utf8').includes(marker);
  });
}

/** The JSON editor's text once it equals `expected` (Monaco applies a paste, a format or a load in its own time). */
async function expectEditorText(page: Page, expected: string, message?: string) {
  await expect.poll(() => readEditorText(page), { message }).toBe(expected);
}

test.describe('admin console', () => {
  test('one RootStore: a price saved in the admin remote shows at once in the public-site remote, without a read', async () => {
    test.setTimeout(90_000);
    await withBrowser({}, async ({ page, requests }) => {
      await signInAsAdmin(page);
      const mainNav = page.getByRole('navigation', { name: 'Main' });
      // The public-site remote loads the energy sector into the store.
      await mainNav.getByRole('link', { name: 'Products' }).click();
      await page.getByRole('button', { name: /energy/i }).first().click();
      const sector = page.getByRole('table', { name: 'Products trading in energy' });
      await sector.getByRole('link', { name: 'Heat Pump' }).waitFor();
      // The admin remote, reached by client-side navigation (no page load, so no new store could be created).
      await page.getByRole('button', { name: /account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
      await page.getByRole('link', { name: 'JSON Editor' }).click();
      await expectHeading(page, 'JSON Editor');
      await pickProduct(page, 'heat-pump');
      await page.getByText(VALID, { exact: true }).waitFor();
      const product = JSON.parse(await readEditorText(page));
      product.average_market_price = 654.32;
      await replaceEditorText(page, JSON.stringify(product, null, 2));
      await page.getByRole('button', { name: 'Aggiorna Prodotto' }).click();
      await page.getByText(SAVED).waitFor();
      // Back in the public-site remote: the sector it had loaded shows the new price, and nothing is read again.
      await resetFirestoreCounters();
      await mainNav.getByRole('link', { name: 'Products' }).click();
      await page.getByRole('button', { name: /energy/i }).first().click();
      await sector.getByRole('row').filter({ hasText: 'Heat Pump' }).filter({ hasText: formatSbc(654.32) }).waitFor();
      expect((await firestoreCounters()).reads.products ?? 0, 'the public-site remote read the shared store, not Firestore').toBe(0);
      // One copy of each singleton was downloaded, whichever of the three apps it was built into.
      for (const marker of ['[MobX]', '__reactContainer$', 'app.products.category.']) {
        expect(scriptsContaining(requests, marker), `one file holds ${marker}`).toHaveLength(1);
      }
    });
  });

  test('add a product; without a reload the public Market Monitor lists it in its sector', async () => {
    test.setTimeout(90_000);
    await withBrowser({}, async ({ page }) => {
      await signInAsAdmin(page);
      // Load the sector list first, so that the product must reach it through the shared store.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
      await page.getByRole('button', { name: /energy/i }).first().click();
      await page.getByRole('table', { name: 'Products trading in energy' }).getByRole('link', { name: 'Solar Panel' }).waitFor();
      await page.getByRole('button', { name: /account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
      await page.getByRole('link', { name: 'Add Product' }).click();
      await expectHeading(page, 'Aggiungi prodotto');
      await page.getByLabel('Nome', { exact: true }).fill('Tidal Generator');
      await page.getByRole('combobox', { name: 'Categoria' }).fill('ener');
      await page.getByRole('option', { name: 'energy', exact: true }).click();
      const figures: Array<[string, string]> = [
        ['Prezzo massimo', '900'],
        ['Prezzo minimo', '700'],
        ['Costo di produzione', '350'],
        ['Tempo di produzione', '240'],
        ['Indice richiesta produzione', '55'],
        ['Spazio richiesto', '12'],
      ];
      for (const [label, value] of figures) await page.getByLabel(label, { exact: true }).fill(value);
      await page.getByRole('button', { name: 'Aggiungi Prodotto' }).click();
      await page.getByText('Prodotto "Tidal Generator" aggiunto con successo!').waitFor();
      // Client-side navigation: the public-site remote reads the RootStore the admin remote just refreshed.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
      await page.getByRole('button', { name: /energy/i }).first().click();
      await page.getByRole('table', { name: 'Products trading in energy' }).getByRole('link', { name: 'Tidal Generator' }).click();
      await waitForPath(page, paths.product('tidal-generator'));
      await expectHeading(page, 'Tidal Generator');
      // The header search finds it too: the emulator delivered the write to indexProductChange, which updated
      // the catalogue index. The index is read once per page, so each try is a fresh page.
      const search = page.getByRole('combobox', { name: 'Search the market' });
      await expect(async () => {
        await page.goto(site(paths.faq));
        await search.fill('tidal genrator');
        await page.getByRole('option', { name: /^Tidal Generator/ }).waitFor({ timeout: 3000 });
      }, 'the new product reaches the search index').toPass({ timeout: 20_000 });
      await search.press('Enter');
      await waitForPath(page, paths.product('tidal-generator'));
      await expectHeading(page, 'Tidal Generator');
    });
  });

  test('add a material: the public stock ledger the admin had loaded lists it at once, and its page opens', async () => {
    test.setTimeout(90_000);
    await withBrowser({}, async ({ page }) => {
      await signInAsAdmin(page);
      const mainNav = page.getByRole('navigation', { name: 'Main' });
      await mainNav.getByRole('link', { name: 'Materials' }).click();
      const ledger = page.getByRole('table', { name: 'Stock Ledger' });
      await ledger.getByRole('row').nth(1).waitFor();
      await page.getByRole('button', { name: /account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
      await page.getByRole('link', { name: 'Add Material' }).click();
      await expectHeading(page, 'Aggiungi materiale');
      // A name the ledger holds is refused before anything is sent.
      await page.getByLabel('Nome', { exact: true }).fill('Copper');
      await page.getByLabel('Unità', { exact: true }).focus();
      await page.getByText('Esiste già un materiale chiamato "Copper"').waitFor();
      const fields: Array<[string, string]> = [
        ['Nome', 'Cobalt Alloy'],
        ['Unità', 'kg'],
        ['Prezzo unitario', '42.1'],
        ['Quantità', '300'],
        ['Spazio richiesto', '0.5'],
      ];
      for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
      await page.getByRole('button', { name: 'Aggiungi Materiale' }).click();
      await page.getByText('Materiale "Cobalt Alloy" aggiunto con successo!').waitFor();
      await resetFirestoreCounters();
      await mainNav.getByRole('link', { name: 'Materials' }).click();
      // The ledger shows its first rows by name (FIRST_VIEW_ROWS); the filter finds the new one in the ledger it holds.
      await page.getByRole('searchbox', { name: 'Filter materials' }).fill('Cobalt');
      await ledger.getByRole('link', { name: 'Cobalt Alloy' }).click();
      await waitForPath(page, paths.material('Cobalt Alloy'));
      await expectHeading(page, 'Cobalt Alloy');
      expect((await firestoreCounters()).reads.materials ?? 0, 'the ledger and the detail came from the shared store').toBe(0);
    });
  });

  test('Manage Users: pages of 50 by e-mail, forward and back, and a search by name', async () => {
    test.setTimeout(90_000);
    // 60 registered players (written as the registration function would, rules bypassed) beside the demo accounts.
    const pad = (i: number) => String(i).padStart(2, '0');
    const players = Array.from({ length: 60 }, (_, i) => ({
      path: `users/e2e-player-${pad(i)}`,
      data: {
        uid: `e2e-player-${pad(i)}`,
        email: `e2e-player-${pad(i)}@example.test`,
        displayName: i === 7 ? 'Zoe Trader' : `Player ${pad(i)}`,
        isAdmin: false,
        createdAt: new Date('2026-03-04T10:20:00Z'),
        lastLoginAt: new Date('2026-11-20T08:05:00Z'),
      },
    }));
    await writeDocumentsAsAdmin(players);
    try {
      await withBrowser({}, async ({ page }) => {
        await signInAsAdmin(page);
        await page.getByRole('button', { name: /account menu/ }).click();
        await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
        await resetFirestoreCounters();
        await page.getByRole('link', { name: 'Manage Users' }).click();
        await expectHeading(page, 'Gestione utenti');
        const rows = page.getByRole('table', { name: 'Utenti registrati' }).locator('tbody tr');
        await expect(rows).toHaveCount(50);
        const userReads = (await firestoreCounters()).reads.users ?? 0;
        expect(userReads, `one page reads at most 51 user documents: ${userReads}`).toBeLessThanOrEqual(51);
        const firstPage = (await rows.first().textContent()) ?? '';
        await page.getByRole('button', { name: 'Pagina successiva' }).click();
        await page.getByRole('heading', { name: 'Utenti · pagina 2' }).waitFor();
        await rows.first().filter({ hasNotText: firstPage }).waitFor();
        // The rest on page 2: at least the 10 players beyond the first 50, fewer than a full page.
        await expect.poll(() => rows.count(), { message: 'the rest on page 2' }).toBeGreaterThanOrEqual(10);
        await expect(rows.nth(49), 'fewer than 50 on page 2').toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Pagina successiva' })).toBeDisabled();
        await page.getByRole('button', { name: 'Pagina precedente' }).click();
        await page.getByRole('heading', { name: 'Utenti · pagina 1' }).waitFor();
        await expect(rows).toHaveCount(50);
        await expect(rows.first()).toHaveText(firstPage);
        await page.getByRole('searchbox', { name: 'Cerca utenti' }).fill('zoe');
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { name: 'Risultati per “zoe”' }).waitFor();
        await rows.filter({ hasText: 'e2e-player-07@example.test' }).waitFor();
        await expect(rows).toHaveCount(1);
      });
    } finally {
      await deleteDocumentsAsAdmin(players.map((p) => p.path));
    }
  });

  test('edit a price in the JSON editor and the public detail page shows it', async () => {
    test.setTimeout(90_000);
    await withBrowser({}, async ({ page }) => {
      await signInAsAdmin(page);
      await openInJsonEditor(page, 'bath-towel');
      const product = JSON.parse(await readEditorText(page));
      expect(product.slug).toBe('bath-towel');
      product.average_market_price = 777.77;
      await replaceEditorText(page, JSON.stringify(product, null, 2));
      await page.getByText(VALID, { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Aggiorna Prodotto' }).click();
      await page.getByText(SAVED).waitFor();
    });
    // A fresh visitor (no cache) reads it from the database.
    await withBrowser({}, async ({ page }) => {
      await page.goto(site(paths.product('bath-towel')));
      await expectHeading(page, 'Bath Towel');
      await page.getByText(formatSbc(777.77)).first().waitFor();
    });
  });

  test('every save is in the history: two edits, a diff against the first, "Ripristina" restores it as a third entry', async () => {
    test.setTimeout(120_000);
    await withBrowser({}, async ({ page, pageErrors }) => {
      await signInAsAdmin(page);
      // Monaco's editor worker (the one that compares) is held back until the first comparison has been closed: the
      // moment of a slow machine, where an admin closes a comparison (or restores) before the worker has answered.
      let releaseWorker = () => {};
      const workerHeld = new Promise<void>((resolve) => {
        releaseWorker = resolve;
      });
      await page.context().route('**/editor.worker.js', async (route) => {
        await workerHeld;
        await route.continue();
      });
      await openInJsonEditor(page, 'raincoat');
      const { entries, before } = await saveEachPrice(page, [111.11, 222.22]);
      // Newest first: the first edit is the second entry. Its diff against the current text.
      const firstEdit = entries.nth(1);
      await firstEdit.getByText('Campi modificati: average_market_price').waitFor();
      await firstEdit.getByRole('button', { name: 'Confronta' }).click();
      const diff = page.getByRole('region', { name: /^Confronto con la versione del / });
      await diff.locator('.monaco-diff-editor').waitFor();
      await diff.getByText('111.11').first().waitFor();
      const compare = firstEdit.getByRole('button', { name: 'Confronta' });
      await compare.click();
      await expect(diff).toHaveCount(0);
      releaseWorker();
      // Opened again, the comparison shows its changes once the worker answers; the one closed before caused no error.
      await compare.click();
      await diff.locator('.monaco-diff-editor .char-insert, .monaco-diff-editor .line-insert').first().waitFor();
      expect(pageErrors).toEqual([]);
      // The comparison follows the text as the admin edits it.
      const edited = JSON.parse(await readEditorText(page));
      await replaceEditorText(page, JSON.stringify({ ...edited, average_market_price: 333.33 }, null, 2));
      await diff.getByText('333.33').first().waitFor();
      // Ripristina asks first, then saves that version as a normal save with its own entry.
      await firstEdit.getByRole('button', { name: 'Ripristina' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Conferma' });
      await dialog.getByText('Ripristinare questa versione? Il prodotto verrà salvato con quei valori.' satisfies typeof RESTORE_QUESTION).waitFor();
      await dialog.getByRole('button', { name: 'Ripristina' }).click();
      await page.getByText('Versione ripristinata: il prodotto è stato salvato con quei valori.' satisfies typeof RESTORE_SUCCESS_MESSAGE).waitFor();
      await entries.nth(before + 2).waitFor();
      await expect.poll(async () => (await entries.locator('strong').allTextContents()).slice(0, 3)).toEqual(['Ripristino', 'Modifica', 'Modifica']);
      await expect.poll(async () => (await pollEditorJson(page))?.average_market_price).toBe(111.11);
      await expect(entries.first().locator('.ac-history-who')).toHaveText(/admin@sbc-tycoon\.test/);
      expect(pageErrors).toEqual([]);
    });
  });

  test('Esporta JSON downloads {slug}.json holding the editor text; Ctrl+F formats it with 2 spaces', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page }) => {
      await signInAsAdmin(page);
      await openInJsonEditor(page, 'wool-sweater');
      const product = JSON.parse(await readEditorText(page));
      await replaceEditorText(page, JSON.stringify(product));
      await page.getByText(VALID, { exact: true }).waitFor();
      await page.keyboard.press('Control+F');
      await expectEditorText(page, JSON.stringify(product, null, 2));
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Esporta JSON' }).click()]);
      expect(download.suggestedFilename()).toBe('wool-sweater.json');
      const saved = readFileSync(await download.path(), 'utf8');
      expect(JSON.parse(saved)).toEqual(product);
    });
  });

  test('malformed JSON shows the error and cannot be saved', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page }) => {
      await signInAsAdmin(page);
      await openInJsonEditor(page, 'curtains');
      await replaceEditorText(page, '{ "slug": "curtains", "name": ');
      await page.getByText(INVALID, { exact: true }).waitFor();
      await page.getByText(/^Errore di sintassi:/).waitFor();
      await expect(page.getByRole('button', { name: 'Aggiorna Prodotto' })).toBeDisabled();
      await page.keyboard.press('Control+S');
      await expect(page.getByText(SAVED)).toHaveCount(0);
      // Ctrl+R with unsaved edits asks first, in the console's own dialog; Esc declines and keeps the edit (and
      // the page: no browser reload), with the focus back in the editor.
      await page.keyboard.press('Control+R');
      const dialog = page.getByRole('alertdialog', { name: 'Conferma' });
      await dialog.getByText('Scartare le modifiche non salvate?' satisfies typeof DISCARD_QUESTION).waitFor();
      await expect(dialog.getByRole('button', { name: 'Annulla' })).toBeFocused();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect
        .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.monaco-editor'))), { message: 'focus back in the editor' })
        .toBe(true);
      await expectEditorText(page, '{ "slug": "curtains", "name": ');
      // Leaving through the header with unsaved edits asks too; Annulla stays on the editor.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
      await dialog.getByText('Ci sono modifiche non salvate. Uscire senza salvarle?' satisfies typeof LEAVE_QUESTION).waitFor();
      await dialog.getByRole('button', { name: 'Annulla' }).click();
      await dialog.waitFor({ state: 'detached' });
      await waitForPath(page, paths.adminJsonEditor);
    });
  });

  test('a concurrent change is detected, the edit is kept, and overwrite is a deliberate choice', async () => {
    test.setTimeout(90_000);
    await withBrowser({}, async (first) => {
      await signInAsAdmin(first.page);
      await openInJsonEditor(first.page, 'denim-jeans');
      const mine = JSON.parse(await readEditorText(first.page));
      // Another admin saves the same product in between.
      await withBrowser({}, async (second) => {
        await signInAsAdmin(second.page);
        await openInJsonEditor(second.page, 'denim-jeans');
        const theirs = JSON.parse(await readEditorText(second.page));
        theirs.pieces_on_market = 1;
        await replaceEditorText(second.page, JSON.stringify(theirs, null, 2));
        await second.page.getByRole('button', { name: 'Aggiorna Prodotto' }).click();
        await second.page.getByText(SAVED).waitFor();
      });
      mine.average_market_price = 123.45;
      const myText = JSON.stringify(mine, null, 2);
      await replaceEditorText(first.page, myText);
      await first.page.getByRole('button', { name: 'Aggiorna Prodotto' }).click();
      await first.page.getByRole('alert').filter({ hasText: CONFLICT }).waitFor();
      await expectEditorText(first.page, myText, 'the edit survives the conflict');
      await first.page.getByRole('button', { name: 'Sovrascrivi' }).click();
      await first.page.getByText(SAVED).waitFor();
    });
  });
});
