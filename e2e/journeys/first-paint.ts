// Measured: the dead window of a phone visit, the time a page looks ready but ignores the visitor. Per public route,
// on the phone profile (lib/phone-profile.ts: Lighthouse's mobile slow 4G and 4x CPU through the DevTools protocol,
// its screen and user agent), in a fresh context (cold browser cache) per visit: first contentful paint (the 'paint'
// entry), the moment the shell marks the page hydrated (html[data-hydrated], shell/src/ssr/hydrate.tsx), both taken
// inside the page from an init script, and the window between them; median of 3 visits (min and max kept). Each
// visit's requests, from the Resource Timing entries (bytes from the DevTools protocol: a cross-origin entry hides
// them), show where the window goes; the waterfall of the median visit is kept. Appended to
// e2e/artifacts/performance.json as `kind: 'firstPaint'` and checked against budgets.json "firstPaint": each route's
// enforced budget fails the run; issue 26's target and stretch are reported route by route (docs/performance.md).
// On demand (`npm run size`): too slow for `npm test`.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { paths } from '../../shared/src/paths';
import { renderKeptUntil } from '../../shell/src/ssr/market-period';
import { HYDRATED_ATTRIBUTE, withBrowser } from '../lib/browser';
import { bulkSectorDocuments, deleteDocumentsAsAdmin, writeDocumentsAsAdmin } from '../lib/bulk-sector';
import { observeFirstPaint, untraced } from '../lib/measuring';
import { applyPhoneProfile, PHONE, PHONE_MEASURING_CONTEXT } from '../lib/phone-profile';
import { replaceAllDocuments, type RestDocument } from '../../local-backend/src/accounts/firestore-admin';
import type { RestFields } from '../../local-backend/src/firestore';
import { generateDemoEconomy, toFirestoreFields } from '../../local-backend/src/seed';
import { builtFileOf, E2E_PORTS, firestoreCounters, firestoreExport, purgeRenderCache, REPO_ROOT, resetFirestoreCounters, site, stack } from '../lib/stack';
import { test } from '../lib/test';

const ARTIFACTS = join(REPO_ROOT, 'e2e', 'artifacts');
const ARTIFACT = join(ARTIFACTS, 'performance.json');
type Limits = Partial<Record<Key, number>>;
const budgets = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'budgets.json'), 'utf8')) as {
    firstPaint: { target: Limits; stretch: Limits; routes: Record<string, Limits> };
  }
).firstPaint;
const catalogueBudgets = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'budgets.json'), 'utf8')) as {
    catalogue: { sectorPageGzipKb: number; materialsPageGzipKb: number; materialPageGzipKb: number; plannerWarmRenderReads: number; deadWindowMs: number; fcpMs: number };
  }
).catalogue;
const RUNS = 3;
const ROUTES = [paths.home, paths.products, paths.product('solar-panel'), paths.materials, paths.material('Copper'), paths.faq];
/** A ceiling for one visit to hydrate (the issue measured about 4.5 s); past it the visit fails. */
const HYDRATION_CEILING_MS = 60_000;

const ms = (value: number) => Math.round(value);
const APPS: Record<number, string> = { [E2E_PORTS.shell]: 'shell', [E2E_PORTS.publicSite]: 'public-site', [E2E_PORTS.adminConsole]: 'admin-console' };
/** `shell /main.js`: which app served the request, and its path, for the printed waterfall. */
const shortUrl = (url: string) => {
  const { port, pathname, search } = new URL(url);
  return `${APPS[Number(port)] ?? port} ${pathname}${search}`;
};

interface WaterfallEntry {
  url: string;
  initiatorType: string;
  startTime: number;
  responseEnd: number;
  transferSize: number;
  /** Negative: downloaded before the first paint. */
  responseEndAfterFcp: number;
}

interface Visit {
  render: string;
  /** The shell build the visit ran (its main script's hashed name): others rebuild the apps on a shared machine. */
  shellMain: string | null;
  fcpMs: number;
  hydratedMs: number;
  deadWindowMs: number;
  /** The last script's bytes arrived this long after the first paint (negative: before it). */
  lastScriptAfterFcpMs: number;
  /** Of the dead window, the main thread spent this long in tasks over 50 ms (script, hydration, layout). */
  longTaskMsInWindow: number;
  longTasksInWindow: number;
  waterfall: WaterfallEntry[];
}

/** One cold visit of `path` on the phone, in a fresh context (an empty cache). */
function visit(path: string): Promise<Visit> {
  const phone = { viewport: PHONE.viewport, waitForHydration: false, contextOptions: PHONE_MEASURING_CONTEXT };
  return withBrowser(phone, ({ context, page }) => untraced(context, () => measureVisit(page, path)));
}

