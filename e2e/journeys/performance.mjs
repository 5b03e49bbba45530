// Measured, not asserted against the clock: per route, the JS a browser downloads (gzip, computed from the
// built files the servers send), load timings, and Firestore document reads. Budgets live in
// /budgets.json; the figures are written to e2e/artifacts/performance.json and printed as a table.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, test } from 'node:test';
import { withBrowser } from '../lib/browser.mjs';
import { demoAccount, E2E_PORTS, firestoreCounters, resetFirestoreCounters, site } from '../lib/stack.mjs';
import { signIn, waitForPath } from '../lib/flows.mjs';

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
  resetFirestoreCounters();
  await page.goto(site(path));
  await page.locator('main h1').first().waitFor();
  const firstHeadingMs = await page.evaluate(() => Math.round(performance.now()));
  await page.waitForLoadState('networkidle');
  const nav = await page.evaluate(() => {
    const [entry] = performance.getEntriesByType('navigation');
    return { domContentLoadedMs: Math.round(entry.domContentLoadedEventEnd), loadMs: Math.round(entry.loadEventEnd) };
  });
  const scripts = [...new Set(requests.filter((url) => /\.js(\?|$)/.test(url)))];
  const jsGzipKb = Math.round(scripts.reduce((total, url) => total + gzipBytes(url), 0) / 102.4) / 10;
  const counters = firestoreCounters();
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

describe('performance figures', () => {
  test('per-route JS (gzip), load timings and Firestore reads stay within budgets.json', { timeout: 180_000 }, async () => {
    const rows = [];
    for (const path of ['/', '/products?sector=energy', '/products/solar-panel', '/materials', '/materials/Copper', '/faq', '/login']) {
      // A fresh profile per route: nothing cached, as for a first visit.
      await withBrowser({}, async ({ page, requests }) => rows.push(await measure(page, requests, path)));
    }
    await withBrowser({}, async ({ page, requests }) => {
      await signIn(page, demoAccount('admin'));
      await waitForPath(page, '/');
      for (const path of ['/admin', '/admin/add-product', '/admin/json-editor']) rows.push(await measure(page, requests, path));
    });
    mkdirSync(join(ROOT, 'e2e/artifacts'), { recursive: true });
    writeFileSync(join(ROOT, 'e2e/artifacts/performance.json'), JSON.stringify(rows, null, 2));
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
});
