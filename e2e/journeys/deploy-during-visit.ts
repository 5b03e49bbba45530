// Issue 35, "an open page survives deploys": a visitor's tab stays open while the public-site team deploys a new
// release, exactly as Firebase Hosting does it (the site's files replaced by the new build, after the deploy step
// merged in the kept releases: scripts/release/deploy.ts). The open tab keeps working on its release; a new tab gets
// the new one; and when a release older than kept is removed, an open tab of it recovers by itself, once.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { paths } from '../../shared/src/paths';
import { RELEASES_DIR, MANIFEST_FILE } from '../../shared/src/release-layout';
import { mergeLiveReleases } from '../../scripts/release/deploy';
import { stamp } from '../../scripts/release/stamp';
import { RELEASE_CHECK_MS } from '../../shell/src/ssr/release-check';
import { pickProduct, VALID } from '../lib/admin-flows';
import { openBrowser } from '../lib/browser';
import { expectHeading, signIn, waitForPath } from '../lib/flows';
import { demoAccount, purgeRenderCache, site, stack } from '../lib/stack';
import { test } from '../lib/test';

/** The public-site release a page runs, as its footer's "About this version" says. */
async function publicSiteReleaseOf(page: Page): Promise<string> {
  const about = page.locator('.shell-footer-version');
  if (!(await about.getAttribute('open'))) await about.getByText('About this version').click();
  const release = about.locator('dt', { hasText: 'Market pages' }).locator('xpath=following-sibling::dd[1]');
  await expect(release).not.toHaveText('not loaded');
  return (await release.textContent())!.trim();
}

/** The files of the live site's current release, as a fresh flat build of the same code (the folder's own manifest). */
function freshBuildFrom(dist: string, release: string): string {
  const build = mkdtempSync(join(tmpdir(), 'sbc-deploy-build-'));
  cpSync(join(dist, RELEASES_DIR, release), build, { recursive: true });
  return build;
}

type RemoteApp = 'public-site' | 'admin-console';

/**
 * A deploy of `app` as its team runs it: a new build (here the current release's files, stamped as release `id`),
 * the deploy step merging in the live site's kept releases, then the site's files replaced. Returns the live id before.
 */
async function deployRemote(app: RemoteApp, dist: string, id: string, options: { stage?: boolean } = {}): Promise<string> {
  const liveId = JSON.parse(readFileSync(join(dist, MANIFEST_FILE), 'utf8')).sbcRelease.id as string;
  const build = freshBuildFrom(dist, liveId);
  rmSync(join(build, MANIFEST_FILE));
  cpSync(join(dist, RELEASES_DIR, liveId, MANIFEST_FILE), join(build, MANIFEST_FILE));
  stamp(app, build, id);
  const live = app === 'public-site' ? stack().urls.publicSite : stack().urls.adminConsole;
  await mergeLiveReleases({ app, dist: build, live, now: new Date(), stage: options.stage });
  replaceSiteFiles(dist, build);
  purgeRenderCache();
  return liveId;
}

type AppName = RemoteApp | 'shell';

/**
 * Runs `visit` against `app`'s site in this group's stack, as it went live (its release's deploy dated a minute ago),
 * and puts the site's files back afterwards, whatever `visit` deployed or removed.
 */
async function onLiveSite(app: AppName, visit: (dist: string) => Promise<void>): Promise<void> {
  const dists = stack().dists;
  const dist = app === 'shell' ? dists.shell : app === 'public-site' ? dists.publicSite : dists.adminConsole;
  const backup = mkdtempSync(join(tmpdir(), 'sbc-deploy-backup-'));
  cpSync(dist, backup, { recursive: true });
  try {
    await mergeLiveReleases({ app, dist, live: null, now: new Date(Date.now() - 60_000) });
    await visit(dist);
  } finally {
    replaceSiteFiles(dist, backup);
    purgeRenderCache();
  }
}

/** Replaces the site's files with `build`'s, as a Hosting deploy does. */
function replaceSiteFiles(dist: string, build: string) {
  for (const name of readdirSync(dist)) rmSync(join(dist, name), { recursive: true, force: true });
  for (const name of readdirSync(build)) renameSync(join(build, name), join(dist, name));
}