/** Loads `path` in `page` on the phone profile: its three times and the waterfall of its downloads until hydrated. */
async function measureVisit(page: Page, path: string): Promise<Visit> {
  await page.addInitScript(observeFirstPaint, HYDRATED_ATTRIBUTE);
  const cdp = await applyPhoneProfile(page);
  // Bytes on the wire (headers included) per URL, from the DevTools protocol: Resource Timing gives 0 for a
  // cross-origin response without Timing-Allow-Origin (the public-site remote's files).
  const urlOf = new Map<string, string>();
  const bytesOf = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (event) => urlOf.set(event.requestId, event.request.url));
  cdp.on('Network.loadingFinished', (event) => bytesOf.set(urlOf.get(event.requestId) ?? '', event.encodedDataLength));
  const response = await page.goto(site(path), { waitUntil: 'commit' });
  const render = response?.headers()['x-render'] ?? 'none';
  let timer: NodeJS.Timeout | undefined;
  const ceiling = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${path} (X-Render: ${render}) not hydrated within ${HYDRATION_CEILING_MS} ms`)), HYDRATION_CEILING_MS);
  });
  try {
    await Promise.race([page.evaluate(() => window.__firstPaint.done), ceiling]);
  } finally {
    clearTimeout(timer);
  }
  const inPage = await page.evaluate(() => {
    const { longTasks } = window.__firstPaint;
    const fcp = window.__firstPaint.fcp ?? 0;
    const hydrated = window.__firstPaint.hydrated ?? 0;
    // The document's own entry first (a navigation entry is a resource entry with more fields).
    const entries = [
      ...(performance.getEntriesByType('navigation') as PerformanceResourceTiming[]),
      ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[]),
    ].filter((entry) => entry.startTime <= hydrated);
    const inWindow = longTasks.filter((task) => task.startTime >= fcp && task.startTime < hydrated);
    return {
      fcp,
      hydrated,
      longTasksInWindow: inWindow.length,
      longTaskMsInWindow: inWindow.reduce((total, task) => total + task.duration, 0),
      entries: entries.map((entry) => ({
        url: entry.name,
        initiatorType: entry.initiatorType,
        startTime: entry.startTime,
        responseEnd: entry.responseEnd,
        transferSize: entry.transferSize,
      })),
    };
  });
  const waterfall: WaterfallEntry[] = inPage.entries
    .sort((a, b) => a.startTime - b.startTime)
    .map((entry) => ({
      url: entry.url,
      initiatorType: entry.initiatorType,
      startTime: ms(entry.startTime),
      responseEnd: ms(entry.responseEnd),
      transferSize: entry.transferSize || bytesOf.get(entry.url) || 0,
      responseEndAfterFcp: ms(entry.responseEnd - inPage.fcp),
    }));
  const scripts = waterfall.filter((entry) => entry.initiatorType === 'script' || /\.js(\?|$)/.test(entry.url));
  return {
    render,
    shellMain: scripts.map((entry) => new URL(entry.url).pathname).find((name) => /^\/main\.\w+\.js$/.test(name)) ?? null,
    fcpMs: ms(inPage.fcp),
    hydratedMs: ms(inPage.hydrated),
    deadWindowMs: ms(inPage.hydrated - inPage.fcp),
    lastScriptAfterFcpMs: Math.max(...scripts.map((entry) => entry.responseEndAfterFcp)),
    longTaskMsInWindow: ms(inPage.longTaskMsInWindow),
    longTasksInWindow: inPage.longTasksInWindow,
    waterfall,
  };
}

const KEYS = ['fcpMs', 'hydratedMs', 'deadWindowMs'] as const;
type Key = (typeof KEYS)[number];
interface Spread {
  min: number;
  median: number;
  max: number;
}
const spread = (values: number[]): Spread => {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0], median: sorted[Math.floor(sorted.length / 2)], max: sorted[sorted.length - 1] };
};
const seconds = (value: number) => (value / 1000).toFixed(2);
const cell = ({ min, median, max }: Spread) => `${seconds(median)} s (${seconds(min)}–${seconds(max)})`;

interface RouteResult extends Record<Key, Spread> {
  kind: 'firstPaint';
  route: string;
  profile: object;
  runs: Array<Omit<Visit, 'waterfall'>>;
  medianRun: Omit<Visit, 'waterfall'>;
  medianRunWaterfall: WaterfallEntry[];
}

/** Misses of `result` (medians) against `limits`: every key is a time in ms, at most. */
function misses(result: RouteResult, limits: Limits): string[] {
  return KEYS.filter((key) => limits[key] !== undefined && result[key].median > (limits[key] ?? 0)).map(
    (key) => `${result.route} ${key} ${result[key].median} (≤ ${limits[key]}: ${result[key].median - (limits[key] ?? 0)} ms over)`,
  );
}

/**
 * A sector as large as the largest of a 5,000-product catalogue: the demo's 2,000-product economy puts 232 of them
 * (11.6 %) in its largest sector, `food`, so about 580 (issue 36).
 */
const LARGE_SECTOR = { category: 'bulk', count: 580 };

interface SectorPageBytes {
  htmlBytes: number;
  htmlGzipBytes: number;
  /** The page state the server embeds for hydration (`<script id="sbc-ssr-state">`). */
  stateBytes: number;
  stateGzipBytes: number;
}

interface SectorPageResult extends SectorPageBytes, Record<Key, Spread> {
  kind: 'catalogueSector';
  route: string;
  products: number;
  medianRun: Omit<Visit, 'waterfall'>;
}

/**
 * A rendered page's bytes, raw and gzip (zlib's default level: the issue's limits are in gzip; a browser that takes
 * Brotli gets fewer), its start-up scripts compressed before the visits (warmStartScripts).
 */
async function sectorPageBytes(route: string): Promise<SectorPageBytes> {
  const response = await fetch(site(route));
  expect(['render', 'cache'], `${route} is rendered on the server`).toContain(response.headers.get('x-render'));
  const html = await response.text();
  await warmStartScripts(html);
  // Kept for a look at where the bytes go.
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(join(ARTIFACTS, `page${route.replace(/[^a-z0-9]+/gi, '-')}.html`), html);
  const state = /<script[^>]*\bid="sbc-ssr-state"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  expect(state.length, `${route} embeds its state`).toBeGreaterThan(0);
  return {
    htmlBytes: Buffer.byteLength(html),
    htmlGzipBytes: gzipSync(html).length,
    stateBytes: Buffer.byteLength(state),
    stateGzipBytes: gzipSync(state).length,
  };
}

/** The demo economy's products sector with the most products. */
async function largestDemoSector(): Promise<{ category: string; count: number }> {
  const counts = new Map<string, number>();
  for (const doc of (await firestoreExport()).documents) {
    const category = (doc.fields as { category?: { stringValue?: string } }).category?.stringValue;
    if (doc.path.startsWith('products/') && category) counts.set(category, (counts.get(category) ?? 0) + 1);
  }
  const [category, count] = [...counts].sort((a, b) => b[1] - a[1])[0];
  return { category, count };
}

test.describe('first paint on a phone (on demand)', () => {
  test(`the dead window between first paint and hydration, per public route (median of ${RUNS} cold visits)`, async () => {
    test.setTimeout(20 * 60_000);
    const results: RouteResult[] = [];
    for (const route of ROUTES) {
      // The page as the CDN would hold it, rendered once already this market period: the visits measure the
      // browser's side, not a cold server render.
      await warmStartScripts(await (await fetch(site(route))).text());
      const runs: Visit[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await visit(route));
      // The server rendered every visit: a client-rendered fallback has no first paint before hydration to measure.
      expect(
        runs.map((run) => run.render).filter((render) => render !== 'cache' && render !== 'render'),
        `${route}: every visit got a server-rendered page`,
      ).toEqual([]);
      const median = [...runs].sort((a, b) => a.deadWindowMs - b.deadWindowMs)[Math.floor(RUNS / 2)];
      const figures = runs.map(({ waterfall: _waterfall, ...rest }) => rest);
      results.push({
        kind: 'firstPaint',
        route,
        profile: { ...PHONE, contextOptions: PHONE_MEASURING_CONTEXT },
        fcpMs: spread(runs.map((run) => run.fcpMs)),
        hydratedMs: spread(runs.map((run) => run.hydratedMs)),
        deadWindowMs: spread(runs.map((run) => run.deadWindowMs)),
        runs: figures,
        medianRun: figures[runs.indexOf(median)],
        medianRunWaterfall: median.waterfall,
      });
    }

    // Figures of two builds are no baseline: the apps' dist folders are shared and were rebuilt during the run.
    const builds = [...new Set(results.flatMap((r) => r.runs.map((run) => run.shellMain)))];
    expect(builds, 'one shell build measured (else run again)').toHaveLength(1);

    const previous: unknown = existsSync(ARTIFACT) ? JSON.parse(readFileSync(ARTIFACT, 'utf8')) : [];
    const kept = Array.isArray(previous) ? previous.filter((e: { kind?: string }) => e.kind !== 'firstPaint') : [];
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(ARTIFACT, JSON.stringify([...kept, ...results], null, 2));

    console.log(`\nphone profile: ${PHONE.latencyMs} ms, ${PHONE.downloadKbps} kbps down, ${PHONE.uploadKbps} kbps up, ${PHONE.cpuSlowdown}x CPU; median (min–max) of ${RUNS}`);
    // The last two columns are the median visit's: how long after FCP the last script arrived, and how much of the
    // dead window the main thread spent in long tasks.
    console.log('| route | FCP | hydrated | dead window | last script after FCP | long tasks in window |\n|---|---|---|---|---|---|');
    for (const r of results) {
      const { lastScriptAfterFcpMs, longTaskMsInWindow, longTasksInWindow } = r.medianRun;
      console.log(
        `| \`${r.route}\` | ${cell(r.fcpMs)} | ${cell(r.hydratedMs)} | ${cell(r.deadWindowMs)} | ${lastScriptAfterFcpMs} ms | ${longTaskMsInWindow} ms (${longTasksInWindow}) |`,
      );
    }
    for (const r of results) {
      console.log(`\n${r.route}, median visit (FCP ${r.medianRun.fcpMs} ms): start, end, end after FCP (ms), bytes`);
      for (const entry of r.medianRunWaterfall) {
        console.log(
          `${String(entry.startTime).padStart(6)}${String(entry.responseEnd).padStart(7)}${String(entry.responseEndAfterFcp).padStart(7)}${String(entry.transferSize).padStart(8)}  ${entry.initiatorType.padEnd(10)}${shortUrl(entry.url)}`,
        );
      }
    }

    // Issue 26's target and stretch, reported route by route; the enforced budget of each route (budgets.json
    // "firstPaint".routes, the target where a route has none) fails the run (docs/performance.md says why they differ).
    console.log('');
    for (const [name, limits] of [
      ['target', budgets.target],
      ['stretch', budgets.stretch],
    ] as const) {
      for (const r of results) {
        const missed = misses(r, limits);
        console.log(`${name} ${JSON.stringify(limits)} ${r.route}: ${missed.length > 0 ? `missed, ${missed.join('; ')}` : 'met'}`);
      }
    }
    const failures = results.flatMap((r) => misses(r, { ...budgets.target, ...(budgets.routes[r.route] ?? {}) }));
    expect(failures, 'over the enforced budgets.json "firstPaint" budget').toEqual([]);
  });

  test(`the largest sector's page as the catalogue grows: its HTML, its embedded state and its dead window (median of ${RUNS})`, async () => {
    test.setTimeout(20 * 60_000);
    const demoSector = await largestDemoSector();
    const { products, statRow } = bulkSectorDocuments({ category: LARGE_SECTOR.category, count: LARGE_SECTOR.count, prefix: 'Bulk' });
    const documentPaths = [...products, statRow].map((doc) => doc.path);
    const results: SectorPageResult[] = [];
    try {
      await writeDocumentsAsAdmin([...products, statRow]);
      purgeRenderCache();
      for (const [category, count] of [
        [demoSector.category, demoSector.count],
        [LARGE_SECTOR.category, LARGE_SECTOR.count],
      ] as const) {
        const route = `${paths.products}?sector=${encodeURIComponent(category)}`;
        const bytes = await sectorPageBytes(route);
        const runs: Visit[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await visit(route));
        expect(
          runs.map((run) => run.render).filter((render) => render !== 'cache' && render !== 'render'),
          `${route}: every visit got a server-rendered page`,
        ).toEqual([]);
        const { waterfall: _waterfall, ...median } = [...runs].sort((a, b) => a.deadWindowMs - b.deadWindowMs)[Math.floor(RUNS / 2)];
        results.push({
          kind: 'catalogueSector',
          route,
          products: count,
          ...bytes,
          fcpMs: spread(runs.map((run) => run.fcpMs)),
          hydratedMs: spread(runs.map((run) => run.hydratedMs)),
          deadWindowMs: spread(runs.map((run) => run.deadWindowMs)),
          medianRun: median,
        });
      }
    } finally {
      await deleteDocumentsAsAdmin(documentPaths);
      purgeRenderCache();
    }
    // The stock ledger embeds its first rows and its totals (issue 36; the growth test below measures 1,000 materials).
    const ledger = await sectorPageBytes(paths.materials);
    console.log(`${paths.materials}: HTML ${ledger.htmlBytes} B (gzip ${ledger.htmlGzipBytes}), state ${ledger.stateBytes} B (gzip ${ledger.stateGzipBytes})`);

    const previous: unknown = existsSync(ARTIFACT) ? JSON.parse(readFileSync(ARTIFACT, 'utf8')) : [];
    const kept = Array.isArray(previous) ? previous.filter((e: { kind?: string }) => e.kind !== 'catalogueSector') : [];
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(ARTIFACT, JSON.stringify([...kept, ...results], null, 2));
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    console.log('\n| sector page | products | HTML KB (gzip) | embedded state KB (gzip) | FCP | hydrated | dead window |\n|---|---|---|---|---|---|---|');
    for (const r of results) {
      console.log(
        `| \`${r.route}\` | ${r.products} | ${kb(r.htmlBytes)} (${kb(r.htmlGzipBytes)}) | ${kb(r.stateBytes)} (${kb(r.stateGzipBytes)}) | ${cell(r.fcpMs)} | ${cell(r.hydratedMs)} | ${cell(r.deadWindowMs)} |`,
      );
    }
    // Issue 36's targets for the largest sector of a 5,000-product catalogue: the HTML's size is the page's own
    // (no machine's noise), so it is enforced; the times are reported like issue 26's target (budgets.json says why).
    const large = results[results.length - 1];
    for (const [key, limit] of [
      ['fcpMs', catalogueBudgets.fcpMs],
      ['deadWindowMs', catalogueBudgets.deadWindowMs],
    ] as const) {
      const value = large[key].median;
      console.log(`target ${key} ≤ ${limit} ms, ${large.route}: ${value <= limit ? 'met' : `missed by ${value - limit} ms`} (${value} ms)`);
    }
    expect(large.htmlGzipBytes / 1024, `${large.route}: HTML gzip KB at most ${catalogueBudgets.sectorPageGzipKb}`).toBeLessThanOrEqual(catalogueBudgets.sectorPageGzipKb);
  });
});

