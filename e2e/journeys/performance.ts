// Measured, not asserted against the clock: per route, the JS a browser downloads (gzip, computed from the
// built files the servers send), load timings, and Firestore document reads. Budgets live in
// /budgets.json; the figures are written to e2e/artifacts/performance.json and printed as a table.
// Then a sector of 500 products (written for the test, deleted after it): time until its first view (desktop
// table) or cards (390 px) are in the DOM, sparkline elements, long tasks, JS heap and reads.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { FIRST_VIEW_ROWS } from '../../domain/src/constants';
import type { CounterSnapshot } from '../../local-backend/src/firestore';
import { paths } from '../../shared/src/paths';
import { renderKeptUntil } from '../../shell/src/ssr/market-period';
import { withBrowser } from '../lib/browser';
import { bulkSectorDocuments, deleteDocumentsAsAdmin, firestoreFingerprint, writeDocumentsAsAdmin } from '../lib/bulk-sector';
import { signIn, waitForPath } from '../lib/flows';
import { settled } from '../lib/settle';
import { builtFileOf, demoAccount, E2E_PORTS, firestoreCounters, purgeRenderCache, REPO_ROOT, resetFirestoreCounters, site } from '../lib/stack';
import { test } from '../lib/test';

interface Budgets {
  routes: Record<string, { jsGzipKb: number; firestoreReads: number }>;
  telemetry: { reporterGzipKb: number };
}
const budgets = JSON.parse(readFileSync(join(REPO_ROOT, 'budgets.json'), 'utf8')) as Budgets;
const ARTIFACTS = join(REPO_ROOT, 'e2e', 'artifacts');

function gzipBytes(url: string): number {
  const file = builtFileOf(url);
  return file ? gzipSync(readFileSync(file)).length : 0;
}

function fileText(url: string): string {
  const file = builtFileOf(url);
  return file ? readFileSync(file, 'utf8') : '';
}
const isMonaco = (url: string) => fileText(url).includes('MonacoEnvironment');
const isEcharts = (url: string) => fileText(url).includes('_echarts_instance_');

function sumReads(counters: CounterSnapshot): number {
  return Object.values(counters.reads).reduce((a, b) => a + b, 0);
}

interface RouteFigures {
  path: string;
  jsFiles: number;
  jsGzipKb: number;
  domContentLoadedMs: number;
  loadMs: number;
  firstHeadingMs: number;
  firestoreReads: number;
  readsByCollection: Record<string, number>;
  scripts: string[];
}

async function measure(page: Page, requests: string[], path: string): Promise<RouteFigures> {
  requests.length = 0;
  await resetFirestoreCounters();
  await page.goto(site(path));
  await page.locator('main h1').first().waitFor();
  const firstHeadingMs = await page.evaluate(() => Math.round(performance.now()));
  // Everything the page loads, lazily loaded code included, has arrived; and its load event has ended.
  await settled(page);
  await page.waitForFunction(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.loadEventEnd);
  const nav = await page.evaluate(() => {
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return { domContentLoadedMs: Math.round(entry.domContentLoadedEventEnd), loadMs: Math.round(entry.loadEventEnd) };
  });
  const scripts = [...new Set(requests.filter((url) => /\.js(\?|$)/.test(url)))];
  const jsGzipKb = Math.round(scripts.reduce((total, url) => total + gzipBytes(url), 0) / 102.4) / 10;
  const counters = await firestoreCounters();
  return {
    path,
    jsFiles: scripts.length,
    jsGzipKb,
    ...nav,
    firstHeadingMs,
    firestoreReads: sumReads(counters),
    readsByCollection: counters.reads,
    scripts,
  };
}

/** Everything the journey measured, written to e2e/artifacts/performance.json after each test. */
const artifact: object[] = [];
function writeArtifact() {
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(join(ARTIFACTS, 'performance.json'), JSON.stringify(artifact, null, 2));
}

const SECTOR = 'benchmark';
const SECTOR_SIZE = 500;
/** Rows (cards) a sector shows before "Show more". */
const ROWS_SHOWN = FIRST_VIEW_ROWS;
const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 900 }, list: '.ps-active-sector table', item: 'tbody > tr' },
  mobile: { viewport: { width: 390, height: 844 }, list: '.ps-active-sector ul.ps-product-cards', item: ':scope > li' },
};
type Kind = keyof typeof VIEWPORTS;