test.describe('a deploy while a page is open', () => {
  test('an open tab keeps working on its release after a public-site deploy; a new tab gets the new one; a release removed later recovers once', async () => {
    test.setTimeout(120_000);
    await onLiveSite('public-site', async (dist) => {
      const first = await openBrowser({});
      const second = await openBrowser({});
      const third = await openBrowser({});
      try {
        // Two visitors open the FAQ on release A and let it hydrate.
        for (const { page } of [first, second]) {
          await page.goto(site(paths.faq));
          await expectHeading(page, 'Frequently Asked Questions');
        }
        const releaseA = await publicSiteReleaseOf(first.page);
        expect(releaseA).toMatch(/^[0-9A-Za-z][0-9A-Za-z._-]+$/);

        // The team deploys release B: stamped, merged with the live site's kept releases, the site's files replaced.
        const releaseB = `${releaseA}-next`;
        await deployRemote('public-site', dist, releaseB);
        expect(JSON.parse(readFileSync(join(dist, 'release-history.json'), 'utf8')).releases.map((release: { id: string }) => release.id)).toEqual([releaseA, releaseB]);

        // The open tab goes on: Products, a sector, a product with its charts: code it had not loaded yet, all of A.
        first.requests.length = 0;
        const failed: string[] = [];
        first.page.on('response', (response) => {
          if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
        });
        await first.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
        await expectHeading(first.page, 'Product Categories');
        await first.page.getByRole('button', { name: /energy/i }).first().click();
        await first.page.getByRole('table', { name: 'Products trading in energy' }).getByRole('link', { name: 'Solar Panel' }).click();
        await expectHeading(first.page, 'Solar Panel');
        // The charts' own chunk (echarts) draws them.
        await first.page.locator('.ps-line-chart canvas, .ps-line-chart svg').first().waitFor();
        expect(failed).toEqual([]);
        expect(first.pageErrors).toEqual([]);
        expect(first.requests.filter((url) => url.includes(`/${RELEASES_DIR}/`)).every((url) => url.includes(`/${RELEASES_DIR}/${releaseA}/`))).toBe(true);
        expect(await publicSiteReleaseOf(first.page)).toBe(releaseA);

        // A new visitor gets release B, rendered on the server with B and hydrated with B.
        await third.page.goto(site(paths.faq));
        await expectHeading(third.page, 'Frequently Asked Questions');
        expect(await publicSiteReleaseOf(third.page)).toBe(releaseB);
        expect(third.pageErrors).toEqual([]);

        // Release A grows older than kept and is removed; the second tab, still on A, now needs code of A.
        rmSync(join(dist, RELEASES_DIR, releaseA), { recursive: true, force: true });
        purgeRenderCache();
        const documents: string[] = [];
        second.page.on('request', (request) => {
          if (request.resourceType() === 'document') documents.push(request.url());
        });
        await second.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
        // It says why, reloads the same address once, and shows the page on release B.
        await expectHeading(second.page, 'Product Categories');
        // The same address (the page may then add the sector it shows by default, as it does on any visit).
        await expect(second.page).toHaveURL((url) => url.pathname === paths.products);
        expect(await publicSiteReleaseOf(second.page)).toBe(releaseB);
        await expect(second.page.getByText('This part of the site is unavailable')).toHaveCount(0);
        // One navigation to the same address (the first was the router's, in the page): no loop.
        expect(documents).toEqual([site(paths.products)]);
      } finally {
        await Promise.all([first.close(), second.close(), third.close()]);
      }
    });
  });

  test('a public-site rebuilt without the deploy step (no release kept): pages the render server kept are rendered again with the new release within seconds', async () => {
    test.setTimeout(90_000);
    await onLiveSite('public-site', async (dist) => {
      const before = await openBrowser({});
      const after = await openBrowser({});
      try {
        // A visitor's FAQ is rendered on release A, and the render server keeps it for the market period.
        await before.page.goto(site(paths.faq));
        await expectHeading(before.page, 'Frequently Asked Questions');
        const releaseA = await publicSiteReleaseOf(before.page);

        // A bare build of release B replaces the site's files: release A's files are gone, and nobody purges the
        // render server's cache (a local `npm run build -w public-site`, or a release dropped from hosting).
        const releaseB = `${releaseA}-bare`;
        const build = freshBuildFrom(dist, releaseA);
        stamp('public-site', build, releaseB);
        replaceSiteFiles(dist, build);
        expect(existsSync(join(dist, RELEASES_DIR, releaseA))).toBe(false);

        // Within RELEASE_CHECK_MS the render server finds the new release; the next visitor gets the page rendered
        // with it and hydrated with it, never "A new version of the site is loading".
        await new Promise((resolve) => setTimeout(resolve, RELEASE_CHECK_MS + 500));
        const response = await after.page.goto(site(paths.faq));
        expect(response?.headers()['x-render']).toBe('render');
        await expectHeading(after.page, 'Frequently Asked Questions');
        expect(await publicSiteReleaseOf(after.page)).toBe(releaseB);
        await expect(after.page.getByText('A new version of the site is loading')).toHaveCount(0);
        expect(after.pageErrors).toEqual([]);
      } finally {
        await Promise.all([before.close(), after.close()]);
      }
    });
  });

  test('an admin tries a staged release in their own session (a canary), nobody else gets it, and a player cannot keep a pin', async () => {
    test.setTimeout(120_000);
    await onLiveSite('public-site', async (dist) => {
      const admin = await openBrowser({});
      const visitor = await openBrowser({});
      const player = await openBrowser({});
      try {
        // The team stages release C: on the site, the root still serving the current release.
        const currentId = JSON.parse(readFileSync(join(dist, MANIFEST_FILE), 'utf8')).sbcRelease.id as string;
        const staged = `${currentId}-canary`;
        await deployRemote('public-site', dist, staged, { stage: true });

        await signIn(admin.page, demoAccount('admin'));
        await waitForPath(admin.page, paths.home);
        await admin.page.goto(site(paths.faq));
        await expectHeading(admin.page, 'Frequently Asked Questions');
        expect(await publicSiteReleaseOf(admin.page)).toBe(currentId);
        const choose = admin.page.getByLabel('Release of the market pages to try in this session');
        await choose.selectOption(staged);
        await admin.page.getByRole('button', { name: 'Try it' }).first().click();
        const banner = admin.page.getByRole('status').filter({ hasText: `Trying release ${staged} of the market pages in this session only.` });
        await banner.waitFor();
        await expectHeading(admin.page, 'Frequently Asked Questions');
        expect(await publicSiteReleaseOf(admin.page)).toBe(staged);
        await admin.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
        await expectHeading(admin.page, 'Product Categories');
        expect(admin.pageErrors).toEqual([]);

        // Everyone else still gets the current release.
        await visitor.page.goto(site(paths.faq));
        expect(await publicSiteReleaseOf(visitor.page)).toBe(currentId);

        // The admin stops trying it: back on the current release, no banner.
        await banner.getByRole('button', { name: 'Stop trying it' }).click();
        await admin.page.getByRole('heading', { level: 1 }).first().waitFor();
        await expect(admin.page.getByText(/Trying release/)).toHaveCount(0);
        expect(await publicSiteReleaseOf(admin.page)).toBe(currentId);

        // A player who writes a pin by hand does not keep it: it is dropped once the session is known not to be an admin's.
        await signIn(player.page, demoAccount('player'));
        await waitForPath(player.page, paths.home);
        await player.page.evaluate((id) => sessionStorage.setItem('sbc:canary-pins', JSON.stringify({ publicSite: id })), staged);
        await player.page.goto(site(paths.faq));
        await expect.poll(() => player.page.evaluate(() => sessionStorage.getItem('sbc:canary-pins'))).toBeNull();
        await expectHeading(player.page, 'Frequently Asked Questions');
        await expect(player.page.getByText(/Trying release/)).toHaveCount(0);
        expect(await publicSiteReleaseOf(player.page)).toBe(currentId);
      } finally {
        await Promise.all([admin.close(), visitor.close(), player.close()]);
      }
    });
  });

  test('an admin console left open keeps working after an admin-console deploy: the JSON editor, Monaco and its workers come from its release', async () => {
    test.setTimeout(120_000);
    await onLiveSite('admin-console', async (dist) => {
      const admin = await openBrowser({});
      try {
        await signIn(admin.page, demoAccount('admin'));
        await waitForPath(admin.page, paths.home);
        await admin.page.goto(site(paths.admin));
        const editorLink = admin.page.getByRole('link', { name: 'JSON Editor' });
        await editorLink.waitFor();
        const releaseA = await deployRemote('admin-console', dist, 'admin-next');
        const failed: string[] = [];
        admin.page.on('response', (response) => {
          if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
        });
        admin.requests.length = 0;
        await editorLink.click();
        await expectHeading(admin.page, 'JSON Editor');
        await pickProduct(admin.page, 'wool-sweater');
        await admin.page.locator('.monaco-editor').waitFor();
        await admin.page.getByText(VALID, { exact: true }).waitFor();
        // Monaco asks for its language worker once the editor has its model, which may come after the text shows.
        const adminFilesNow = () => admin.requests.filter((url) => url.startsWith(stack().urls.adminConsole));
        await expect.poll(() => adminFilesNow().some((url) => /worker/.test(url)), { message: 'Monaco started its worker' }).toBe(true);
        const adminFiles = adminFilesNow();
        expect(adminFiles.every((url) => url.includes(`/${RELEASES_DIR}/${releaseA}/`)), adminFiles.join('\n')).toBe(true);
        expect(failed).toEqual([]);
        expect(admin.pageErrors).toEqual([]);
      } finally {
        await admin.close();
      }
    });
  });

  test('an open page keeps working after a shell deploy: the shell code it had not loaded yet (sign-in, Firebase) comes from its release', async () => {
    test.setTimeout(120_000);
    await onLiveSite('shell', async (dist) => {
      const visitor = await openBrowser({});
      try {
        await visitor.page.goto(site(paths.faq));
        await expectHeading(visitor.page, 'Frequently Asked Questions');
        // The next shell release: here today's files under other content hashes (a real rebuild names every changed
        // chunk anew), stamped, merged with the live site's kept files by the deploy step, then the site's files replaced.
        const build = mkdtempSync(join(tmpdir(), 'sbc-deploy-shell-'));
        cpSync(dist, build, { recursive: true });
        const renamed: string[] = [];
        for (const name of readdirSync(build)) {
          const hashed = /^(.*\.)([0-9a-f]{10})(\.(js|css))$/.exec(name);
          if (!hashed) continue;
          renameSync(join(build, name), join(build, `${hashed[1]}${'f'.repeat(10)}${hashed[3]}`));
          renamed.push(name);
        }
        rmSync(join(build, 'release-history.json'));
        stamp('shell', build, 'shell-next');
        await mergeLiveReleases({ app: 'shell', dist: build, live: stack().urls.shell, now: new Date() });
        // The previous release's chunks are back on the site, under their own names.
        expect(renamed.filter((name) => !existsSync(join(build, name)))).toEqual([]);
        replaceSiteFiles(dist, build);
        purgeRenderCache();

        // In the same tab: the header's Login link, then signing in, which loads Firebase's chunk the page never had.
        const failed: string[] = [];
        visitor.page.on('response', (response) => {
          if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
        });
        await visitor.page.getByRole('link', { name: 'Login' }).click();
        const { email, password } = demoAccount('player');
        await visitor.page.getByLabel('Email').fill(email);
        await visitor.page.getByLabel('Password', { exact: true }).fill(password);
        await visitor.page.getByRole('button', { name: 'Sign In' }).click();
        await waitForPath(visitor.page, paths.home);
        await visitor.page.getByRole('button', { name: /account menu/ }).waitFor();
        await visitor.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
        await expectHeading(visitor.page, 'Product Categories');
        expect(failed).toEqual([]);
        expect(visitor.pageErrors).toEqual([]);
      } finally {
        await visitor.close();
      }
    });
  });

  test('offline, code the page has not loaded says "You are offline" (not a failure, not a new version) and loads by itself once back online', async () => {
    test.setTimeout(90_000);
    const visitor = await openBrowser({});
    try {
      await visitor.page.goto(site(paths.faq));
      await expectHeading(visitor.page, 'Frequently Asked Questions');
      await visitor.context.setOffline(true);
      await visitor.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
      const alert = visitor.page.getByRole('alert').filter({ has: visitor.page.getByRole('heading', { name: 'You are offline' }) });
      await expect(alert).toContainText('The market pages need a connection to load. They will load as soon as you are back online.');
      await expect(visitor.page.getByText('A new version of the site is loading')).toHaveCount(0);
      await visitor.context.setOffline(false);
      await expectHeading(visitor.page, 'Product Categories');
      await expect(alert).toHaveCount(0);
    } finally {
      await visitor.close();
    }
  });
});
