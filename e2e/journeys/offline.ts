// Installable and offline (issue 28, docs/offline.md): Chromium's installability criteria are met (DevTools protocol);
// pages a visitor has seen open without a connection with their figures and the "Offline — figures from …" banner,
// a page never seen gets the offline page with links to the kept ones, pages that need a connection say so; back
// online the figures refresh and the banner goes; the watchlist opens offline from the last visit; a signed-in player's
// kept page offline says a star's write failed (the star as stored) and keeps its banner until fresh figures are read
// back online; a remote redeployed under a shell whose worker has kept the
// previous one's files is picked up on the next navigation, both ways (previous → today's, today's → previous); a
// new shell deploy is offered as a reload instead of switching the open page; a first visit's pages left before the
// first worker took the tab are kept when it does.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, type Locator, type Page } from '@playwright/test';
import { type AppDescriptor, APPS, buildLocalRuntimeConfig, serveApp } from '../../local-backend/src/stack';
import type { StaticServer } from '../../local-backend/src/static-server';
import { formatSbc } from '../../domain/src/format/currency';
import { formatItalianDateLabel } from '../../domain/src/format/dates';
import { paths } from '../../shared/src/paths';
import { formatFiguresTime } from '../../shell/src/features/offline/offline-text';
import { APP_NAME, APP_SHORT_NAME } from '../../shell/src/features/offline/web-app-manifest';
import { seriousViolations } from '../lib/axe';
import { BROWSER_ARGS, CHROMIUM_EXECUTABLE, withBrowser } from '../lib/browser';
import { expectHeading, signIn, waitForPath, watchItem } from '../lib/flows';
import { settled } from '../lib/settle';
import { buildPreviousRelease } from '../lib/previous-release';
import { advanceMarket, demoAccount, E2E_PORTS, firestoreExport, marketDocuments, restoreDocuments, site, stack } from '../lib/stack';
import { test } from '../lib/test';

// The texts the visitor reads, written out; the compiler holds them to the shell's constants.
const OFFLINE_PREFIX = 'Offline — figures from' satisfies typeof import('../../shell/src/features/offline/offline-text').OFFLINE_BANNER_PREFIX;
const UPDATE_TEXT = 'A new version is available.' satisfies typeof import('../../shell/src/features/offline/offline-text').UPDATE_AVAILABLE_TEXT;
const OFFLINE_TITLE = 'You are offline' satisfies typeof import('../../shell/src/features/offline/sw-policy').OFFLINE_PAGE_TITLE;
const WATCHLIST_NOT_SAVED = 'Your watchlist could not be saved. Please try again.' satisfies typeof import('../../shared/src/stores/watchlist-store').WATCHLIST_SAVE_FAILED;
const SIGN_IN_NEEDS_CONNECTION =
  'Signing in needs a connection. Connect to the internet and try again.' satisfies (typeof import('../../shell/src/features/offline/sw-policy').NEEDS_CONNECTION_TEXT)['signIn'];

const [SHELL, PUBLIC_SITE] = APPS;
/** Servers of this journey beside the stack (version-skew uses +10…+13). */
const PORTS = { shell: E2E_PORTS.shell + 20, publicSite: E2E_PORTS.shell + 21, updatingShell: E2E_PORTS.shell + 22 };
const MARKET_DOCUMENT = /^(products|materials|marketStats|marketMaterialStats|gameParameters)\/[^/]+$/;
const TIME_ZONE = 'UTC';
/** How long a kept copy may take to find the connection back: its check every 10 s, then the refetch. */
const RECONNECT_MS = 30_000;

const energy = `${paths.products}?sector=energy`;
const solarRow = (page: Page) =>
  page.getByRole('table', { name: 'Products trading in energy' }).getByRole('row').filter({ has: page.getByRole('link', { name: 'Solar Panel' }) });
const banner = (page: Page) => page.getByRole('status', { name: 'Connection' });

/**
 * The figures of a table row, cell by cell (index and text). The sparklines' labels are left out: they name the
 * times of their points relative to the clock of the page, not figures.
 */
