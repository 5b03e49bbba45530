// Lighthouse (mobile preset: emulated phone, simulated slow 4G and 4x CPU slowdown) on every public route of
// the built local stack: the median of 3 runs per route, appended to e2e/artifacts/performance.json and
// checked against budgets.json "lighthouse". Part of `npm run size` only (too slow for `npm test`).
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
const budgets = (JSON.parse(readFileSync(join(REPO_ROOT, 'budgets.json'), 'utf8')) as { lighthouse: { default: Figures; routes: Record<string, Figures> } })
  .lighthouse;
const RUNS = 3;
const ROUTES = [paths.home, `${paths.products}?sector=energy`, paths.product('solar-panel'), paths.materials, paths.material('Copper'), paths.faq];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function runOnce(url: string): Promise<Figures> {
  const profile = mkdtempSync(join(tmpdir(), 'sbc-lh-'));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    userDataDir: profile,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', onlyCategories: CATEGORIES, logLevel: 'error' });
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

test.describe('lighthouse (mobile)', () => {
  test('every public route within the Lighthouse budgets (median of 3 runs)', async () => {
    test.setTimeout(30 * 60_000);
    const results: Array<{ kind: 'lighthouse'; route: string; runs: number; figures: Figures }> = [];
    for (const route of ROUTES) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await runOnce(site(route)));
      const figures: Figures = {};
      for (const key of Object.keys(runs[0])) figures[key] = median(runs.map((run) => run[key]));
      results.push({ kind: 'lighthouse', route, runs: RUNS, figures });
      console.log(JSON.stringify({ kind: 'lighthouse', route, runs: RUNS, ...figures }));
    }
    const previous: unknown = existsSync(ARTIFACT) ? JSON.parse(readFileSync(ARTIFACT, 'utf8')) : [];
    const kept = Array.isArray(previous) ? previous.filter((e: { kind?: string }) => e.kind !== 'lighthouse') : [];
    mkdirSync(join(REPO_ROOT, 'e2e', 'artifacts'), { recursive: true });
    const entries = results.map(({ figures, ...result }) => ({ ...result, ...figures }));
    writeFileSync(ARTIFACT, JSON.stringify([...kept, ...entries], null, 2));

    const failures: string[] = [];
    for (const result of results) {
      const budget = { ...budgets.default, ...(budgets.routes[result.route] ?? {}) };
      for (const [key, limit] of Object.entries(budget)) {
        const atMost = key.endsWith('Ms') || key === 'cls';
        const value = result.figures[key];
        if (atMost ? value > limit : value < limit) failures.push(`${result.route} ${key} ${value} (budget ${atMost ? '≤' : '≥'} ${limit})`);
      }
    }
    expect(failures).toEqual([]);
  });
});