/**
 * Issue 36, "how each cost grows with the catalogue": the whole demo economy replaced by the seed's own economies of
 * 160, 1,000 and 5,000 products (44, 200 and 1,000 materials), generated as `npm start -- --fresh --products N
 * --materials M` would, and put back as it was after. Per public route and size: the HTML and its embedded state
 * (raw and gzip), the JavaScript the page asks for at start (its scripts and preloads, gzip), the Firestore reads of
 * its server render (render caches emptied before each route), and the first paint and dead window on the phone
 * profile (median of SBC_GROWTH_RUNS cold visits, default 5). Printed as the table of docs/performance.md.
 */
const GROWTH_SIZES: Array<{ products: number; materials: number; mostUsedOnly?: boolean }> = [
  { products: 160, materials: 44 },
  { products: 1000, materials: 200 },
  { products: 5000, materials: 1000 },
  // `npm start -- --fresh --products 5000` (the 44 default materials): each material is needed by hundreds of products
  // (the most used by about 470), where 1,000 materials spread them to 32 at most. Only the most used material's page,
  // the one whose "Used in" list is longest (issue 36: its first view, FIRST_VIEW_ROWS rows).
  { products: 5000, materials: 44, mostUsedOnly: true },
];
/**
 * Five visits per route and size by default, not RUNS: one visit on a 2-core machine moves by ±150 ms and a median of
 * 3 by ±100 ms, as large as the gap to issue 36's 1.2 s target (docs/performance.md, 2026-11-28).
 */
