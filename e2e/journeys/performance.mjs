// Measured, not asserted against the clock: per route, the JS a browser downloads (gzip, computed from the
// built files the servers send), load timings, and Firestore document reads. Budgets live in
// /budgets.json; the figures are written to e2e/artifacts/performance.json and printed as a table.
// Then a sector of 500 products (written for the test, deleted after it): time until its first 50 rows (desktop
// table) or cards (390 px) are in the DOM, sparkline elements, long tasks, JS heap and reads.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { test } from '../lib/test.mjs';
import { withBrowser } from '../lib/browser.mjs';
import { demoAccount, E2E_PORTS, firestoreCounters, purgeRenderCache, resetFirestoreCounters, site } from '../lib/stack.mjs';
import { signIn, waitForPath } from '../lib/flows.mjs';
import { bulkSectorDocuments, deleteDocumentsAsAdmin, firestoreFingerprint, writeDocumentsAsAdmin } from '../lib/bulk-sector.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const DIST_BY_PORT = {
  [E2E_PORTS.shell]: join(ROOT, 'shell/dist'),
  [E2E_PORTS.publicSite]: join(ROOT, 'public-site/dist'),
  [E2E_PORTS.adminConsole]: join(ROOT, 'admin-console/dist'),
};
const budgets = JSON.parse(readFileSync(join(ROOT, 'budgets.json'), 'utf8'));

function gzipBytes(url) {
  const { port, pathname } = new URL(url);
  const dist = DIST_BY_PORT[port];
  if (!dist) return 0;
  return gzipSync(readFileSync(join(dist, decodeURIComponent(pathname)))).length;
}

function fileText(url) {
  const { port, pathname } = new URL(url);
  return DIST_BY_PORT[port] ? readFileSync(join(DIST_BY_PORT[port], decodeURIComponent(pathname)), 'utf8') : '';
}
const isMonaco = (url) => fileText(url).includes('MonacoEnvironment');
const isEcharts = (url) => fileText(url).includes('_echarts_instance_');

function sumReads(counters) {
  return Object.values(counters.reads ?? {}).reduce((a, b) => a + b, 0);
}

async function measure(page, requests, path) {
  requests.length = 0;
  await resetFirestoreCounters();
  await page.goto(site(path));
  await page.locator('main h1').first().waitFor();
  const firstHeadingMs = await page.evaluate(() => Math.round(performance.now()));
  await page.waitForLoadState('networkidle');
  const nav = await page.evaluate(() => {
    const entry = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0]);
    return { domContentLoadedMs: Math.round(entry.domContentLoadedEventEnd), loadMs: Math.round(entry.loadEventEnd) };
  });
  const scripts = [...new Set(requests.filter((url) => /\.js(\?|$)/.test(url)))];
  const jsGzipKb = Math.round(scripts.reduce((total, url) => total + gzipBytes(url), 0) / 102.4) / 10;
  const counters = (await firestoreCounters());
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
const artifact = [];
function writeArtifact() {
  mkdirSync(join(ROOT, 'e2e/artifacts'), { recursive: true });
  writeFileSync(join(ROOT, 'e2e/artifacts/performance.json'), JSON.stringify(artifact, null, 2));
}

const SECTOR = 'benchmark';
const SECTOR_SIZE = 500;
/** Rows (cards) a sector shows before "Show more" (SECTOR_ROWS_STEP in public-site's ActiveSectorPanel). */
const ROWS_SHOWN = 50;
const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 900 }, list: '.ps-active-sector table', item: 'tbody > tr' },
  mobile: { viewport: { width: 390, height: 844 }, list: '.ps-active-sector ul.ps-product-cards', item: ':scope > li' },
};

// Runs before the page's own scripts: every long task (>50 ms) of the document, the buffered ones included.
const OBSERVE_LONG_TASKS = `(() => {
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ startTime: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
})()`;

