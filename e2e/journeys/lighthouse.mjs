// Lighthouse (mobile preset: emulated phone, simulated slow 4G and 4x CPU slowdown) on every public route of
// the built local stack: the median of 3 runs per route, appended to e2e/artifacts/performance.json and
// checked against budgets.json "lighthouse". Part of `npm run size` only (too slow for `npm test`).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '../lib/test.mjs';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { site } from '../lib/stack.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const ARTIFACT = join(ROOT, 'e2e/artifacts/performance.json');
const budgets = JSON.parse(readFileSync(join(ROOT, 'budgets.json'), 'utf8')).lighthouse;
const RUNS = 3;
const ROUTES = ['/', '/products?sector=energy', '/products/solar-panel', '/materials', '/materials/Copper', '/faq'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function runOnce(url) {
  const profile = mkdtempSync(join(tmpdir(), 'sbc-lh-'));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    userDataDir: profile,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', onlyCategories: CATEGORIES, logLevel: 'error' });
    const audit = (id) => lhr.audits[id]?.numericValue;
    return {
      performance: lhr.categories.performance.score,
      accessibility: lhr.categories.accessibility.score,
      bestPractices: lhr.categories['best-practices'].score,
      seo: lhr.categories.seo.score,
      lcpMs: Math.round(audit('largest-contentful-paint')),
      fcpMs: Math.round(audit('first-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
    };
  } finally {
    await chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

test.describe('lighthouse (mobile)', () => {
  test('every public route within the Lighthouse budgets (median of 3 runs)', async () => {
    test.setTimeout(30 * 60_000);
    const results = [];
    for (const route of ROUTES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await runOnce(site(route)));
      const summary = { kind: 'lighthouse', route, runs: RUNS };
      for (const key of Object.keys(runs[0])) summary[key] = median(runs.map((run) => run[key]));
      results.push(summary);
      console.log(JSON.stringify(summary));
    }
    const previous = existsSync(ARTIFACT) ? JSON.parse(readFileSync(ARTIFACT, 'utf8')) : [];
    mkdirSync(join(ROOT, 'e2e/artifacts'), { recursive: true });
    writeFileSync(ARTIFACT, JSON.stringify([...(Array.isArray(previous) ? previous.filter((e) => e.kind !== 'lighthouse') : []), ...results], null, 2));

    const failures = [];
    for (const result of results) {
      const budget = { ...budgets.default, ...(budgets.routes[result.route] ?? {}) };
      for (const [key, limit] of Object.entries(budget)) {
        const atMost = key.endsWith('Ms') || key === 'cls';
        if (atMost ? result[key] > limit : result[key] < limit) failures.push(`${result.route} ${key} ${result[key]} (budget ${atMost ? '≤' : '≥'} ${limit})`);
      }
    }
    assert.deepEqual(failures, []);
  });
});