// Runs before the page's own scripts: every long task (>50 ms) of the document, the buffered ones included. The
// observer is kept so that the measurement can take the entries not yet delivered to it.
const OBSERVE_LONG_TASKS = `(() => {
  window.__longTasks = [];
  try {
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ startTime: e.startTime, duration: e.duration });
    });
    observer.observe({ type: 'longtask', buffered: true });
    window.__longTaskObserver = observer;
  } catch {}
})()`;

const mb = (bytes: number | null | undefined) => (typeof bytes === 'number' ? Math.round(bytes / 104857.6) / 10 : null);

/** One first visit of /products?sector=benchmark at `kind`'s width, in the browser `page` belongs to. */
async function measureBigSector(page: Page, kind: Kind) {
  const { list, item } = VIEWPORTS[kind];
  await page.addInitScript(OBSERVE_LONG_TASKS);
  const path = `${paths.products}?sector=${SECTOR}`;
  await resetFirestoreCounters();
  await page.goto(site(path), { waitUntil: 'commit' });
  // The times are taken inside the page: on the first animation frame that sees all the items (in the DOM),
  // and in the first task after that frame was rendered (laid out and painted).
  await page.waitForFunction(
    ({ list, item, n }) => {
      const container = document.querySelector(list);
      if (!container || container.querySelectorAll(item).length < n) return false;
      if (window.__itemsAt === undefined) {
        window.__itemsAt = performance.now();
        // A task queued from this animation frame runs after the frame's style, layout and paint.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          window.__renderedAt = performance.now();
        };
        channel.port2.postMessage(null);
      }
      return true;
    },
    { list, item, n: ROWS_SHOWN },
    { polling: 'raf', timeout: 90_000 },
  );
  // The new items laid out and painted, everything the page loads arrived; then the long tasks not yet
  // delivered to the observer are taken from it.
  await settled(page, { timeout: 30_000 });
  await page.waitForFunction(() => window.__renderedAt !== undefined);
  const inPage = await page.evaluate(
    ({ list, item }) => {
      for (const e of window.__longTaskObserver?.takeRecords() ?? []) window.__longTasks.push({ startTime: e.startTime, duration: e.duration });
      const container = document.querySelector(list);
      if (!container) throw new Error(`no ${list}`);
      const tasks = window.__longTasks;
      return {
        itemsInDomMs: Math.round(window.__itemsAt ?? 0),
        itemsRenderedMs: Math.round(window.__renderedAt ?? 0),
        items: container.querySelectorAll(item).length,
        visible: container.getBoundingClientRect().height > 0,
        sparklineSvgs: container.querySelectorAll('svg').length,
        canvases: container.querySelectorAll('canvas').length,
        canvasesOnPage: document.querySelectorAll('canvas').length,
        domNodes: document.getElementsByTagName('*').length,
        longTasks: tasks.length,
        longTaskMs: Math.round(tasks.reduce((total, t) => total + t.duration, 0)),
        longestTaskMs: Math.round(Math.max(0, ...tasks.map((t) => t.duration))),
        longTaskList: tasks.map((t) => ({ startMs: Math.round(t.startTime), durationMs: Math.round(t.duration) })),
        heapUsedBytes: performance.memory ? performance.memory.usedJSHeapSize : null,
      };
    },
    { list, item },
  );
  // performance.memory is coarse (bucketed) without --enable-precise-memory-info; the DevTools metric is exact.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  const counters = await firestoreCounters();
  const { heapUsedBytes, ...figures } = inPage;
  return {
    path,
    viewport: `${kind} ${VIEWPORTS[kind].viewport.width} px`,
    ...figures,
    heapUsedMb: mb(heapUsedBytes),
    devtoolsHeapUsedMb: mb(metrics.find((m) => m.name === 'JSHeapUsedSize')?.value),
    firestoreReads: sumReads(counters),
    readsByCollection: counters.reads,
  };
}

type RepaintAction = 'sort' | 'filter' | 'unfilter' | 'select' | 'showAll';

