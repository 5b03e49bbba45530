// Issue 35, "each team sees how its release does": real visitors' errors reach the site's endpoint from a real
// Chromium (sendBeacon when the page goes away), are counted per app and release and hour, and an admin's Salute
// page shows them next to the previous release's and flags a release that does worse. The previous release of the
// shell is seeded through the same endpoint, as its visitors' browsers would have reported it.
import { expect } from '@playwright/test';
import { paths } from '../../shared/src/paths';
import { TELEMETRY_PATH } from '../../domain/src/telemetry/telemetry';
import { openBrowser, withBrowser } from '../lib/browser';
import { signIn, waitForPath, expectHeading } from '../lib/flows';
import { demoAccount, firestoreExport, site } from '../lib/stack';
import { test } from '../lib/test';

/** A release id that sorts before any stamped one: the shell's "previous release" here. */
const PREVIOUS = '00000000-000000-previous';
const BROKEN = 'Journey: the release is broken';

/** The shell's hour documents of `release`, as the endpoint stored them. */
async function shellHours(release: string) {
  const database = await firestoreExport();
  return database.documents.filter((document) => document.path.startsWith('telemetry/') && document.path.includes(`shell_${release}_`));
}

test.describe('telemetry: how a release does with real visitors', () => {
  test("a visitor's errors arrive when the page goes away, and the Salute page flags the release against the previous one", async () => {
    test.setTimeout(120_000);
    // The previous release: 12 views without an error, reported as its pages would have (the endpoint takes 30 reports a
    // minute from one address, and this test and the next send theirs from this one).
    const origin = new URL(site('/')).origin;
    for (let view = 0; view < 12; view += 1) {
      const response = await fetch(site(TELEMETRY_PATH), {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: origin },
        body: JSON.stringify({ v: 1, page: 'shell', route: '/faq', device: 'desktop', releases: { shell: PREVIOUS, publicSite: null, adminConsole: null }, rate: 1, view: true, vitals: [{ name: 'LCP', value: 900 }], errors: [] }),
      });
      expect(response.status).toBeLessThan(300);
    }

    // A visitor of today's release meets an error five times, then leaves the page.
    const visitor = await openBrowser({});
    let release = '';
    try {
      const reporter = visitor.page.waitForRequest((request) => /\/telemetry\.[0-9a-f]{10}\.js$/.test(request.url()));
      await visitor.page.goto(site(paths.faq));
      await expectHeading(visitor.page, 'Frequently Asked Questions');
      await reporter;
      release = (await visitor.page.locator('meta[name="sbc-release"]').getAttribute('content')) ?? '';
      expect(release).not.toBe('');
      await visitor.page.evaluate((message) => {
        for (let i = 0; i < 5; i += 1) setTimeout(() => {
          throw new Error(message);
        }, 0);
      }, BROKEN);
      await visitor.page.waitForTimeout(200);
      const beacon = visitor.page.waitForRequest((request) => request.url().endsWith(TELEMETRY_PATH) && request.method() === 'POST');
      // Hidden, then gone, as a visitor switching tabs and closing this one: the report leaves with sendBeacon.
      await visitor.page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
        document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      });
      // (The browser does not show a beacon's body to the test: what it carried is read back from the database below.)
      await beacon;
    } finally {
      await visitor.close();
    }
    // The hour document of today's shell release counts the five errors, under the release the page named (other
    // journeys of this stack may have reported errors of their own under the same release: this one's entry is read).
    type Value = { stringValue?: string; integerValue?: string; doubleValue?: number; arrayValue?: { values?: Value[] }; mapValue?: { fields?: Record<string, Value> } };
    // Every hour of the release is read: journeys earlier in the run may have opened the release's first hour, and this
    // report lands in the hour it arrives in (reading only the first hour failed a CI run that crossed the hour).
    const errorsOf = async () => {
      const hours = await shellHours(release);
      const entries = hours.flatMap((hour) => ((hour.fields as Record<string, Value> | undefined)?.topErrors?.arrayValue?.values ?? []).map((entry) => entry.mapValue?.fields ?? {}));
      const ours = entries.filter((fields) => fields.message?.stringValue?.includes('the release is broken'));
      return ours.reduce((sum, fields) => sum + Number(fields.count?.integerValue ?? fields.count?.doubleValue ?? 0), 0);
    };
    await expect.poll(errorsOf, { timeout: 15_000 }).toBe(5);

    // What the endpoint stored: counters only (nothing of the visitor: no address, no user, no URL).
    const stored = JSON.stringify(await shellHours(release));
    expect(stored).toContain('the release is broken');
    expect(stored).not.toMatch(/127\.0\.0\.1|localhost|faq\?/);

    // An admin's Salute page: today's shell release next to the previous one, flagged, with its top error.
    await withBrowser({}, async ({ page, pageErrors }) => {
      await signIn(page, demoAccount('admin'));
      await waitForPath(page, paths.home);
      await page.goto(site(paths.adminHealth));
      await expectHeading(page, 'Salute delle release');
      const shellTable = page.getByRole('table').filter({ has: page.locator('caption', { hasText: /^Shell$/ }) });
      const row = shellTable.getByRole('row').filter({ hasText: release });
      await expect(row).toContainText(/Peggiorata: tasso di errori/);
      await expect(shellTable.getByRole('row').filter({ hasText: PREVIOUS })).toContainText('Nessuna release precedente');
      const topErrors = page.getByRole('region', { name: `Errori più frequenti · Shell ${release}` });
      await expect(topErrors).toContainText('the release is broken');
      expect(pageErrors).toEqual([]);
    });
  });

  test('forged, malformed, oversized and foreign reports are refused and change nothing', async () => {
    const origin = new URL(site('/')).origin;
    const before = (await firestoreExport()).documents.filter((document) => document.path.startsWith('telemetry/')).length;
    const post = (body: string, headers: Record<string, string> = { 'Content-Type': 'text/plain;charset=UTF-8', Origin: origin }) =>
      fetch(site(TELEMETRY_PATH), { method: 'POST', headers, body });
    expect((await post('{not json')).status).toBe(400);
    expect((await post(JSON.stringify({ v: 1, page: '../../users/admin', errors: [] }))).status).toBe(400);
    expect((await post('x'.repeat(20_000))).status).toBe(413);
    expect((await post('{}', { 'Content-Type': 'text/plain', Origin: 'https://evil.example' })).status).toBe(403);
    expect((await fetch(site(TELEMETRY_PATH), { method: 'GET' })).status).toBe(405);
    const after = (await firestoreExport()).documents.filter((document) => document.path.startsWith('telemetry/')).length;
    expect(after).toBe(before);
  });
});