async function figuresOf(row: Locator): Promise<Array<[number, string]>> {
  const cells = await row.getByRole('cell').allTextContents();
  return cells.map((text, index): [number, string] => [index, text]).filter(([, text]) => !text.includes('→'));
}
/** The row shows these figures (web-first, cell by cell). */
async function expectFigures(row: Locator, figures: Array<[number, string]>): Promise<void> {
  expect(figures.length, 'figures to compare').toBeGreaterThan(0);
  for (const [index, text] of figures) await expect(row.getByRole('cell').nth(index)).toHaveText(text);
}

/** The page is controlled by the service worker (it registers once the page is interactive). */
async function controlled(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
}

/** The addresses the worker has kept for offline reading. */
function keptPages(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await (await caches.open('sbc-pages')).keys()).map((request) => new URL(request.url).pathname + new URL(request.url).search));
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const utcDay = (at: number) => formatItalianDateLabel(new Date(at), 'day', TIME_ZONE);

/**
 * The banner of figures read at or after `from` (a time taken before the page that read them was opened online),
 * shown now: 'HH:MM', with the figures' day in front when the banner's day is another (formatFiguresTime). Only a
 * journey that crossed midnight UTC since `from` can see the day, and then either text is right (the figures and
 * the banner on either side of it); within one day, only the time. (A kept render's time is on `from`'s day or later:
 * the render cache keeps a page to the end of its market period at most, and midnight UTC is a market update.)
 */
function bannerOfFiguresSince(from: number): RegExp {
  const crossed = utcDay(from) !== utcDay(Date.now());
  return new RegExp(`^${OFFLINE_PREFIX} ${crossed ? `(?:${literal(utcDay(from))}, )?` : ''}\\d{2}:\\d{2}$`);
}

/** The render time of the server-rendered page on screen: the time its banner must show. */
async function renderedAt(page: Page): Promise<number> {
  return page.evaluate(() => JSON.parse(document.getElementById('sbc-ssr-state')?.textContent ?? '{}').renderedAt as number);
}

