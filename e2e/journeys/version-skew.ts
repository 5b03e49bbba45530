// Each app is deployed alone, so production always passes through a moment where today's remotes run in the
// previous shell, or today's shell loads the previous remotes (README: compatibility policy). Both pairings
// are served here beside the e2e stack, on the same emulators: the previous release is built from its
// commit (e2e/skew/previous-release.json), and each pairing must render the public pages on the server,
// hydrate them, navigate between them and let an admin save a product.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from '@playwright/test';
import { type AppDescriptor, APPS, buildLocalRuntimeConfig, REPO_ROOT, serveApp } from '../../local-backend/src/stack';
import { formatSbc } from '../../domain/src/format/currency';
import { runtimeImports } from '../../shared/named-imports';
import * as routerFacade from '../../shared/router-facade';
import { FEDERATION_RUNTIME_VERSION, HOST_RUNTIME_ENTRY_FILE, hostRuntimeEntryFor } from '../../shared/src/host-runtime-entry';
import { paths } from '../../shared/src/paths';
import { openInJsonEditor, readEditorText, replaceEditorText, SAVED, signInAsAdmin, VALID } from '../lib/admin-flows';
import { withBrowser } from '../lib/browser';
import { expectHeading, waitForPath } from '../lib/flows';
import { buildPreviousRelease } from '../lib/previous-release';
import { removeTradeBook, uidOf } from '../lib/documents';
import { demoAccount, E2E_PORTS } from '../lib/stack';
import { test } from '../lib/test';

const [SHELL, PUBLIC_SITE, ADMIN_CONSOLE] = APPS;
const SKEW_PORTS = {
  previousShell: E2E_PORTS.shell + 10,
  previousPublicSite: E2E_PORTS.shell + 11,
  previousAdminConsole: E2E_PORTS.shell + 12,
  todaysShell: E2E_PORTS.shell + 13,
};

function runtimeConfig(publicSitePort: number, adminConsolePort: number) {
  return buildLocalRuntimeConfig({
    publicSitePort,
    adminConsolePort,
    authPort: E2E_PORTS.auth,
    functionsPort: E2E_PORTS.functions,
    firestorePort: E2E_PORTS.firestore,
  });
}

/** A request for a remote entry served on `port`: `/<file>` or `/releases/<id>/<file>` (file: remoteEntry.js by default). */
function isRemoteEntryOf(url: string, port: number, file = 'remoteEntry.js'): boolean {
  const { origin, pathname } = new URL(url);
  if (origin !== `http://localhost:${port}`) return false;
  const parts = pathname.split('/').filter(Boolean);
  return parts[parts.length - 1] === file && (parts.length === 1 || (parts.length === 3 && parts[0] === 'releases'));
}

/**
 * The public-site entry a pairing's shell must load (shared/src/host-runtime-entry.ts): the host-runtime entry when the
 * shell provides its federation runtime (releases since 8ae4c6e; both sides are built here on the one installed
 * runtime) and the remote's manifest offers one for it; remoteEntry.js otherwise.
 */
function expectedPublicSiteEntry(shellSources: string, publicSiteDist: string): string {
  const shellProvidesRuntime = existsSync(join(shellSources, 'shell/src/remotes/host-runtime.ts'));
  const manifest: unknown = JSON.parse(readFileSync(join(publicSiteDist, 'mf-manifest.json'), 'utf8'));
  return (shellProvidesRuntime && hostRuntimeEntryFor(manifest, FEDERATION_RUNTIME_VERSION)) || 'remoteEntry.js';
}

const PAIRINGS = [
  {
    name: 'the previous shell with today’s remotes',
    shellPort: SKEW_PORTS.previousShell,
    remotePorts: { publicSite: E2E_PORTS.publicSite, adminConsole: E2E_PORTS.adminConsole },
    shellFrom: 'previous',
  },
  {
    name: 'today’s shell with the previous remotes',
    shellPort: SKEW_PORTS.todaysShell,
    remotePorts: { publicSite: SKEW_PORTS.previousPublicSite, adminConsole: SKEW_PORTS.previousAdminConsole },
    shellFrom: 'today',
  },
];

