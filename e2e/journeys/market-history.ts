// The recorded market history on the public pages (issue 37, docs/market-history.md): a day of market updates is
// recorded as the recording function stores it (domain/src/market-history.ts, written through the emulator's import:
// the journeys' stacks run without the recording itself, e2e/lib/stack.ts), then a visitor sees the home page's
// movers and a product's and a material's recorded price history through the site's own API: the range choices (1 day
// … all) kept in the address, a comparison with another item on the same chart kept in the address too, a reload
// keeping both. Last, a market update recorded while home and a product page are open: both follow it in place.
import { type BrowserContext, expect, type Locator } from '@playwright/test';
import { historyWrites, type HistoryItems } from '../../domain/src/market-history';
import { marketMovers } from '../../domain/src/market-movers';
import { toFirestoreFields } from '../../local-backend/src/seed/emulator-import';
import { paths } from '../../shared/src/paths';
import type { MARKET_CLOCK_HOOK } from '../../shared/src/stores/market-clock';
import { withBrowser } from '../lib/browser';
import { expectHeading, waitForPath } from '../lib/flows';
import { firestoreExport, restoreDocuments, site } from '../lib/stack';
import { test } from '../lib/test';

const PERIOD = 30 * 60_000;
const NOW = Math.floor(Date.now() / PERIOD) * PERIOD;
/**
 * 49 updates: the 24 hours up to the half hour before the run, every 30 minutes. A page's "1 day" window ends at the
 * page's own time: 49 points when shown in the same half hour, and up to 2 of the oldest fall out of it when a half
 * hour (or two) passes before the journey runs (a CI run at 13:59 saw 47), hence "4[7-9]" in the 1-day charts, and
 * "4[89]|50" once the journey's own update is added.
 */
const TIMES = Array.from({ length: 49 }, (_, i) => NOW - (48 - i) * PERIOD);
// Steel's price rises until the update before the last, so it is no mover since the previous update (home's lists).
const figures = (i: number): HistoryItems => ({
  'p/solar-panel': [100 + i, 60, 40],
  'p/clay-brick': [1 - i / 100, 50, 1000],
  'm/Copper': [8, null, 100 + i],
  'm/Steel': [640 + Math.min(i, 47), null, 500],
});

const INFO = {
  'p/solar-panel': { name: 'Solar Panel', sector: 'energy' },
  'p/clay-brick': { name: 'Clay Brick', sector: 'construction' },
  'm/Copper': { name: 'Copper', sector: 'materials' },
  'm/Steel': { name: 'Steel', sector: 'materials' },
};
/** The market period the pages' clocks are told (the clock's test hook, as in live-market): they look within seconds. */
const CLOCK_HOOK = '__SBC_MARKET_CLOCK__' satisfies typeof MARKET_CLOCK_HOOK;
const PERIOD_SECONDS = 4;
/** How long an open page may take to follow an update: the clock's look, the API's answer, on a busy machine. */
const FOLLOW_MS = 30_000;

async function shortMarketPeriod(context: BrowserContext): Promise<void> {
  await context.addInitScript(({ hook, seconds }) => Object.assign(window, { [hook]: { updateIntervalSeconds: seconds } }), { hook: CLOCK_HOOK, seconds: PERIOD_SECONDS });
}

/** The documents the recording function would have written for TIMES, merged by their field masks. */
function recordedDocuments(): Array<{ path: string; data: Record<string, unknown> }> {
  const docs = new Map<string, Record<string, unknown>>();
  TIMES.forEach((t, i) => {
    for (const write of historyWrites(figures(i), t)) {
      const doc = docs.get(write.id) ?? {};
      for (const field of write.fields) {
        const [head, sub] = field.split('.');
        doc[head] = sub === undefined ? write.data[head] : { ...((doc[head] as object) ?? {}), [sub]: (write.data[head] as Record<string, unknown>)[sub] };
      }
      docs.set(write.id, doc);
    }
  });
  const last = TIMES.length - 1;
  const movers = marketMovers(new Date(NOW), figures(last), INFO, [{ at: new Date(TIMES[last - 1]), items: figures(last - 1) }]);
  return [...[...docs].map(([id, data]) => ({ path: `marketHistory/${id}`, data })), { path: 'marketMovers/latest', data: movers as unknown as Record<string, unknown> }];
}

/** Picks a choice whose checked state follows the address (a controlled radio): click, then wait for it. */
async function choose(radio: Locator): Promise<void> {
  await radio.click();
  await expect(radio).toBeChecked();
}