test.describe('installable and offline', () => {
  test('Chromium can install the site: the manifest parses and no installability error is left', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'sbc-e2e-install-'));
    // A profile on disk: Chromium never offers to install from an incognito-like context (the runner's contexts).
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_EXECUTABLE, args: BROWSER_ARGS, headless: true });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const response = await page.goto(site(paths.home));
      expect(response?.headers()['x-render']).toMatch(/^(render|cache)$/);
      // Every page links the manifest from its <head>, the server-rendered ones too.
      await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
      await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
      await controlled(page);
      const cdp = await context.newCDPSession(page);
      await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 20_000 }).toEqual([]);
      const { errors, data, url } = await cdp.send('Page.getAppManifest');
      expect(errors).toEqual([]);
      expect(url).toBe(site('/manifest.webmanifest'));
      const manifest = JSON.parse(data ?? '{}');
      expect(manifest).toMatchObject({ name: APP_NAME, short_name: APP_SHORT_NAME, display: 'standalone', start_url: '/', scope: '/', theme_color: '#0b1d3a' });
      expect(manifest.shortcuts.map((shortcut: { url: string }) => shortcut.url)).toEqual([paths.products, paths.materials, paths.watchlist]);
      // The worker and the manifest are files served as such, revalidated on every visit, never rendered as pages.
      for (const file of ['/sw.js', '/manifest.webmanifest']) {
        const served = await fetch(site(file));
        expect(served.status, file).toBe(200);
        expect(served.headers.get('cache-control'), file).toBe('no-cache');
        expect(served.headers.get('x-render'), file).toBeNull();
      }
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test.describe('offline reading', () => {
    let savedMarket: Awaited<ReturnType<typeof firestoreExport>>['documents'] = [];
    test.beforeAll(async () => {
      savedMarket = (await firestoreExport()).documents.filter((d) => MARKET_DOCUMENT.test(d.path));
    });
    test.afterAll(async () => {
      // The journeys after this one find the demo economy as it was (an import fires no trigger).
      if (savedMarket.length > 0) await restoreDocuments(savedMarket);
    });

    test('seen pages open offline with their figures and the banner, unseen ones give the offline page, online again they refresh', async () => {
      test.setTimeout(150_000);
      await withBrowser({ contextOptions: { timezoneId: TIME_ZONE, serviceWorkers: 'allow' } }, async ({ context, page, pageErrors }) => {
        // Online: the first page (kept once the worker takes it over), a sector's products, then Materials through the
        // header's link (a client-side navigation: the page tells the worker, which keeps it too).
        const seenFrom = Date.now();
        await page.goto(site(paths.home));
        await controlled(page);
        await page.goto(site(energy));
        await expectHeading(page, 'Product Categories');
        const figuresOnline = await figuresOf(solarRow(page));
        expect(figuresOnline.map(([, text]) => text).join(' ')).toContain('SBC');
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Materials' }).click();
        await expectHeading(page, 'Stock Ledger');
        await expect.poll(() => keptPages(page), { timeout: 20_000 }).toEqual(expect.arrayContaining([paths.home, energy, paths.materials]));
        await expect(banner(page)).toBeEmpty();

        await context.setOffline(true);
        // A seen page, opened again: its figures as last seen, and the banner with the time they were read. The page
        // wrote its banner between `openedAt` and now: the day in front of the time depends on which day it was then,
        // so when the two texts differ (the journey crossed midnight UTC), either is right; otherwise only the one.
        const openedAt = Date.now();
        await page.goto(site(energy));
        await expectHeading(page, 'Product Categories');
        await expectFigures(solarRow(page), figuresOnline);
        const energyRenderedAt = await renderedAt(page);
        const [whenOpened, whenChecked] = [openedAt, Date.now()].map((now) => `${OFFLINE_PREFIX} ${formatFiguresTime(energyRenderedAt, now, TIME_ZONE)}`);
        if (whenOpened === whenChecked) await expect(banner(page)).toHaveText(whenChecked);
        else await expect(banner(page)).toHaveText(new RegExp(`^(?:${literal(whenOpened)}|${literal(whenChecked)})$`));
        expect(await seriousViolations(page), 'a page with the offline banner').toEqual([]);
        await page.goto(site(paths.materials));
        await expectHeading(page, 'Stock Ledger');
        await expect(banner(page)).toHaveText(bannerOfFiguresSince(seenFrom));
        await page.goto(site(paths.home));
        await expectHeading(page, 'Build a business empire in a living economy');
        // The gallery's images were kept with the page (lazy images included): each has loaded.
        const gallery = page.getByRole('region', { name: 'Inside the game' }).getByRole('img');
        await expect(gallery).toHaveCount(8);
        for (const image of await gallery.all()) {
          await image.scrollIntoViewIfNeeded();
          await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        }

        // A page never seen, by its link: the offline page, with links to the pages kept.
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
        await expect(page.getByRole('heading', { level: 1, name: OFFLINE_TITLE })).toBeVisible();
        const available = page.getByRole('main').getByRole('list');
        await expect(available.getByRole('link', { name: 'Stock Ledger' })).toHaveAttribute('href', paths.materials);
        await expect(available.getByRole('link')).toHaveCount(3);
        expect(await seriousViolations(page), 'the offline page').toEqual([]);
        await available.getByRole('link', { name: /energy/ }).click();
        await expectHeading(page, 'Product Categories');
        await expectFigures(solarRow(page), figuresOnline);

        // Sign-in needs a connection: the offline page says so.
        await page.goto(site(paths.login));
        await expect(page.getByText(SIGN_IN_NEEDS_CONNECTION)).toBeVisible();

        // The market moves while the visitor is offline; back online, the open page reads it and the banner goes.
        await page.goto(site(energy));
        await expect(banner(page)).toHaveText(new RegExp(`^${OFFLINE_PREFIX}`));
        await advanceMarket();
        const solar = (await marketDocuments()).find((d) => d.path === 'products/energy_solar_panel');
        const newPrice = Number(solar?.data.average_market_price);
        await context.setOffline(false);
        await expect(solarRow(page)).toContainText(formatSbc(newPrice), { timeout: RECONNECT_MS });
        await expect(banner(page)).toBeEmpty();
        expect(pageErrors).toEqual([]);
      });
    });
  });

  test("a first visit's pages left before the worker took the tab open offline too", async () => {
    test.setTimeout(90_000);
    await withBrowser({ contextOptions: { timezoneId: TIME_ZONE, serviceWorkers: 'allow' } }, async ({ context, page, pageErrors }) => {
      // A new visitor lands on a product (no worker yet: the first page of the site), glances, and opens a material
      // before the worker has even registered. The worker takes the material's page; the product was left before.
      const seenFrom = Date.now();
      const product = paths.product('solar-panel');
      const material = paths.material('Copper');
      await page.goto(site(product));
      await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
      expect(await page.evaluate(() => navigator.serviceWorker.controller), 'the product page was shown without a worker').toBeNull();
      await page.goto(site(material));
      await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
      // Kept once the first worker is active, whether or not it ever controls the material's page (a page that loaded
      // while the worker activated may stay unclaimed: seen here under load).
      await expect.poll(() => keptPages(page), { timeout: 30_000 }).toEqual(expect.arrayContaining([product, material]));
      // A page opened in the page from there (client-side) is kept too, after the visitor's 3 s on it.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Materials' }).click();
      await expectHeading(page, 'Stock Ledger');
      await expect.poll(() => keptPages(page), { timeout: 20_000 }).toEqual(expect.arrayContaining([paths.materials]));

      await context.setOffline(true);
      await page.goto(site(product));
      await expectHeading(page, 'Solar Panel');
      await expect(banner(page)).toHaveText(bannerOfFiguresSince(seenFrom));
      await page.goto(site(material));
      await expectHeading(page, 'Copper');
      await expect(banner(page)).toHaveText(bannerOfFiguresSince(seenFrom));
      await page.goto(site(paths.materials));
      await expectHeading(page, 'Stock Ledger');
      await expect(banner(page)).toHaveText(bannerOfFiguresSince(seenFrom));
      expect(pageErrors).toEqual([]);
    });
  });

  test('the watchlist opens offline from what was last seen', async () => {
    test.setTimeout(120_000);
    await withBrowser({ contextOptions: { timezoneId: TIME_ZONE, serviceWorkers: 'allow' } }, async ({ context, page, pageErrors }) => {
      const seenFrom = Date.now();
      await signIn(page, demoAccount('player'));
      await waitForPath(page, paths.home);
      await controlled(page);
      await page.goto(site(paths.product('solar-panel')));
      await expectHeading(page, 'Solar Panel');
      const star = page.getByRole('button', { name: 'Watch Solar Panel' });
      const watchedBefore = await watchItem(page, 'Solar Panel');
      await page.goto(site(paths.watchlist));
      await expectHeading(page, 'Watchlist');
      const row = page.getByRole('table').locator('tbody > tr').filter({ has: page.getByRole('link', { name: 'Solar Panel' }) });
      await expect(row).toContainText('SBC');
      const seen = await figuresOf(row);

      await context.setOffline(true);
      await page.goto(site(paths.watchlist));
      await expectHeading(page, 'Watchlist');
      await expectFigures(row, seen);
      await expect(banner(page)).toHaveText(bannerOfFiguresSince(seenFrom));

      await context.setOffline(false);
      await page.goto(site(paths.product('solar-panel')));
      await expectHeading(page, 'Solar Panel');
      if (!watchedBefore) {
        // The player's watchlist as it was before this test, once the page shows it (a tap before the watchlist has
        // loaded acts on what the star shows then: unwatched, so it would watch).
        await expect(star).toHaveAttribute('aria-pressed', 'true');
        await star.click();
        await expect(star).toHaveAttribute('aria-pressed', 'false');
      }
      expect(pageErrors).toEqual([]);
    });
  });

  test("a signed-in player's kept page offline tells the truth: a star that cannot be saved, figures that are not fresh", async () => {
    test.setTimeout(150_000);
    await withBrowser({ contextOptions: { timezoneId: TIME_ZONE, serviceWorkers: 'allow' } }, async ({ context, page, pageErrors }) => {
      await signIn(page, demoAccount('player'));
      await waitForPath(page, paths.home);
      await controlled(page);
      const product = paths.product('solar-panel');
      await page.goto(site(product));
      await expectHeading(page, 'Solar Panel');
      const star = page.getByRole('button', { name: 'Watch Solar Panel' });
      await expect(star).toHaveAttribute('aria-pressed', /^(true|false)$/);
      await settled(page);
      // Unwatched before going offline, so that pressing it offline asks to watch it.
      const watchedBefore = (await star.getAttribute('aria-pressed')) === 'true';
      if (watchedBefore) {
        await star.click();
        await expect(star).toHaveAttribute('aria-pressed', 'false');
      }
      await page.goto(site(product)); // kept by the worker as it is now
      await expect(star).toHaveAttribute('aria-pressed', 'false');
      await expect.poll(() => keptPages(page), { timeout: 20_000 }).toEqual(expect.arrayContaining([product]));

      await context.setOffline(true);
      await page.goto(site(product));
      await expectHeading(page, 'Solar Panel');
      await expect(banner(page)).toHaveText(new RegExp(`^${OFFLINE_PREFIX} `));
      const openedAt = Date.now();
      // The player's session is restored from the device: the star is the player's, as last seen.
      await expect(star).toHaveAttribute('aria-pressed', 'false');
      await settled(page);
      await star.click();
      // The write cannot reach the database: the star says so beside itself and shows what is stored.
      await expect(page.getByRole('alert').filter({ hasText: WATCHLIST_NOT_SAVED })).toBeVisible();
      await expect(star).toHaveAccessibleDescription(WATCHLIST_NOT_SAVED);
      await expect(star).toHaveAttribute('aria-pressed', 'false');
      expect(await seriousViolations(page), 'a star whose write failed').toEqual([]);

      // 15 s and more offline (the page looks for the connection every 10 s, and the looks fail): the figures are
      // still the kept ones, and the banner still says so.
      await page.waitForTimeout(Math.max(0, openedAt + 16_000 - Date.now()));
      await expect(banner(page)).toHaveText(new RegExp(`^${OFFLINE_PREFIX} `));

      // Back online: once the page has read fresh figures, the banner goes.
      await context.setOffline(false);
      await expect(banner(page)).toBeEmpty({ timeout: RECONNECT_MS });
      if (watchedBefore) {
        await star.click();
        await expect(star).toHaveAttribute('aria-pressed', 'true');
      }
      expect(pageErrors).toEqual([]);
    });
  });

  test.describe('deploys', () => {
    const servers: StaticServer[] = [];
    let previousDir = '';
    const todaysDist = (app: AppDescriptor) => (app === SHELL ? stack().dists.shell : stack().dists.publicSite);
    const config = buildLocalRuntimeConfig({
      publicSitePort: PORTS.publicSite,
      adminConsolePort: E2E_PORTS.adminConsole,
      authPort: E2E_PORTS.auth,
      functionsPort: E2E_PORTS.functions,
      firestorePort: E2E_PORTS.firestore,
    });
    const serve = async (app: AppDescriptor, dist: string, port: number) => {
      const server = await serveApp(app, { dist, port, appConfig: config, serverBundle: app === SHELL ? join(stack().dists.shellServer, 'render.js') : undefined });
      servers.push(server);
      return server;
    };
    const stop = async (server: StaticServer) => {
      servers.splice(servers.indexOf(server), 1);
      await server.stop();
    };

    test.beforeAll(async () => {
      test.setTimeout(240_000); // the first run on a machine builds the previous release
      previousDir = buildPreviousRelease().dir;
    });
    test.afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
    });

    const releases = () => ({
      previous: join(previousDir, PUBLIC_SITE.workspace, 'dist'),
      today: todaysDist(PUBLIC_SITE),
    });
    for (const [from, to] of [
      ['previous', 'today'],
      ['today', 'previous'],
    ] as const) {
      test(`a public-site redeploy (${from} → ${to}) is picked up on the next navigation, with no shell build`, async () => {
        test.setTimeout(120_000);
        const shell = await serve(SHELL, todaysDist(SHELL), PORTS.shell);
        let remote = await serve(PUBLIC_SITE, releases()[from], PORTS.publicSite);
        const at = (path: string) => `http://localhost:${PORTS.shell}${path}`;
        try {
          await withBrowser({ contextOptions: { serviceWorkers: 'allow' } }, async ({ page, pageErrors }) => {
            await page.goto(at(paths.home));
            await controlled(page);
            await page.goto(at(energy));
            await expectHeading(page, 'Product Categories');
            // The worker has kept this release's manifest; now the other release is deployed in its place.
            await stop(remote);
            remote = await serve(PUBLIC_SITE, releases()[to], PORTS.publicSite);
            shell.marketChanged(); // the render server's own copies (per market period) are not what is tested here
            // The manifest a page of that release is given: its release folder's (docs/deploying.md), or the root one
            // for a release from before the folders.
            const root = JSON.parse(readFileSync(join(releases()[to], 'mf-manifest.json'), 'utf8'));
            const manifestPath = root.sbcRelease ? `${root.sbcRelease.path}mf-manifest.json` : 'mf-manifest.json';
            const manifest = page.waitForResponse((response) => response.url() === `http://localhost:${PORTS.publicSite}/${manifestPath}`);
            await page.goto(at(paths.materials));
            // The page was given the new release's manifest, not the kept one, and runs on it.
            expect(await (await manifest).text()).toBe(readFileSync(join(releases()[to], manifestPath), 'utf8'));
            await expectHeading(page, 'Stock Ledger');
            await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
            await expectHeading(page, 'Product Categories');
            expect(pageErrors).toEqual([]);
          });
        } finally {
          await stop(remote);
          await stop(shell);
        }
      });
    }

    test('a new shell deploy is offered as a reload, never switched under the visitor', async () => {
      test.setTimeout(120_000);
      // The shell as deployed, in a folder of its own: its next deploy is a new sw.js in the same place.
      const dir = mkdtempSync(join(tmpdir(), 'sbc-e2e-shell-deploy-'));
      const dist = join(dir, 'dist');
      cpSync(todaysDist(SHELL), dist, { recursive: true });
      await serve(PUBLIC_SITE, todaysDist(PUBLIC_SITE), PORTS.publicSite);
      await serve(SHELL, dist, PORTS.updatingShell);
      const at = (path: string) => `http://localhost:${PORTS.updatingShell}${path}`;
      try {
        await withBrowser({ contextOptions: { serviceWorkers: 'allow' } }, async ({ page, pageErrors }) => {
          await page.goto(at(energy));
          await controlled(page);
          const prompt = page.getByRole('status', { name: 'New version' });
          await expect(prompt).toBeEmpty();
          // The next deploy: a different worker script (as every shell build makes: its precache list names the new files).
          writeFileSync(join(dist, 'sw.js'), `${readFileSync(join(dist, 'sw.js'), 'utf8')}\n// next deploy ${Date.now()}\n`);
          await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Materials' }).click();
          await expectHeading(page, 'Stock Ledger');
          await page.reload(); // the browser looks for a new worker on navigations
          await expect(prompt).toContainText(UPDATE_TEXT, { timeout: 30_000 });
          // The open page is not switched: the new worker waits until the visitor chooses.
          expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null)).toBe(true);
          expect(await seriousViolations(page), 'a page with the update prompt').toEqual([]);
          // On the narrowest phone the prompt fits the screen, its buttons whole.
          await page.setViewportSize({ width: 320, height: 640 });
          for (const button of await prompt.getByRole('button').all()) await expect(button).toBeInViewport({ ratio: 1 });
          await page.setViewportSize({ width: 1280, height: 900 });
          const reload = prompt.getByRole('button', { name: 'Reload' });
          await reload.focus();
          await page.keyboard.press('Enter');
          await expectHeading(page, 'Stock Ledger');
          await expect(prompt).toBeEmpty();
          await expect
            .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null), { timeout: 20_000 })
            .toBeNull();
          expect(pageErrors).toEqual([]);
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});

