import { chromium } from '@playwright/test';
import { writeFileSync, readFileSync } from 'node:fs';
import { applyPhoneProfile, PHONE, PHONE_MEASURING_CONTEXT } from './lib/phone-profile';
(async () => {
  const path = process.argv[2] ?? '/';
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  // warm the server render cache
  await fetch('http://localhost:3000' + path);
  const context = await browser.newContext({ viewport: PHONE.viewport, ...PHONE_MEASURING_CONTEXT, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.addInitScript(() => {
    new MutationObserver(() => { if (document.documentElement.getAttribute('data-hydrated') === 'true' && !performance.getEntriesByName('hydrated').length) performance.mark('hydrated'); }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
  });
  await applyPhoneProfile(page);
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute'] });
  await page.goto('http://localhost:3000' + path, { waitUntil: 'commit' });
  await page.waitForFunction(() => performance.getEntriesByName('hydrated').length > 0, null, { timeout: 30000 });
  const marks = await page.evaluate(() => ({ hydrated: performance.getEntriesByName('hydrated')[0].startTime, fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime, timeOrigin: performance.timeOrigin, res: performance.getEntriesByType('resource').map((r: any) => [r.name.split('/').pop(), Math.round(r.startTime), Math.round(r.responseEnd)]) }));
  const buf = await browser.stopTracing();
  writeFileSync('/tmp/trace/trace.json', buf);
  writeFileSync('/tmp/trace/marks.json', JSON.stringify(marks));
  console.log(JSON.stringify(marks));
  await browser.close();
})();
