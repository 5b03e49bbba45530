// On demand: where a phone visit's main thread goes until the page is hydrated. A CPU profile (DevTools protocol) of
// one cold visit per route on the phone profile, its samples mapped through the apps' source maps to the original
// file, summed by file (self time) and printed, heaviest first. For finding what to cut from the dead window
// (docs/performance.md#first-paint-dead-window-on-a-phone); `npm run build`, then
// `node e2e/run.mjs --only hydration-profile` (SBC_PROFILE_ROUTES=/faq,/ to choose the routes; SBC_PROFILE_DETAIL=/687.
// also lists the functions of the built files whose address contains it).
import { existsSync, readFileSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map';
import { HYDRATED_ATTRIBUTE, withBrowser } from '../lib/browser';
import { observeFirstPaint, untraced } from '../lib/measuring';
import { applyPhoneProfile, PHONE, PHONE_MEASURING_CONTEXT } from '../lib/phone-profile';
import { builtFileOf, site } from '../lib/stack';
import { test } from '../lib/test';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const consumers = new Map<string, SourceMapConsumer | null>();
async function consumerFor(url: string): Promise<SourceMapConsumer | null> {
  if (consumers.has(url)) return consumers.get(url) ?? null;
  let consumer: SourceMapConsumer | null = null;
  const file = builtFileOf(url);
  if (file && existsSync(`${file}.map`)) consumer = await new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
  consumers.set(url, consumer);
  return consumer;
}

const origin = (source: string) =>
  source
    .replace(/^webpack:\/\/[^/]*\//, '')
    .replace(/^(\.\.\/)+/, '')
    .replace(/node_modules\/((@[^/]+\/)?[^/]+)\/.*/, 'npm:$1');

test.describe('hydration profile (on demand)', () => {
  test('self time by original file until hydrated, per route', async () => {
    test.setTimeout(600_000);
    const routes = (process.env.SBC_PROFILE_ROUTES ?? '/faq,/').split(',');
    for (const route of routes) {
      const phone = { viewport: PHONE.viewport, waitForHydration: false, contextOptions: PHONE_MEASURING_CONTEXT };
      const profile = await withBrowser(phone, ({ context, page }) => untraced(context, async () => {
        const cdp = await applyPhoneProfile(page);
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        // Hydration is awaited inside the page (the first-paint journey's marks), not polled by Playwright, whose
        // selector engine would walk the DOM on every frame of the profile.
        await page.addInitScript(observeFirstPaint, HYDRATED_ATTRIBUTE);
        await cdp.send('Profiler.start');
        await page.goto(site(route), { waitUntil: 'commit' });
        await page.evaluate((ms) => Promise.race([window.__firstPaint.done, new Promise((_, reject) => setTimeout(() => reject(new Error(`not hydrated within ${ms} ms`)), ms))]), 60_000);
        const { profile: p } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
        return p;
      }));
      const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
      const byFile = new Map<string, number>();
      let total = 0;
      for (let i = 0; i < profile.samples.length; i++) {
        const node = byNode.get(profile.samples[i]);
        const us = profile.timeDeltas[i + 1] ?? 0;
        if (!node) continue;
        total += us;
        const { url, lineNumber, columnNumber, functionName } = node.callFrame;
        let key = url ? `${new URL(url).pathname}` : `(${functionName || 'native'})`;
        const consumer = url ? await consumerFor(url) : null;
        if (consumer) {
          const pos = consumer.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
          if (pos.source) key = origin(pos.source);
        }
        byFile.set(key, (byFile.get(key) ?? 0) + us);
        if (process.env.SBC_PROFILE_DETAIL && url.includes(process.env.SBC_PROFILE_DETAIL)) {
          const detail = `  ${key} ${functionName || '(anonymous)'} @${lineNumber}:${columnNumber}`;
          byFile.set(detail, (byFile.get(detail) ?? 0) + us);
        }
      }
      const rows = [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 40);
      console.log(`\n${route}: ${(total / 1000).toFixed(0)} ms sampled (4x CPU)`);
      for (const [file, us] of rows) console.log(`${(us / 1000).toFixed(1).padStart(8)} ms  ${file}`);
    }
  });
});
