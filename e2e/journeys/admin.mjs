// The demo admin (through the one shared store) maintains the catalogue; the public pages see it.
import assert from 'node:assert/strict';
import { test } from '../lib/test.mjs';
import { readFileSync } from 'node:fs';
import { withBrowser } from '../lib/browser.mjs';
import { E2E_PORTS, firestoreCounters, resetFirestoreCounters, site } from '../lib/stack.mjs';
import { expectHeading, waitForPath } from '../lib/flows.mjs';
import { openInJsonEditor, pickProduct, readEditorText, replaceEditorText, signInAsAdmin } from '../lib/admin-flows.mjs';
import { deleteDocumentsAsAdmin, writeDocumentsAsAdmin } from '../lib/bulk-sector.mjs';

const CONFLICT = /modificato da qualcun altro/;

const DIST_BY_PORT = {
  [E2E_PORTS.shell]: new URL('../../shell/dist/', import.meta.url),
  [E2E_PORTS.publicSite]: new URL('../../public-site/dist/', import.meta.url),
  [E2E_PORTS.adminConsole]: new URL('../../admin-console/dist/', import.meta.url),
};

/** The loaded JS files (from the browser's network log) whose built text contains `marker`. */
function scriptsContaining(requests, marker) {
  const scripts = [...new Set(requests.filter((url) => /\.js(\?|$)/.test(url)))];
  return scripts.filter((url) => {
    const { port, pathname } = new URL(url);
    const dist = DIST_BY_PORT[port];
    return dist && readFileSync(new URL(`.${decodeURIComponent(pathname)}`, dist), 'utf8').includes(marker);
  });
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
      await page.getByText('Valido', { exact: true }).waitFor();
      const product = JSON.parse(await readEditorText(page));
      product.average_market_price = 654.32;
      await replaceEditorText(page, JSON.stringify(product, null, 2));
      await page.getByRole('button', { name: 'Aggiorna Prodotto' }).click();
      await page.getByText('Prodotto aggiornato con successo!').waitFor();
      // Back in the public-site remote: the sector it had loaded shows the new price, and nothing is read again.
      await resetFirestoreCounters();
      await mainNav.getByRole('link', { name: 'Products' }).click();
      await page.getByRole('button', { name: /energy/i }).first().click();
      await sector.getByRole('row').filter({ hasText: 'Heat Pump' }).filter({ hasText: '654.32 SBC' }).waitFor();
      assert.equal((await firestoreCounters()).reads?.products ?? 0, 0, 'the public-site remote read the shared store, not Firestore');
      // One copy of each singleton was downloaded, whichever of the three apps it was built into.
      for (const marker of ['[MobX]', '__reactContainer$', 'app.products.category.']) {
        assert.equal(scriptsContaining(requests, marker).length, 1, `one file holds ${marker}`);
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
      for (const [label, value] of [['Prezzo massimo', '900'], ['Prezzo minimo', '700'], ['Costo di produzione', '350'], ['Tempo di produzione', '240'], ['Indice richiesta produzione', '55'], ['Spazio richiesto', '12']]) {
        await page.getByLabel(label, { exact: true }).fill(value);
      }
      await page.getByRole('button', { name: 'Aggiungi Prodotto' }).click();
      await page.getByText('Prodotto "Tidal Generator" aggiunto con successo!').waitFor();
      // Client-side navigation: the public-site remote reads the RootStore the admin remote just refreshed.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
      await page.getByRole('button', { name: /energy/i }).first().click();
      await page.getByRole('table', { name: 'Products trading in energy' }).getByRole('link', { name: 'Tidal Generator' }).click();
      await waitForPath(page, '/products/tidal-generator');
      await expectHeading(page, 'Tidal Generator');
      // The header search finds it too: the emulator delivered the write to indexProductChange, which updated
      // the catalogue index. The index is read once per page, so each try is a fresh page.
      const search = page.getByRole('combobox', { name: 'Search the market' });
      const deadline = Date.now() + 20_000;
      for (;;) {
        await page.goto(site('/faq'));
        await search.fill('tidal genrator');
        const option = page.getByRole('option', { name: /^Tidal Generator/ });
        if (await option.waitFor({ timeout: 3000 }).then(() => true, () => false)) break;
        assert.ok(Date.now() < deadline, 'the new product never reached the search index');
      }
      await search.press('Enter');
      await waitForPath(page, '/products/tidal-generator');
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
      for (const [label, value] of [['Nome', 'Cobalt Alloy'], ['Unità', 'kg'], ['Prezzo unitario', '42.1'], ['Quantità', '300'], ['Spazio richiesto', '0.5']]) {
        await page.getByLabel(label, { exact: true }).fill(value);
      }
      await page.getByRole('button', { name: 'Aggiungi Materiale' }).click();
      await page.getByText('Materiale "Cobalt Alloy" aggiunto con successo!').waitFor();
      await resetFirestoreCounters();
      await mainNav.getByRole('link', { name: 'Materials' }).click();
      await ledger.getByRole('link', { name: 'Cobalt Alloy' }).click();
      await waitForPath(page, '/materials/Cobalt%20Alloy');
      await expectHeading(page, 'Cobalt Alloy');
      assert.equal((await firestoreCounters()).reads?.materials ?? 0, 0, 'the ledger and the detail came from the shared store');
    });
  });

  test('Manage Users: pages of 50 by e-mail, forward and back, and a search by name', async () => {
    test.setTimeout(90_000);
    // 60 registered players (written as the registration function would, rules bypassed) beside the demo accounts.
    const pad = (i) => String(i).padStart(2, '0');
    const players = Array.from({ length: 60 }, (_, i) => ({
      path: `users/e2e-player-${pad(i)}`,
      data: { uid: `e2e-player-${pad(i)}`, email: `e2e-player-${pad(i)}@example.test`, displayName: i === 7 ? 'Zoe Trader' : `Player ${pad(i)}`, isAdmin: false, createdAt: new Date('2026-03-04T10:20:00Z'), lastLoginAt: new Date('2026-11-20T08:05:00Z') },
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
        await rows.nth(49).waitFor();
        assert.equal(await rows.count(), 50);
        assert.ok(((await firestoreCounters()).reads?.users ?? 0) <= 51, `one page reads at most 51 user documents: ${(await firestoreCounters()).reads?.users}`);
        const firstPage = await rows.first().textContent();
        await page.getByRole('button', { name: 'Pagina successiva' }).click();
        await page.getByRole('heading', { name: 'Utenti · pagina 2' }).waitFor();
        await rows.first().filter({ hasNotText: firstPage }).waitFor();
        const secondCount = await rows.count();
        assert.ok(secondCount >= 10 && secondCount < 50, `the rest on page 2: ${secondCount}`);
        assert.equal(await page.getByRole('button', { name: 'Pagina successiva' }).isDisabled(), true);
        await page.getByRole('button', { name: 'Pagina precedente' }).click();
        await page.getByRole('heading', { name: 'Utenti · pagina 1' }).waitFor();
        await rows.nth(49).waitFor();
        assert.equal(await rows.first().textContent(), firstPage);
        await page.getByRole('searchbox', { name: 'Cerca utenti' }).fill('zoe');
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { name: 'Risultati per “zoe”' }).waitFor();
        await rows.filter({ hasText: 'e2e-player-07@example.test' }).waitFor();
        assert.equal(await rows.count(), 1);
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
      assert.equal(product.slug, 'bath-towel');
      product.average_market_price = 777.77;
      await replaceEditorText(page, JSON.stringify(product, null, 2));
      await page.getByText('Valido', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Aggiorna Prodotto' }).click();
      await page.getByText('Prodotto aggiornato con successo!').waitFor();
    });
    // A fresh visitor (no cache) reads it from the database.
    await withBrowser({}, async ({ page }) => {
      await page.goto(site('/products/bath-towel'));
      await expectHeading(page, 'Bath Towel');
      await page.getByText('777.77 SBC').first().waitFor();
    });
  });

  test('every save is in the history: two edits, a diff against the first, "Ripristina" restores it as a third entry', async () => {
    test.setTimeout(120_000);
    await withBrowser({}, async ({ page }) => {
      await signInAsAdmin(page);
      await openInJsonEditor(page, 'raincoat');
      const history = page.getByRole('region', { name: 'Cronologia modifiche' });
      const entries = history.locator('.ac-history-entry');
      const before = await entries.count();
      const product = JSON.parse(await readEditorText(page));
      for (const price of [111.11, 222.22]) {
        product.average_market_price = price;
        await replaceEditorText(page, JSON.stringify(product, null, 2));
        await page.getByRole('button', { name: 'Aggiorna Prodotto' }).click();
        await page.getByText('Prodotto aggiornato con successo!').waitFor();
        await entries.nth(before + (price === 111.11 ? 0 : 1)).waitFor();
      }
      // Newest first: the first edit is the second entry. Its diff against the current text.
      const firstEdit = entries.nth(1);
      await firstEdit.getByText('Campi modificati: average_market_price').waitFor();
      await firstEdit.getByRole('button', { name: 'Confronta' }).click();
      const diff = page.getByRole('region', { name: /^Confronto con la versione del / });
      await diff.locator('.monaco-diff-editor').waitFor();
      await diff.getByText('111.11').first().waitFor();
      // Ripristina asks first, then saves that version as a normal save with its own entry.
      await firstEdit.getByRole('button', { name: 'Ripristina' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Conferma' });
      await dialog.getByText('Ripristinare questa versione? Il prodotto verrà salvato con quei valori.').waitFor();
      await dialog.getByRole('button', { name: 'Ripristina' }).click();
      await page.getByText('Versione ripristinata: il prodotto è stato salvato con quei valori.').waitFor();
      await entries.nth(before + 2).waitFor();
      assert.deepEqual(
        (await entries.locator('strong').allTextContents()).slice(0, 3),
        ['Ripristino', 'Modifica', 'Modifica'],
      );
      assert.equal(JSON.parse(await readEditorText(page)).average_market_price, 111.11);
      assert.match(await entries.first().locator('.ac-history-who').textContent(), /admin@sbc-tycoon\.test/);
    });
  });

  test('Esporta JSON downloads {slug}.json holding the editor text; Ctrl+F formats it with 2 spaces', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page }) => {
      await signInAsAdmin(page);
      await openInJsonEditor(page, 'wool-sweater');
      const product = JSON.parse(await readEditorText(page));
      await replaceEditorText(page, JSON.stringify(product));
      await page.getByText('Valido', { exact: true }).waitFor();
      await page.keyboard.press('Control+F');
      assert.equal(await readEditorText(page), JSON.stringify(product, null, 2));
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Esporta JSON' }).click()]);
      assert.equal(download.suggestedFilename(), 'wool-sweater.json');
      const saved = readFileSync(await download.path(), 'utf8');
      assert.deepEqual(JSON.parse(saved), product);
    });
  });

  test('malformed JSON shows the error and cannot be saved', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page }) => {
      await signInAsAdmin(page);
      await openInJsonEditor(page, 'curtains');
      await replaceEditorText(page, '{ "slug": "curtains", "name": ');
      await page.getByText('Errore', { exact: true }).waitFor();
      await page.getByText(/^Errore di sintassi:/).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Aggiorna Prodotto' }).isDisabled(), true);
      await page.keyboard.press('Control+S');
      assert.equal(await page.getByText('Prodotto aggiornato con successo!').count(), 0);
      // Ctrl+R with unsaved edits asks first, in the console's own dialog; Esc declines and keeps the edit (and
      // the page: no browser reload), with the focus back in the editor.
      await page.keyboard.press('Control+R');
      const dialog = page.getByRole('alertdialog', { name: 'Conferma' });
      await dialog.getByText('Scartare le modifiche non salvate?').waitFor();
      assert.equal(await dialog.getByRole('button', { name: 'Annulla' }).evaluate((el) => el === document.activeElement), true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      assert.equal(await page.evaluate(() => Boolean(document.activeElement?.closest('.monaco-editor'))), true, 'focus back in the editor');
      assert.equal(await readEditorText(page), '{ "slug": "curtains", "name": ');
      // Leaving through the header with unsaved edits asks too; Annulla stays on the editor.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
      await dialog.getByText('Ci sono modifiche non salvate. Uscire senza salvarle?').waitFor();
      await dialog.getByRole('button', { name: 'Annulla' }).click();
      await dialog.waitFor({ state: 'detached' });
      assert.equal(new URL(page.url()).pathname, '/admin/json-editor');
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
        await second.page.getByText('Prodotto aggiornato con successo!').waitFor();
      });
      mine.average_market_price = 123.45;
      const myText = JSON.stringify(mine, null, 2);
      await replaceEditorText(first.page, myText);
      await first.page.getByRole('button', { name: 'Aggiorna Prodotto' }).click();
      await first.page.getByRole('alert').filter({ hasText: CONFLICT }).waitFor();
      assert.equal(await readEditorText(first.page), myText, 'the edit survives the conflict');
      await first.page.getByRole('button', { name: 'Sovrascrivi' }).click();
      await first.page.getByText('Prodotto aggiornato con successo!').waitFor();
    });
  });
});