test.describe('market history', () => {
  test.beforeAll(async () => {
    const stats = (await firestoreExport()).documents.filter((d) => d.path === 'gameParameters/gameStats');
    // The game stats again (unchanged): the stack's servers forget the API answers they kept for the period.
    await restoreDocuments([...recordedDocuments().map((d) => ({ path: d.path, fields: toFirestoreFields(d.data) })), ...stats]);
  });

  test('home shows the biggest movers since the previous update, linked to their pages', async () => {
    await withBrowser({ viewport: { width: 1280, height: 900 } }, async ({ page, pageErrors }) => {
      await page.goto(site(paths.home));
      const risers = page.getByRole('list', { name: 'Price risers' });
      await expect(risers.getByRole('listitem')).toHaveText([/^Solar Panel \+0\.7%$/]);
      await expect(page.getByRole('list', { name: 'Price fallers' }).getByRole('listitem')).toHaveText([/^Clay Brick \u22121\.9%$/]);
      await choose(page.getByRole('radio', { name: '7 days' }));
      await expect(page.getByText('Not enough recorded history for this window yet')).toBeVisible();
      await choose(page.getByRole('radio', { name: 'Since the previous update' }));
      await risers.getByRole('link', { name: 'Solar Panel' }).click();
      await waitForPath(page, paths.product('solar-panel'));
      await expectHeading(page, 'Solar Panel');
      expect(pageErrors).toEqual([]);
    });
  });

  test('a product\'s recorded history: ranges and a comparison, kept in the address', async () => {
    await withBrowser({ viewport: { width: 1280, height: 900 } }, async ({ page, pageErrors }) => {
      await page.goto(site(paths.product('solar-panel')));
      await expectHeading(page, 'Solar Panel');
      const history = page.getByRole('region', { name: 'Recorded price history' });
      await expect(history.getByRole('img', { name: /^Price of Solar Panel over 7 days: 49 recorded updates, from 100\.00 SBC to 148\.00 SBC/ })).toBeVisible();
      const ranges = history.getByRole('group', { name: 'History range' });
      await expect(ranges.getByRole('radio')).toHaveCount(5);
      await choose(ranges.getByRole('radio', { name: '1 day' }));
      await expect(page).toHaveURL(/[?&]span=1d/);
      await expect(history.getByRole('img', { name: /^Price of Solar Panel over 1 day: 4[7-9] recorded updates/ })).toBeVisible();
      await choose(ranges.getByRole('radio', { name: '30 days' }));
      await expect(history.getByRole('img', { name: /^Price of Solar Panel over 30 days: [1-3] recorded updates, .* to 148\.00 SBC/ })).toBeVisible();
      await choose(ranges.getByRole('radio', { name: '1 day' }));

      await history.getByLabel('Compare with a product (slug or name)').fill('Clay Brick');
      await history.getByRole('button', { name: 'Compare' }).click();
      await expect(page).toHaveURL(/[?&]compare=clay-brick/);
      const compared = history.getByRole('img', { name: /^Price change of Solar Panel, clay-brick over 1 day: 4[7-9] recorded updates, from 0\.00% to \+4\d\.\d\d%/ });
      await expect(compared).toBeVisible();
      // Kept in the address: a reload (or a shared link) shows the same chart.
      await page.reload();
      await expect(page.getByRole('region', { name: 'Recorded price history' }).getByRole('img', { name: /^Price change of Solar Panel, clay-brick over 1 day/ })).toBeVisible();
      await page.getByRole('button', { name: 'Stop comparing clay-brick' }).click();
      await expect(page).not.toHaveURL(/compare=/);
      expect(pageErrors).toEqual([]);
    });
  });

  test('a material\'s recorded history: the same ranges and a comparison with another material, kept in the address', async () => {
    // Server-rendered from the address: the section, the chosen range and the compared material are in the HTML.
    const html = await (await fetch(site(`${paths.material('Steel')}?span=1d&compare=Copper`))).text();
    expect(html).toContain('Recorded price history');
    const radio = (value: string) => new RegExp(`<input[^>]*name="ps-history-range"[^>]*value="${value}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(radio('1d')).toContain('checked');
    expect(radio('7d')).not.toContain('checked');
    expect(html).toContain('aria-label="Stop comparing Copper"');
    await withBrowser({ viewport: { width: 1280, height: 900 } }, async ({ page, pageErrors }) => {
      await page.goto(site(paths.material('Steel')));
      await expectHeading(page, 'Steel');
      const history = page.getByRole('region', { name: 'Recorded price history' });
      await expect(history.getByRole('img', { name: /^Price of Steel over 7 days: 49 recorded updates, from 640\.00 SBC to 687\.00 SBC/ })).toBeVisible();
      const ranges = history.getByRole('group', { name: 'History range' });
      await expect(ranges.getByRole('radio')).toHaveCount(5);
      await choose(ranges.getByRole('radio', { name: '1 day' }));
      await expect(page).toHaveURL(/[?&]span=1d/);
      await expect(history.getByRole('img', { name: /^Price of Steel over 1 day: 4[7-9] recorded updates, from 64[0-2]\.00 SBC to 687\.00 SBC/ })).toBeVisible();

      // A material is compared by its name, typed in any case (the names the page read are offered).
      await history.getByLabel('Compare with a material (name)').fill('copper');
      await history.getByRole('button', { name: 'Compare' }).click();
      await expect(page).toHaveURL(/[?&]compare=Copper(&|$)/);
      await expect(history.getByRole('img', { name: /^Price change of Steel, Copper over 1 day: 4[7-9] recorded updates, from 0\.00% to \+7\.\d\d%/ })).toBeVisible();
      await page.reload();
      const again = page.getByRole('region', { name: 'Recorded price history' });
      await expect(again.getByRole('img', { name: /^Price change of Steel, Copper over 1 day/ })).toBeVisible();
      await expect(again.getByRole('radio', { name: '1 day' })).toBeChecked();
      await again.getByRole('link', { name: 'Copper' }).click();
      await waitForPath(page, paths.material('Copper'));
      await expectHeading(page, 'Copper');
      expect(pageErrors).toEqual([]);
    });
  });

  test('an open page follows the market: home\'s movers and a product\'s chart change in place, without a reload', async () => {
    test.setTimeout(120_000);
    const exported = (await firestoreExport()).documents;
    const stats = exported.find((d) => d.path === 'gameParameters/gameStats');
    if (!stats) throw new Error('no gameParameters/gameStats in the stack');
    await withBrowser({ viewport: { width: 1280, height: 900 } }, async ({ context, page, pageErrors }) => {
      await shortMarketPeriod(context);
      await page.goto(site(paths.home));
      const risers = page.getByRole('list', { name: 'Price risers' });
      await expect(risers.getByRole('listitem')).toHaveText([/^Solar Panel \+0\.7%$/]);
      const product = await context.newPage();
      await product.goto(site(`${paths.product('solar-panel')}?span=1d`));
      const history = product.getByRole('region', { name: 'Recorded price history' });
      await expect(history.getByRole('img', { name: /^Price of Solar Panel over 1 day: 4[7-9] recorded updates, .* to 148\.00 SBC/ })).toBeVisible();

      // A market update (a second ago) as the recording function leaves it, then the game stats with its stamp: the
      // pages' market clocks see the new stamp and the panel and the chart ask the API again.
      const at = Date.now() - 1000;
      const last = TIMES.length - 1;
      const update: HistoryItems = { ...figures(last), 'p/solar-panel': [200, 60, 40] };
      const docs = new Map(recordedDocuments().map((d) => [d.path, d.data]));
      for (const write of historyWrites(update, at)) {
        const doc = { ...(docs.get(`marketHistory/${write.id}`) ?? {}) };
        for (const field of write.fields) {
          const [head, sub] = field.split('.');
          doc[head] = sub === undefined ? write.data[head] : { ...((doc[head] as object) ?? {}), [sub]: (write.data[head] as Record<string, unknown>)[sub] };
        }
        docs.set(`marketHistory/${write.id}`, doc);
      }
      const movers = marketMovers(new Date(at), update, INFO, [{ at: new Date(TIMES[last]), items: figures(last) }]);
      docs.set('marketMovers/latest', movers as unknown as Record<string, unknown>);
      const moved = { ...stats, fields: { ...stats.fields, lastUpdated: { timestampValue: new Date(at).toISOString() } } };
      try {
        await restoreDocuments([...[...docs].map(([path, data]) => ({ path, fields: toFirestoreFields(data) })), moved]);
        // 148 → 200 SBC: +35.1 %.
        await expect(risers.getByRole('listitem')).toHaveText([/^Solar Panel \+35\.1%$/], { timeout: FOLLOW_MS });
        await expect(history.getByRole('img', { name: /^Price of Solar Panel over 1 day: (4[89]|50) recorded updates, .* to 200\.00 SBC/ })).toBeVisible({ timeout: FOLLOW_MS });
        expect(product.url()).toMatch(/[?&]span=1d/);
      } finally {
        // As the other tests found it.
        await restoreDocuments([...recordedDocuments().map((d) => ({ path: d.path, fields: toFirestoreFields(d.data) })), stats]);
      }
      expect(pageErrors).toEqual([]);
    });
  });
});