const GROWTH_RUNS = Number(process.env.SBC_GROWTH_RUNS ?? 5);
/** The seed's catalogue; every other collection (accounts, watchlists, audit, history) stays as the stack has it. */
const CATALOGUE_COLLECTIONS = new Set(['products', 'materials', 'marketStats', 'marketMaterialStats', 'catalogIndex', 'talents', 'gameParameters']);

interface GrowthRow {
  kind: 'catalogueGrowth';
  products: number;
  materials: number;
  route: string;
  /** On the most used material's page: how many products need it. */
  mostUsed?: number;
  htmlBytes: number;
  htmlGzipBytes: number;
  stateGzipBytes: number;
  startJsGzipBytes: number;
  serverReads: number;
  /** The planner's budget page only: the reads of a render of another budget in the same period (the catalogue cached). */
  warmServerReads?: number;
  /** The planner's budget page only: the suggestions it shows (its "Plan this" links). */
  suggestionRows?: number;
  fcpMs: Spread;
  deadWindowMs: Spread;
}

/** The scripts a page's HTML loads or preloads at start. */
function startScriptUrls(html: string): Set<string> {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/<link\b[^>]*\brel="(?:modulepreload|preload)"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(match[0])?.[1];
    if (href && (/\bas="script"/.test(match[0]) || match[0].includes('modulepreload'))) urls.add(href);
  }
  return urls;
}