const mb = (bytes) => (typeof bytes === 'number' ? Math.round(bytes / 104857.6) / 10 : null);

/** One first visit of /products?sector=benchmark at `kind`'s width, in the browser `page` belongs to. */
async function measureBigSector(page, kind) {
  const { list, item } = VIEWPORTS[kind];
  await page.addInitScript(OBSERVE_LONG_TASKS);
  const path = `/products?sector=${SECTOR}`;
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
        channel.port1.onmessage = () => (window.__renderedAt = performance.now());
        channel.port2.postMessage(null);
      }
      return true;
    },
    { list, item, n: ROWS_SHOWN },
    { polling: 'raf', timeout: 90_000 },
  );
  await page.waitForLoadState('networkidle');
  // Lets the layout and paint of the new items finish and their long tasks reach the observer.
  await page.waitForTimeout(1000);
  const inPage = await page.evaluate(
    ({ list, item }) => {
      const container = document.querySelector(list);
      const tasks = window.__longTasks;
      return {
        itemsInDomMs: Math.round(window.__itemsAt),
        itemsRenderedMs: Math.round(window.__renderedAt),
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
  const counters = (await firestoreCounters());
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


/**
 * Milliseconds from a user action to the first task after the frame that shows its result (laid out and
 * painted), measured inside the page. `action` is 'sort' (click a header of the sector table), 'filter' /
 * 'unfilter' (type into / clear the table's filter) or 'select' (click the benchmark sector's card while its
 * products are loaded).
 */
async function repaintMs(page, action, arg) {
  return page.evaluate(
    ({ action, arg, n, shown }) =>
      new Promise((resolve, reject) => {
        const table = () => document.querySelector('.ps-active-sector table');
        const rows = () => table()?.querySelectorAll('tbody > tr').length ?? 0;
        const count = () => document.querySelector('.ps-active-sector .ps-table-tools__count')?.textContent ?? '';
        const setInput = (value) => {
          const input = document.querySelector('.ps-active-sector input[type="search"]');
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, value);
          input.dispatchEvent(new Event('input', { bubbles: true }));
        };
        let ready;
        const start = performance.now();
        if (action === 'sort') {
          const headers = [...document.querySelectorAll('.ps-active-sector th')];
          const th = headers.find((h) => h.textContent.startsWith(arg));
          if (!th) {
            reject(new Error(`no column ${arg} in the sector table: [${headers.map((h) => h.textContent).join(' | ')}], url ${location.href}, rows ${rows()}`));
            return;
          }
          th.querySelector('button').click();
          ready = () => th.getAttribute('aria-sort') !== null && rows() === shown;
        } else if (action === 'filter') {
          setInput(arg);
          ready = () => count().includes(`of ${n} rows`);
        } else if (action === 'unfilter') {
          setInput('');
          ready = () => count() === `${n} rows` && rows() === shown;
        } else if (action === 'select') {
          const card = [...document.querySelectorAll('.ps-sector')].find((b) => b.textContent.includes(arg));
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

/** Sorting, filtering and re-selecting the loaded 500-product sector on the desktop table. */
async function measureInteractions(page) {
  const figures = { sortMs: [], filterMs: [], unfilterMs: [], selectLoadedSectorMs: [], showAllMs: [] };
  for (const column of ['Avg Price', 'Market Supply', 'Asset']) figures.sortMs.push(await repaintMs(page, 'sort', column));
  // Words that only some rows hold (every row's name starts 'Benchmark', so single letters would match all).
  for (const query of ['heat', 'steel']) {
    figures.filterMs.push(await repaintMs(page, 'filter', query));
    figures.unfilterMs.push(await repaintMs(page, 'unfilter'));
  }
  for (let i = 0; i < 2; i += 1) {
    await page.locator('.ps-sector', { hasText: 'energy' }).click();
    await page.locator('.ps-active-sector table tbody tr').first().waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.ps-active-sector table tbody tr').length < 50);
    figures.selectLoadedSectorMs.push(await repaintMs(page, 'select', SECTOR));
  }
  // Not budgeted: what "Show all 500" costs, the layout of 400 more rows with two sparklines each.
  figures.showAllMs.push(await repaintMs(page, 'showAll'));
  return figures;
}

test.describe('performance figures', () => {
  test('per-route JS (gzip), load timings and Firestore reads stay within budgets.json', async () => {
    test.setTimeout(180_000);
    const rows = [];
    for (const path of ['/', '/products?sector=energy', '/products/solar-panel', '/materials', '/materials/Copper', '/faq', '/login', '/register']) {
      // A fresh profile per route: nothing cached, as for a first visit.
      await withBrowser({}, async ({ page, requests }) => rows.push(await measure(page, requests, path)));
    }
    await withBrowser({}, async ({ page, requests }) => {
      await signIn(page, demoAccount('admin'));
      await waitForPath(page, '/');
      for (const path of ['/admin', '/admin/add-product', '/admin/json-editor']) rows.push(await measure(page, requests, path));
    });
    artifact.push(...rows);
    writeArtifact();
    console.log('\nroute                       JS files  JS gzip KB  DCL ms  load ms  h1 ms  Firestore reads');
    for (const r of rows) {
      console.log(
        `${r.path.padEnd(28)}${String(r.jsFiles).padStart(8)}${String(r.jsGzipKb).padStart(12)}${String(r.domContentLoadedMs).padStart(8)}${String(r.loadMs).padStart(9)}${String(r.firstHeadingMs).padStart(7)}${String(r.firestoreReads).padStart(17)}`,
      );
    }
    const overBudget = rows
      .filter((r) => budgets.routes[r.path] !== undefined)
      .filter((r) => r.jsGzipKb > budgets.routes[r.path].jsGzipKb || r.firestoreReads > budgets.routes[r.path].firestoreReads)
      .map((r) => `${r.path}: ${r.jsGzipKb} KB (budget ${budgets.routes[r.path].jsGzipKb}), ${r.firestoreReads} reads (budget ${budgets.routes[r.path].firestoreReads})`);
    assert.deepEqual(overBudget, []);
    const missing = Object.keys(budgets.routes).filter((p) => !rows.some((r) => r.path === p));
    assert.deepEqual(missing, [], 'every budgeted route is measured');

    const routesWith = (predicate) => rows.filter((r) => r.scripts.some(predicate)).map((r) => r.path);
    assert.deepEqual(routesWith(isMonaco), ['/admin/json-editor'], 'Monaco loads only on the JSON editor route');
    assert.deepEqual(routesWith(isEcharts), ['/products/solar-panel'], 'ECharts loads only where charts are drawn');
    const adminOrigin = `:${E2E_PORTS.adminConsole}/`;
    assert.deepEqual(routesWith((url) => url.includes(adminOrigin)), ['/admin', '/admin/add-product', '/admin/json-editor']);
  });

  test(`a sector of ${SECTOR_SIZE} products: every row in the DOM, sparklines as SVG (no canvas), measured on desktop and phone`, async () => {
    test.setTimeout(300_000);
    const before = await firestoreFingerprint(['products', 'marketStats']);
    const { products, statRow } = bulkSectorDocuments({ category: SECTOR, count: SECTOR_SIZE });
    const paths = [...products, statRow].map((doc) => doc.path);
    const rows = [];
    try {
      await writeDocumentsAsAdmin([...products, statRow]);
      purgeRenderCache();
      for (const kind of ['desktop', 'mobile']) {
        await withBrowser({ viewport: VIEWPORTS[kind].viewport }, async ({ page }) => {
          const figures = await measureBigSector(page, kind);
          // Desktop: the table's sort and filter, and coming back to the loaded sector, each until repainted.
          rows.push(kind === 'desktop' ? { ...figures, interactions: await measureInteractions(page) } : figures);
        });
      }
    } finally {
      await deleteDocumentsAsAdmin(paths);
      purgeRenderCache();
    }
    artifact.push(...rows.map((r) => ({ sector500: true, ...r })));
    writeArtifact();
    console.log(`\nsector of ${SECTOR_SIZE}   items in DOM ms  rendered ms  items  svg  canvas  long tasks ms (n, longest)  heap MB (DevTools)  DOM nodes  Firestore reads`);
    for (const r of rows) {
      const tasks = `${r.longTaskMs} (${r.longTasks}, ${r.longestTaskMs})`;
      const heap = `${r.heapUsedMb ?? '-'} (${r.devtoolsHeapUsedMb})`;
      console.log(
        `${r.viewport.padEnd(17)}${String(r.itemsInDomMs).padStart(16)}${String(r.itemsRenderedMs).padStart(13)}${String(r.items).padStart(7)}${String(r.sparklineSvgs).padStart(5)}${String(r.canvases).padStart(8)}${tasks.padStart(28)}${heap.padStart(20)}${String(r.domNodes).padStart(11)}${String(r.firestoreReads).padStart(17)}`,
      );
    }

    const { interactions } = rows[0];
    console.log(`sort / filter / unfilter / select loaded sector, ms: ${JSON.stringify(interactions)}`);
    // Repaint budgets (issue: sorting or filtering a 500-row table ≤ 100 ms, selecting a loaded 500-product
    // sector ≤ 150 ms), on the median of the repeats so one descheduled frame on a shared machine does not decide.
    // Timings are measurements, not behaviour: `npm run size` (SBC_ENFORCE_TIMINGS=1) fails on them; `npm test`,
    // which shares its 2 cores with the whole stack, prints them and the budget each one misses.
    const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const misses = [
      [median(interactions.sortMs), 100, `sorting 500 rows repaints in ≤ 100 ms: ${interactions.sortMs}`],
      [median([...interactions.filterMs, ...interactions.unfilterMs]), 100, `filtering 500 rows repaints in ≤ 100 ms: ${interactions.filterMs} / ${interactions.unfilterMs}`],
      [median(interactions.selectLoadedSectorMs), 150, `selecting the loaded sector repaints in ≤ 150 ms: ${interactions.selectLoadedSectorMs}`],
    ].filter(([value, budget]) => value > budget).map(([, , text]) => text);
    if (process.env.SBC_ENFORCE_TIMINGS === '1') assert.deepEqual(misses, []);
    else for (const miss of misses) console.log(`over budget (enforced by npm run size): ${miss}`);

    // Behaviour, not timing: the first 50 rows (desktop table) and cards (phone), two SVG sparklines each, no
    // canvas; "Show all" brought the other 450 (the showAll measurement waits for all 500 rows).
    for (const r of rows) {
      assert.equal(r.items, ROWS_SHOWN, `${r.viewport}: ${ROWS_SHOWN} items before Show more`);
      assert.equal(r.visible, true, `${r.viewport}: the ${r.viewport.startsWith('desktop') ? 'table' : 'card list'} is the one shown`);
      assert.equal(r.canvases, 0, `${r.viewport}: no canvas among the items`);
      assert.equal(r.sparklineSvgs, 2 * ROWS_SHOWN, `${r.viewport}: two SVG sparklines per item`);
    }
    // The first visitor's page is rendered on the server, which reads each of the sector's products once; the
    // second visitor, within the same market period, gets the render cache's page and costs no product read.
    assert.equal(rows[0].readsByCollection.products, SECTOR_SIZE, `${rows[0].viewport}: the sector's products are read once each`);
    assert.equal(rows[1].readsByCollection.products ?? 0, 0, `${rows[1].viewport}: the render cache's page, no product read`);
    // The demo economy is back as it was (same documents, same update times) for the journeys after this one.
    assert.deepEqual(await firestoreFingerprint(['products', 'marketStats']), before);
  });
});