/**
 * Milliseconds from a user action to the first task after the frame that shows its result (laid out and
 * painted), measured inside the page. `action` is 'sort' (click a header of the sector table), 'filter' /
 * 'unfilter' (type into / clear the table's filter), 'select' (click the benchmark sector's card while its
 * products are loaded) or 'showAll' (show every row).
 */
async function repaintMs(page: Page, action: RepaintAction, arg = ''): Promise<number> {
  return page.evaluate(
    ({ action, arg, n, shown }) =>
      new Promise<number>((resolve, reject) => {
        const table = () => document.querySelector('.ps-active-sector table');
        const rows = () => table()?.querySelectorAll('tbody > tr').length ?? 0;
        const count = () => document.querySelector('.ps-active-sector .ps-table-tools__count')?.textContent ?? '';
        // The panel is busy while it reads the rest of the sector (issue 36): the first page is still shown then.
        const settledRows = () => document.querySelector('.ps-active-sector [aria-busy="true"]') === null;
        const setInput = (value: string) => {
          const input = document.querySelector<HTMLInputElement>('.ps-active-sector input[type="search"]');
          if (!input) throw new Error('no filter field in the sector table');
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
          input.dispatchEvent(new Event('input', { bubbles: true }));
        };
        let ready: () => boolean = () => true;
        const start = performance.now();
        if (action === 'sort') {
          const headers = [...document.querySelectorAll('.ps-active-sector th')];
          const th = headers.find((h) => h.textContent?.startsWith(arg));
          if (!th) {
            reject(new Error(`no column ${arg} in the sector table: [${headers.map((h) => h.textContent).join(' | ')}], url ${location.href}, rows ${rows()}`));
            return;
          }
          window.__sortShownMs = undefined;
          th.querySelector('button')?.click();
          ready = () => {
            // The visitor's first answer: the column says it is sorted (with, while the rest of a sector is read,
            // "Loading all N rows…"), in the first frame that shows it.
            if (th.getAttribute('aria-sort') !== null && window.__sortShownMs === undefined) window.__sortShownMs = Math.round(performance.now() - start);
            return th.getAttribute('aria-sort') !== null && settledRows() && rows() === shown;
          };
        } else if (action === 'filter') {
          setInput(arg);
          ready = () => count().includes(`of ${n} rows`);
        } else if (action === 'unfilter') {
          setInput('');
          ready = () => count() === `${n} rows` && rows() === shown;
        } else if (action === 'select') {
          const card = [...document.querySelectorAll('.ps-sector')].find((b) => b.textContent?.includes(arg));
          if (!(card instanceof HTMLElement)) throw new Error(`no sector card ${arg}`);
          card.click();
          ready = () => card.getAttribute('aria-pressed') === 'true' && rows() === shown;
        } else if (action === 'showAll') {
          const button = [...document.querySelectorAll('.ps-active-sector button')].find((b) => b.textContent === `Show all ${n}`);
          if (!(button instanceof HTMLElement)) throw new Error(`no "Show all ${n}" button`);
          button.click();
          ready = () => rows() === n;
        }
        const deadline = start + 10_000;
        const frame = () => {
          if (ready()) {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(Math.round(performance.now() - start));
            channel.port2.postMessage(null);
          } else if (performance.now() > deadline) reject(new Error(`${action} did not finish`));
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    { action, arg, n: SECTOR_SIZE, shown: ROWS_SHOWN },
  );
}

/**
 * Sorting, filtering and re-selecting the 500-product sector on the desktop table. The page holds the sector's first
 * page only (issue 36): the first sort reads the rest (and downloads Firebase, which the rendered page did not need),
 * measured apart and not budgeted; the sorts and filters after it act on the loaded sector.
 */
async function measureInteractions(page: Page) {
  const figures = {
    firstSortMs: [] as number[],
    firstSortShownMs: [] as number[],
    sortMs: [] as number[],
    filterMs: [] as number[],
    unfilterMs: [] as number[],
    selectLoadedSectorMs: [] as number[],
    showAllMs: [] as number[],
  };
  figures.firstSortMs.push(await repaintMs(page, 'sort', 'Avg Price'));
  figures.firstSortShownMs.push((await page.evaluate(() => window.__sortShownMs)) ?? -1);
  for (const column of ['Market Supply', 'Asset', 'Avg Price']) figures.sortMs.push(await repaintMs(page, 'sort', column));
  // Words that only some rows hold (every row's name starts 'Benchmark', so single letters would match all).
  for (const query of ['heat', 'steel']) {
    figures.filterMs.push(await repaintMs(page, 'filter', query));
    figures.unfilterMs.push(await repaintMs(page, 'unfilter'));
  }
  const rows = page.locator('.ps-active-sector table tbody tr');
  for (let i = 0; i < 2; i += 1) {
    await page.locator('.ps-sector', { hasText: 'energy' }).click();
    await rows.first().waitFor();
    // The energy sector's table: the benchmark sector is no longer shown.
    await expect(page.getByRole('table', { name: 'Products trading in energy' })).toBeVisible();
    figures.selectLoadedSectorMs.push(await repaintMs(page, 'select', SECTOR));
  }
  // Not budgeted: what "Show all 500" costs, the layout of 400 more rows with two sparklines each.
  figures.showAllMs.push(await repaintMs(page, 'showAll'));
  return figures;
}

const pad = (value: unknown, width: number) => String(value).padStart(width);

test.describe('performance figures', () => {
  test('per-route JS (gzip), load timings and Firestore reads stay within budgets.json', async () => {
    test.setTimeout(180_000);
    const rows: RouteFigures[] = [];
    const publicRoutes = [paths.home, `${paths.products}?sector=energy`, paths.product('solar-panel'), paths.materials, paths.material('Copper'), paths.faq, paths.login, paths.register];
    for (const path of publicRoutes) {
      // A fresh profile per route: nothing cached, as for a first visit.
      await withBrowser({}, async ({ page, requests }) => rows.push(await measure(page, requests, path)));
    }
    const adminRoutes = [paths.admin, paths.adminAddProduct, paths.adminJsonEditor];
    await withBrowser({}, async ({ page, requests }) => {
      await signIn(page, demoAccount('admin'));
      await waitForPath(page, paths.home);
      // The home page the sign-in leads to is shown and has settled: the scripts it loads (its remote's entry and page,
      // requested once the address has changed) must not count as the first admin page's (they did, once in five runs).
      await page.locator('main h1').first().waitFor();
      await settled(page);
      for (const path of adminRoutes) rows.push(await measure(page, requests, path));
    });
    artifact.push(...rows);
    writeArtifact();
    console.log('\nroute                       JS files  JS gzip KB  DCL ms  load ms  h1 ms  Firestore reads');
    for (const r of rows) {
      console.log(
        `${r.path.padEnd(28)}${pad(r.jsFiles, 8)}${pad(r.jsGzipKb, 12)}${pad(r.domContentLoadedMs, 8)}${pad(r.loadMs, 9)}${pad(r.firstHeadingMs, 7)}${pad(r.firestoreReads, 17)}`,
      );
    }
    const overBudget = rows
      .filter((r) => budgets.routes[r.path] !== undefined)
      .filter((r) => r.jsGzipKb > budgets.routes[r.path].jsGzipKb || r.firestoreReads > budgets.routes[r.path].firestoreReads)
      .map((r) => `${r.path}: ${r.jsGzipKb} KB (budget ${budgets.routes[r.path].jsGzipKb}), ${r.firestoreReads} reads (budget ${budgets.routes[r.path].firestoreReads})`);
    expect(overBudget).toEqual([]);
    const missing = Object.keys(budgets.routes).filter((p) => !rows.some((r) => r.path === p));
    expect(missing, 'every budgeted route is measured').toEqual([]);

    const routesWith = (predicate: (url: string) => boolean) => rows.filter((r) => r.scripts.some(predicate)).map((r) => r.path);
    expect(routesWith(isMonaco), 'Monaco loads only on the JSON editor route').toEqual([paths.adminJsonEditor]);
    expect(routesWith(isEcharts), 'ECharts loads only where charts are drawn').toEqual([paths.product('solar-panel')]);
    const adminOrigin = `:${E2E_PORTS.adminConsole}/`;
    expect(routesWith((url) => url.includes(adminOrigin))).toEqual(adminRoutes);
  });

  test('the telemetry reporter (web-vitals and the report) arrives after hydration and stays within its budget', async () => {
    await withBrowser({}, async ({ page }) => {
      const isReporter = (url: string) => /\/telemetry\.[0-9a-f]{10}\.js$/.test(url);
      // The reporter waits for the load event and an idle moment, at most IDLE_WAIT_LIMIT_MS (3 s) once loaded.
      const reporter = page.waitForRequest((request) => isReporter(request.url()), { timeout: 30_000 });
      await page.goto(site(paths.home));
      const url = (await reporter).url();
      // The page's own clock says what came first: the hydration mark, then the reporter's request. (Asking the page
      // afterwards whether it is hydrated would also say yes to a reporter requested before.)
      await page.waitForFunction((name) => performance.getEntriesByName(name, 'resource').length > 0, url);
      const timeline = await page.evaluate((name) => {
        const hydrated = performance.getEntriesByName('sbc-hydrated', 'mark')[0]?.startTime;
        const requested = performance.getEntriesByName(name, 'resource')[0]?.startTime;
        return { hydrated: hydrated ?? null, requested: requested ?? null };
      }, url);
      const kb = Math.round(gzipBytes(url) / 102.4) / 10;
      console.log(`telemetry reporter: ${kb} KB gzip (budget ${budgets.telemetry.reporterGzipKb}); hydrated at ${Math.round(timeline.hydrated ?? -1)} ms, requested at ${Math.round(timeline.requested ?? -1)} ms`);
      expect(timeline.hydrated, 'the page marks its hydration').not.toBeNull();
      expect(timeline.requested! >= timeline.hydrated!, `requested once the page is hydrated: ${JSON.stringify(timeline)}`).toBe(true);
      expect(kb).toBeLessThanOrEqual(budgets.telemetry.reporterGzipKb);
    });
  });

  test(`a sector of ${SECTOR_SIZE} products: every row in the DOM, sparklines as SVG (no canvas), measured on desktop and phone`, async () => {
    test.setTimeout(300_000);
    const before = await firestoreFingerprint(['products', 'marketStats']);
    const { products, statRow } = bulkSectorDocuments({ category: SECTOR, count: SECTOR_SIZE });
    const documentPaths = [...products, statRow].map((doc) => doc.path);
    const rows: Array<Awaited<ReturnType<typeof measureBigSector>> & { interactions?: Awaited<ReturnType<typeof measureInteractions>> }> = [];
    // When the first visit's page was rendered at the earliest, and when the second visit had its page at the latest.
    let renderedFrom = 0;
    let secondVisitBy = 0;
    try {
      await writeDocumentsAsAdmin([...products, statRow]);
      purgeRenderCache();
      renderedFrom = Date.now();
      for (const kind of ['desktop', 'mobile'] as const) {
        await withBrowser({ viewport: VIEWPORTS[kind].viewport }, async ({ page }) => {
          const figures = await measureBigSector(page, kind);
          // Desktop: the table's sort and filter, and coming back to the loaded sector, each until repainted.
          rows.push(kind === 'desktop' ? { ...figures, interactions: await measureInteractions(page) } : figures);
        });
      }
      secondVisitBy = Date.now();
    } finally {
      await deleteDocumentsAsAdmin(documentPaths);
      purgeRenderCache();
    }
    artifact.push(...rows.map((r) => ({ sector500: true, ...r })));
    writeArtifact();
    console.log(`\nsector of ${SECTOR_SIZE}   items in DOM ms  rendered ms  items  svg  canvas  long tasks ms (n, longest)  heap MB (DevTools)  DOM nodes  Firestore reads`);
    for (const r of rows) {
      const tasks = `${r.longTaskMs} (${r.longTasks}, ${r.longestTaskMs})`;
      const heap = `${r.heapUsedMb ?? '-'} (${r.devtoolsHeapUsedMb})`;
      console.log(
        `${r.viewport.padEnd(17)}${pad(r.itemsInDomMs, 16)}${pad(r.itemsRenderedMs, 13)}${pad(r.items, 7)}${pad(r.sparklineSvgs, 5)}${pad(r.canvases, 8)}${tasks.padStart(28)}${heap.padStart(20)}${pad(r.domNodes, 11)}${pad(r.firestoreReads, 17)}`,
      );
    }

    const { interactions } = rows[0];
    if (!interactions) throw new Error('the desktop run measured no interactions');
    console.log(`sort / filter / unfilter / select loaded sector, ms: ${JSON.stringify(interactions)}`);
    // Repaint budgets (issue: sorting or filtering a 500-row table ≤ 100 ms, selecting a loaded 500-product
    // sector ≤ 150 ms), on the median of the repeats so one descheduled frame on a shared machine does not decide.
    // Timings are measurements, not behaviour: `npm run size` (SBC_ENFORCE_TIMINGS=1) fails on them; `npm test`,
    // which shares its 2 cores with the whole stack, prints them and the budget each one misses.
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const checks: Array<[number, number, string]> = [
      [median(interactions.sortMs), 100, `sorting 500 rows repaints in ≤ 100 ms: ${interactions.sortMs}`],
      // The first sort reads the rest of the sector (issue 36): its rows come with that read, but the column says at
      // once that it is sorting.
      [median(interactions.firstSortShownMs), 100, `the first sort shows the column sorting in ≤ 100 ms: ${interactions.firstSortShownMs}`],
      [median([...interactions.filterMs, ...interactions.unfilterMs]), 100, `filtering 500 rows repaints in ≤ 100 ms: ${interactions.filterMs} / ${interactions.unfilterMs}`],
      [median(interactions.selectLoadedSectorMs), 150, `selecting the loaded sector repaints in ≤ 150 ms: ${interactions.selectLoadedSectorMs}`],
    ];
    const misses = checks.filter(([value, budget]) => value > budget).map(([, , text]) => text);
    if (process.env.SBC_ENFORCE_TIMINGS === '1') expect(misses).toEqual([]);
    else for (const miss of misses) console.log(`over budget (enforced by npm run size): ${miss}`);

    // Behaviour, not timing: the first view (desktop table) and cards (phone), two SVG sparklines each, no
    // canvas; "Show all" brought the other 450 (the showAll measurement waits for all 500 rows).
    for (const r of rows) {
      expect(r.items, `${r.viewport}: ${ROWS_SHOWN} items before Show more`).toBe(ROWS_SHOWN);
      expect(r.visible, `${r.viewport}: the ${r.viewport.startsWith('desktop') ? 'table' : 'card list'} is the one shown`).toBe(true);
      expect(r.canvases, `${r.viewport}: no canvas among the items`).toBe(0);
      expect(r.sparklineSvgs, `${r.viewport}: two SVG sparklines per item`).toBe(2 * ROWS_SHOWN);
    }
    // The first visitor's page is rendered on the server, which reads the sector's first page (ROWS_SHOWN products)
    // and counts the sector (1 read per 1,000 counted); the second visitor, within the same market period, gets the
    // render cache's page and costs no product read. When a market update (on the hour and the half hour) or the
    // render's 5-minute cap may have ended the kept page between the two visits (a CI run crossed 09:30 once), the
    // second visitor gets a new render of the new period, which reads the same first page again.
    const firstPageReads = ROWS_SHOWN + 1;
    expect(rows[0].readsByCollection.products, `${rows[0].viewport}: the sector's first page and its count`).toBe(firstPageReads);
    if (renderKeptUntil(renderedFrom, secondVisitBy)) {
      expect(rows[1].readsByCollection.products ?? 0, `${rows[1].viewport}: the render cache's page, no product read`).toBe(0);
    } else {
      console.log(`the render cache's period may have ended between the two visits: ${rows[1].viewport} read ${rows[1].readsByCollection.products ?? 0} products`);
      expect([0, firstPageReads], `${rows[1].viewport}: the kept page, or a render of the new period`).toContain(rows[1].readsByCollection.products ?? 0);
    }
    // The demo economy is back as it was (same documents, same update times) for the journeys after this one.
    expect(await firestoreFingerprint(['products', 'marketStats'])).toEqual(before);
  });
});