/**
 * The page's start-up scripts as the CDN holds them: the static servers compress a file with Brotli on its first
 * request, once (local-backend/src/static-server/server.ts), as Hosting has before any visitor asks. Fetched before
 * the measured visits, so that the first of them does not wait for that one-time work.
 */
async function warmStartScripts(html: string): Promise<void> {
  await Promise.all([...startScriptUrls(html)].map(async (url) => (await fetch(new URL(url, site('/')), { headers: { 'accept-encoding': 'br' } })).arrayBuffer()));
}

/** The gzip bytes of the scripts a page's HTML loads or preloads at start (the apps' built files). */
function startScriptsGzip(html: string): number {
  const urls = startScriptUrls(html);
  let total = 0;
  for (const url of urls) {
    const file = builtFileOf(new URL(url, site('/')).href);
    if (file) total += gzipSync(readFileSync(file)).length;
  }
  return total;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** "What should I make?" with a budget (issue 36: ranked on the server, the page carries its first 20 rows). */
const PLANNER_BUDGET = 'sbc=5000&slots=200&hours=12';
/** Another budget, rendered after it in the same period: what a render costs once the catalogue is cached. */
const PLANNER_OTHER_BUDGET = 'sbc=2000&slots=100&hours=6';

test.describe('the catalogue grows (on demand)', () => {
  test('every public route at 160, 1,000 and 5,000 products: HTML, state, start-up JavaScript, server reads, first paint and dead window', async () => {
    test.setTimeout(60 * 60_000);
    const original: RestDocument[] = (await firestoreExport()).documents.map(({ path, fields }) => ({ path, fields: fields as RestFields }));
    const kept = original.filter((doc) => !CATALOGUE_COLLECTIONS.has(doc.path.split('/')[0]));
    const rows: GrowthRow[] = [];
    try {
      for (const size of GROWTH_SIZES) {
        const generated = generateDemoEconomy({ ...size, now: new Date() }).documents.map(({ path, data }) => ({ path, fields: toFirestoreFields(data) }));
        // The game stats last: the stack forgets its rendered pages when they change (a market update's last write).
        const statsLast = [...kept, ...generated].sort((a, b) => Number(a.path === 'gameParameters/gameStats') - Number(b.path === 'gameParameters/gameStats'));
        await replaceAllDocuments(stack().firestore.url, statsLast);
        const sectors = new Map<string, number>();
        for (const doc of generated) {
          const category = (doc.fields as { category?: { stringValue?: string } }).category?.stringValue;
          if (doc.path.startsWith('products/') && category) sectors.set(category, (sectors.get(category) ?? 0) + 1);
        }
        const [largest] = [...sectors].sort((a, b) => b[1] - a[1])[0];
        const firstOf = (collection: string) => generated.find((doc) => doc.path.startsWith(`${collection}/`) && doc.path !== 'materials/list')!;
        const productSlug = (firstOf('products').fields as { slug?: { stringValue?: string } }).slug?.stringValue ?? '';
        const materialName = firstOf('materials').path.slice('materials/'.length);
        // The material the most products need: the longest "Used in" list (its name, or the first by name on a tie).
        const usedBy = new Map<string, number>();
        for (const doc of generated) {
          if (!doc.path.startsWith('products/')) continue;
          const recipe = (doc.fields as { requested_materials?: { mapValue?: { fields?: Record<string, { integerValue?: string; doubleValue?: number }> } } }).requested_materials?.mapValue?.fields ?? {};
          for (const [name, quantity] of Object.entries(recipe)) if (Number(quantity.integerValue ?? quantity.doubleValue ?? 0) > 0) usedBy.set(name, (usedBy.get(name) ?? 0) + 1);
        }
        const [mostUsed, mostUsedBy] = [...usedBy].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
        console.log(`${size.products} products (${size.materials} materials): ${materialName} is used by ${usedBy.get(materialName) ?? 0}, ${mostUsed} by ${mostUsedBy} (the most)`);
        // The planner with a shared plan of one product (issue 37; what it reads: public-site/src/features/planner/page-data.ts).
        const plannerRoute = `${paths.planner}?p=${encodeURIComponent(productSlug)}&q=2`;
        const budgetRoute = `${paths.planner}?${PLANNER_BUDGET}`;
        const everyRoute = [paths.home, paths.products, `${paths.products}?sector=${encodeURIComponent(largest)}`, paths.product(productSlug), paths.materials, paths.material(materialName), paths.material(mostUsed), plannerRoute, budgetRoute, paths.profitability, paths.faq];
        const routes = size.mostUsedOnly ? [paths.material(mostUsed)] : [...new Set(everyRoute)];
        for (const route of routes) {
          // A cold render: the page and read caches emptied (the server notices the template's new time).
          const coldFrom = Date.now();
          purgeRenderCache();
          await sleep(50);
          await resetFirestoreCounters();
          const response = await fetch(site(route));
          const html = await response.text();
          expect(response.headers.get('x-render'), `${route} at ${size.products} products is rendered on the server`).toBe('render');
          const counters = await firestoreCounters();
          const serverReads = Object.values(counters.reads).reduce((a, b) => a + b, 0);
          const state = /<script[^>]*\bid="sbc-ssr-state"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
          // The budget page: a render of another budget in the same period reads what the read cache lacks (nothing).
          // The read cache ends with the market period (:00, :30) or its cap: when that can have fallen since the
          // catalogue was read, the render reads it again, rightly, and the pair is measured once more.
          let warm: Pick<GrowthRow, 'warmServerReads' | 'suggestionRows'> = {};
          for (let attempt = 1; route === budgetRoute && attempt <= 2; attempt++) {
            const cachedFrom = Date.now();
            if (attempt > 1) {
              purgeRenderCache();
              await sleep(50);
              await (await fetch(site(route))).text();
            }
            await resetFirestoreCounters();
            const other = await fetch(site(`${paths.planner}?${PLANNER_OTHER_BUDGET}`));
            await other.text();
            expect(other.headers.get('x-render'), 'another budget is rendered, not served from the page cache').toBe('render');
            const warmReads = Object.values((await firestoreCounters()).reads).reduce((a, b) => a + b, 0);
            warm = { warmServerReads: warmReads, suggestionRows: html.match(/aria-label="Plan /g)?.length ?? 0 };
            // The first attempt's catalogue was read by the cold render, before `cachedFrom`: bounded by its start.
            if (renderKeptUntil(attempt === 1 ? coldFrom : cachedFrom, Date.now())) break;
            console.log(`${route}: a market period may have ended since the catalogue was read; measuring the warm render again`);
          }
          await warmStartScripts(html);
          const runs: Visit[] = [];
          for (let i = 0; i < GROWTH_RUNS; i++) runs.push(await visit(route));
          expect(runs.map((run) => run.render).filter((render) => render !== 'cache' && render !== 'render'), `${route}: server-rendered visits`).toEqual([]);
          rows.push({
            kind: 'catalogueGrowth',
            products: size.products,
            materials: size.materials,
            route,
            mostUsed: route === paths.material(mostUsed) ? mostUsedBy : undefined,
            htmlBytes: Buffer.byteLength(html),
            htmlGzipBytes: gzipSync(html).length,
            stateGzipBytes: gzipSync(state).length,
            startJsGzipBytes: startScriptsGzip(html),
            serverReads,
            ...warm,
            fcpMs: spread(runs.map((run) => run.fcpMs)),
            deadWindowMs: spread(runs.map((run) => run.deadWindowMs)),
          });
        }
      }
    } finally {
      await replaceAllDocuments(stack().firestore.url, [...original].sort((a, b) => Number(a.path === 'gameParameters/gameStats') - Number(b.path === 'gameParameters/gameStats')));
      purgeRenderCache();
    }
    const previous: unknown = existsSync(ARTIFACT) ? JSON.parse(readFileSync(ARTIFACT, 'utf8')) : [];
    const others = Array.isArray(previous) ? previous.filter((e: { kind?: string }) => e.kind !== 'catalogueGrowth') : [];
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(ARTIFACT, JSON.stringify([...others, ...rows], null, 2));
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    console.log(`\n| route | products (materials) | HTML KB (gzip) | state KB gzip | start-up JS KB gzip | server reads | FCP | dead window |\n|---|---|---|---|---|---|---|---|`);
    const warmNote = (r: GrowthRow) => (r.warmServerReads === undefined ? '' : ` (${r.warmServerReads} warm; ${r.suggestionRows} rows)`);
    for (const r of rows) {
      const route = r.route
        .replace(/\?sector=.*/, '?sector=(largest)')
        .replace(/^\/products\/.+/, '/products/{slug}')
        .replace(/^\/materials\/.+/, r.mostUsed === undefined ? '/materials/{name}' : `/materials/{most used: ${r.mostUsed} products}`)
        .replace(/^(\/market\/planner)\?p=.*/, '$1?p={slug}&q=2');
      console.log(`| \`${route}\` | ${r.products} (${r.materials}) | ${kb(r.htmlBytes)} (${kb(r.htmlGzipBytes)}) | ${kb(r.stateGzipBytes)} | ${kb(r.startJsGzipBytes)} | ${r.serverReads}${warmNote(r)} | ${cell(r.fcpMs)} | ${cell(r.deadWindowMs)} |`);
    }
    // The page's own bytes do not depend on the machine: issue 36's ceiling for the largest sector holds at 5,000.
    const largestAt5000 = rows.find((r) => r.products === 5000 && r.route.includes('?sector='))!;
    expect(largestAt5000.htmlGzipBytes / 1024).toBeLessThanOrEqual(catalogueBudgets.sectorPageGzipKb);
    // So does a shared plan's page: it carries the plan, not the catalogue (it was 1.6 MB gzip at 5,000 products).
    const planAt5000 = rows.find((r) => r.products === 5000 && r.route.startsWith(`${paths.planner}?p=`))!;
    expect(planAt5000.htmlGzipBytes / 1024, 'a shared plan at 5,000 products').toBeLessThanOrEqual(catalogueBudgets.sectorPageGzipKb);
    // And "What should I make?" with a budget (issue 36): ranked on the server, the page carries its first 20 rows (it
    // was 6.2 MB, 1.6 MB gzip, at 5,000 products); once the period's catalogue is cached, a render of another budget
    // costs at most a small fixed number of reads, whatever the catalogue's size.
    for (const budgetRow of rows.filter((r) => r.route === `${paths.planner}?${PLANNER_BUDGET}`)) {
      expect(budgetRow.suggestionRows, `the budget page at ${budgetRow.products} products shows suggestions`).toBeGreaterThan(0);
      expect(budgetRow.warmServerReads, `another budget at ${budgetRow.products} products, the catalogue cached`).toBeLessThanOrEqual(catalogueBudgets.plannerWarmRenderReads);
    }
    const budgetAt5000 = rows.find((r) => r.products === 5000 && r.route === `${paths.planner}?${PLANNER_BUDGET}`)!;
    expect(budgetAt5000.suggestionRows, 'the budget page at 5,000 products shows its first 20 suggestions').toBe(20);
    expect(budgetAt5000.htmlGzipBytes / 1024, 'a budget page at 5,000 products').toBeLessThanOrEqual(catalogueBudgets.sectorPageGzipKb);
    // The profitability ranking (issue 36): ranked on the server, the page carries its first 20 rows, not the catalogue
    // it read in the browser before (15.6 MB at 5,000 products and 1,000 materials).
    const rankingAt5000 = rows.find((r) => r.products === 5000 && r.route === paths.profitability)!;
    expect(rankingAt5000.htmlGzipBytes / 1024, 'the profitability ranking at 5,000 products').toBeLessThanOrEqual(catalogueBudgets.sectorPageGzipKb);
    // A product page costs what it costs at 160 products (issue 36): its reads do not grow with the catalogue.
    const productReads = (products: number) => rows.find((r) => r.products === products && /^\/products\/[^?]/.test(r.route))!.serverReads;
    expect(productReads(5000), 'a product page reads as much at 5,000 products as at 160').toBeLessThanOrEqual(productReads(160) + 1);
    // Issue 36, /materials: its first view (FIRST_VIEW_ROWS rows), its count and its totals, not the whole ledger, so its HTML stays small
    // at 1,000 materials. Its server render reads the ledger once (materials.getFirstView: the tiles' total value needs
    // every material; the read cache shares it for the market period) plus the frame's reads: as at 44 materials,
    // materials + 'list' + the frame (docs/data-and-reads.md).
    const at = (products: number, test: (route: string) => boolean) => rows.find((r) => r.products === products && !GROWTH_SIZES.find((s) => s.products === r.products && s.materials === r.materials)?.mostUsedOnly && test(r.route))!;
    const ledger = (products: number) => at(products, (route) => route === paths.materials);
    expect(ledger(5000).htmlGzipBytes / 1024, `/materials at 1,000 materials: HTML gzip KB at most ${catalogueBudgets.materialsPageGzipKb}`).toBeLessThanOrEqual(
      catalogueBudgets.materialsPageGzipKb,
    );
    const frameReads = ledger(160).serverReads - (ledger(160).materials + 1);
    expect(ledger(5000).serverReads, '/materials reads the ledger once, plus the frame').toBeLessThanOrEqual(ledger(5000).materials + 1 + frameReads);
    // /materials/{name}: the materials its "Used in" recipes name, by name, never the whole ledger.
    const materialPage = (products: number) => at(products, (route) => /^\/materials\/./.test(route));
    expect(materialPage(5000).serverReads, 'a material page does not read the whole ledger at 1,000 materials').toBeLessThan(materialPage(5000).materials);
    // Issue 36, "Used in": the page of the material the most products need carries its list's first view (FIRST_VIEW_ROWS rows by
    // margin, the count and the materials those rows name), not the list, so its HTML stays small at 5,000 products.
    const mostUsedAt5000 = rows.filter((r) => r.products === 5000 && r.mostUsed !== undefined);
    expect(mostUsedAt5000.map((r) => r.materials).sort((a, b) => a - b), 'the most used material, at 44 and 1,000 materials').toEqual([44, 1000]);
    for (const r of mostUsedAt5000) {
      expect(r.htmlGzipBytes / 1024, `${r.route} (used by ${r.mostUsed} products) at 5,000 products and ${r.materials} materials: HTML gzip KB`).toBeLessThanOrEqual(
        catalogueBudgets.materialPageGzipKb,
      );
    }
  });
});