const PUBLIC_PAGES: Array<{ path: string; heading: string; text?: string }> = [
  { path: paths.home, heading: 'Build a business empire in a living economy' },
  { path: `${paths.products}?sector=energy`, heading: 'Product Categories', text: 'Solar Panel' },
  { path: paths.product('solar-panel'), heading: 'Solar Panel' },
  { path: paths.materials, heading: 'Stock Ledger', text: 'Copper' },
  { path: paths.material('Copper'), heading: 'Copper' },
  { path: paths.faq, heading: 'Frequently Asked Questions' },
  // Issue 36: the planner ranks a budget off the page (the store's loadPlanSuggestions) in both pairings: every shell in
  // service has it since cda50e2.
  { path: `${paths.planner}?sbc=100000&slots=1000&hours=24`, heading: 'Production planner', text: 'Products that fit the budget, by total margin' },
];


test.describe('version skew: one app redeployed, the others from the previous release', () => {
  const servers: Array<{ stop(): Promise<void> }> = [];
  let previous: { commit: string; dir: string };

  test.beforeAll(async () => {
    test.setTimeout(240_000); // the first run on a machine builds the previous release
    previous = buildPreviousRelease();
    const previousDist = (app: AppDescriptor) => join(previous.dir, app.workspace, 'dist');
    const todaysDist = (app: AppDescriptor) => join(REPO_ROOT, app.workspace, 'dist');
    const serve = async (app: AppDescriptor, dist: string, port: number, config: unknown) => {
      servers.push(await serveApp(app, { dist, port, appConfig: config }));
    };
    const previousRemotesConfig = runtimeConfig(SKEW_PORTS.previousPublicSite, SKEW_PORTS.previousAdminConsole);
    await serve(PUBLIC_SITE, previousDist(PUBLIC_SITE), SKEW_PORTS.previousPublicSite, previousRemotesConfig);
    await serve(ADMIN_CONSOLE, previousDist(ADMIN_CONSOLE), SKEW_PORTS.previousAdminConsole, previousRemotesConfig);
    await serve(SHELL, previousDist(SHELL), SKEW_PORTS.previousShell, runtimeConfig(E2E_PORTS.publicSite, E2E_PORTS.adminConsole));
    await serve(SHELL, todaysDist(SHELL), SKEW_PORTS.todaysShell, previousRemotesConfig);
  });

  test.afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  test('the previous release imports from @sbc/shared only what today’s shared still exports', () => {
    const { exports } = JSON.parse(readFileSync(join(REPO_ROOT, 'shared', 'contract-exports.json'), 'utf8')) as { exports: string[] };
    const imported = runtimeImports(APPS.map((app) => join(previous.dir, app.workspace, 'src')), '@sbc/shared');
    expect(imported.size, `the previous release's imports were found (${imported.size})`).toBeGreaterThan(10);
    const missing = [...imported].filter(([name]) => !exports.includes(name)).map(([name, file]) => `${name} (${relative(previous.dir, file)})`);
    expect(missing, 'today’s @sbc/shared lacks what the previous release imports from it').toEqual([]);
  });

  test('the previous release imports from react-router-dom only what today’s shared router facade provides', () => {
    const imported = runtimeImports(APPS.map((app) => join(previous.dir, app.workspace, 'src')), 'react-router-dom');
    expect(imported.size, `the previous release's imports were found (${imported.size})`).toBeGreaterThan(5);
    const missing = [...imported].filter(([name]) => !(name in routerFacade)).map(([name, file]) => `${name} (${relative(previous.dir, file)})`);
    expect(missing, 'shared/router-facade.ts lacks what the previous release imports from react-router-dom').toEqual([]);
  });

  for (const pairing of PAIRINGS) {
    const at = (path: string) => `http://localhost:${pairing.shellPort}${path}`;

    test(`${pairing.name}: every public page arrives server-rendered, hydrates without errors and links work`, async () => {
      test.setTimeout(120_000);
      for (const { path, heading, text } of PUBLIC_PAGES) {
        const response = await fetch(at(path), { headers: { Accept: 'text/html' } });
        const html = await response.text();
        expect(response.status, path).toBe(200);
        expect(response.headers.get('x-render') ?? '', `${path} is rendered on the server, not the fallback`).toMatch(/^(render|cache)$/);
        expect(html.includes(heading), `${path} holds its heading in the HTML`).toBe(true);
        if (text) expect(html.includes(text), `${path} holds ${text} in the HTML`).toBe(true);
      }
      await withBrowser({}, async ({ page, pageErrors, requests }) => {
        const consoleErrors: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') consoleErrors.push(message.text());
        });
        for (const { path, heading } of PUBLIC_PAGES) {
          await page.goto(at(path));
          await expectHeading(page, heading);
        }
        // Client-side navigation through the shell's header and the remote's own links.
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
        await expectHeading(page, 'Product Categories');
        await page.getByRole('button', { name: /energy/i }).first().click();
        await page.getByRole('table', { name: 'Products trading in energy' }).getByRole('link', { name: 'Solar Panel' }).click();
        await expectHeading(page, 'Solar Panel');
        await waitForPath(page, paths.product('solar-panel'));
        // At the site root (a remote from before release folders) or in a release folder (docs/deploying.md); the entry on
        // the host's runtime only where the shell provides it and the manifest offers it, and then never both entries.
        const [shellSources, remotesSources] = pairing.shellFrom === 'previous' ? [previous.dir, REPO_ROOT] : [REPO_ROOT, previous.dir];
        const entry = expectedPublicSiteEntry(shellSources, join(remotesSources, PUBLIC_SITE.workspace, 'dist'));
        const other = entry === HOST_RUNTIME_ENTRY_FILE ? 'remoteEntry.js' : HOST_RUNTIME_ENTRY_FILE;
        const remoteEntry = `http://localhost:${pairing.remotePorts.publicSite}/…/${entry}`;
        expect(requests.some((url) => isRemoteEntryOf(url, pairing.remotePorts.publicSite, entry)), `the public-site remote came from ${remoteEntry}`).toBe(true);
        expect(requests.filter((url) => isRemoteEntryOf(url, pairing.remotePorts.publicSite, other)), `${other} is not downloaded beside ${entry}`).toEqual([]);
        expect(pageErrors).toEqual([]);
        expect(consoleErrors).toEqual([]);
      });
    });

    test(`${pairing.name}: an admin saves a product in the JSON editor, and the public page and the trade book show it`, async () => {
      test.setTimeout(120_000);
      const price = pairing.shellFrom === 'previous' ? 611.11 : 622.22;
      const uid = await uidOf(demoAccount('admin').email);
      await removeTradeBook(uid);
      await withBrowser({}, async ({ page, pageErrors, requests }) => {
        await signInAsAdmin(page, at);
        await openInJsonEditor(page, 'wool-sweater', at);
        const product = JSON.parse(await readEditorText(page));
        product.average_market_price = price;
        await replaceEditorText(page, JSON.stringify(product, null, 2));
        await page.getByText(VALID, { exact: true }).waitFor();
        await page.getByRole('button', { name: 'Aggiorna Prodotto' }).click();
        await page.getByText(SAVED).waitFor();
        // At the site root (a remote from before release folders) or in a release folder (docs/deploying.md).
        const remoteEntry = `http://localhost:${pairing.remotePorts.adminConsole}/…/remoteEntry.js`;
        expect(requests.some((url) => isRemoteEntryOf(url, pairing.remotePorts.adminConsole)), `the admin-console remote came from ${remoteEntry}`).toBe(true);
        // The public-site remote of the same pairing, through the one store: the saved price at once.
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
        await expectHeading(page, 'Product Categories');
        await page.goto(at(paths.product('wool-sweater')));
        await expectHeading(page, 'Wool Sweater');
        await page.getByText(formatSbc(price)).first().waitFor();
        // The trade book values a holding at the store's record of the item (the previous release's page read the
        // root store's refresh counter, which today's store no longer has: shared/README.md).
        await page.goto(at(paths.tradeBook));
        await expectHeading(page, 'Trade book');
        const csv = 'time,side,kind,item,quantity,unit price\r\n2026-11-02 09:00,buy,product,Wool Sweater,1,1\r\n';
        await page.getByLabel('CSV file').setInputFiles({ name: 'trades.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
        await page.getByRole('button', { name: 'Import 1 trade' }).click();
        const totals = page.getByRole('region', { name: 'Totals' });
        await expect(totals.locator('dt', { hasText: /^Holdings value$/ }).locator('xpath=following-sibling::dd')).toHaveText(formatSbc(price));
        expect(pageErrors).toEqual([]);
      }).finally(() => removeTradeBook(uid));
    });
  }
});
