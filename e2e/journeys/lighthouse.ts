// Lighthouse (mobile preset: emulated phone, slow 4G and 4x CPU slowdown) on every public route of the built
// local stack, with each of Lighthouse's two throttling methods: the median of 3 runs per route and method,
// appended to e2e/artifacts/performance.json and checked against budgets.json "lighthouse". Part of
// `npm run size` only (too slow for `npm test`).
//
// Why both methods: "simulate" (Lighthouse's default, what PageSpeed Insights shows) loads the page unthrottled
// and models slow 4G with lantern. Its LCP model charges every preloaded script whose evaluation task is short
// to the largest paint, even when that paint comes from the HTML alone (GoogleChrome/lighthouse#16539, open;
// docs/performance.md shows the graph). "devtools" applies the same slow 4G and 4x CPU to the real load and
// measures what the page does. Scores, TBT and CLS are budgeted for both; the 1.5 s LCP of issue 26 on the
// applied run, the simulated LCP at a ceiling that catches regressions (budgets.json says why).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { paths } from '../../shared/src/paths';
import { REPO_ROOT, site } from '../lib/stack';
import { test } from '../lib/test';

const ARTIFACT = join(REPO_ROOT, 'e2e', 'artifacts', 'performance.json');
type Figures = Record<string, number>;
const budgets = (JSON.parse(readFileSync(join(REPO_ROOT, 'budgets.json'), 'utf8')) as { lighthouse: LighthouseBudgets }).lighthouse;
const RUNS = 3;
const ROUTES = [paths.home, `${paths.products}?sector=energy`, paths.product('solar-panel'), paths.materials, paths.material('Copper'), paths.faq];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Lighthouse's two throttling methods; budgets.json "lighthouse" has the figures each adds to the default ones. */
const METHODS = ['simulate', 'devtools'] as const;
type Method = (typeof METHODS)[number];
type LighthouseBudgets = { default: Figures; methods: Record<Method, Figures>; routes: Record<string, Figures> };

async function runOnce(url: string, throttlingMethod: Method): Promise<Figures> {
  const profile = mkdtempSync(join(tmpdir(), 'sbc-lh-'));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    userDataDir: profile,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', onlyCategories: CATEGORIES, logLevel: 'error', throttlingMethod });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const score = (id: string) => lhr.categories[id]?.score ?? Number.NaN;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      fcpMs: Math.round(audit('first-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
    };
  } finally {
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The failures of one method's medians against its budget: the default figures, the method's, then the route's. */
function overBudget(method: Method, route: string, figures: Figures): string[] {
  const budget = { ...budgets.default, ...budgets.methods[method], ...(budgets.routes[route] ?? {}) };
  const failures: string[] = [];
  for (const [key, limit] of Object.entries(budget)) {
    const atMost = key.endsWith('Ms') || key === 'cls';
    const value = figures[key];
    if (!(atMost ? value <= limit : value >= limit)) failures.push(`${method} ${route} ${key} ${value} (budget ${atMost ? '≤' : '≥'} ${limit})`);
  }
  return failures;
}

test.describe('lighthouse (mobile)', () => {
  test('every public route within the Lighthouse budgets of both throttling methods (median of 3 runs)', async () => {
    test.setTimeout(45 * 60_000);
    const results: Array<{ kind: 'lighthouse'; throttlingMethod: Method; route: string; runs: number; figures: Figures }> = [];
    for (const route of ROUTES) {
      for (const method of METHODS) {
        const runs: Figures[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await runOnce(site(route), method));
        const figures: Figures = {};
        for (const key of Object.keys(runs[0])) figures[key] = median(runs.map((run) => run[key]));
        results.push({ kind: 'lighthouse', throttlingMethod: method, route, runs: RUNS, figures });
        console.log(JSON.stringify({ kind: 'lighthouse', throttlingMethod: method, route, runs: RUNS, ...figures }));
      }
    }
    const previous: unknown = existsSync(ARTIFACT) ? JSON.parse(readFileSync(ARTIFACT, 'utf8')) : [];
    const kept = Array.isArray(previous) ? previous.filter((e: { kind?: string }) => e.kind !== 'lighthouse') : [];
    mkdirSync(join(REPO_ROOT, 'e2e', 'artifacts'), { recursive: true });
    const entries = results.map(({ figures, ...result }) => ({ ...result, ...figures }));
    writeFileSync(ARTIFACT, JSON.stringify([...kept, ...entries], null, 2));

    expect(results.flatMap((result) => overBudget(result.throttlingMethod, result.route, result.figures))).toEqual([]);
  });
});
