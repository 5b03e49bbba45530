// Lighthouse's mobile profile, applied through the DevTools protocol: a mid-range phone on a slow 4G network
// (150 ms round trip, 1.6 Mbps down, 750 kbps up) with a CPU four times slower than this machine's, on a
// 412 px wide screen. Journeys that act "at first paint" use it, so that there is a real window between the page
// painting and its scripts answering; first-paint measures that window with it.
//
// The numbers are Lighthouse 13's "mobileSlow4G" and moto g power screen (node_modules/lighthouse/core/config/
// constants.js): rttMs 150, throughputKbps 1638.4 (1.6 × 1024), cpuSlowdownMultiplier 4, 412×823 at 1.75x, its
// user agent; upload 750 kbps as issue 26 measured (Lighthouse's table says 675, 750 × 0.9). They are the values
// Lighthouse's default, simulated, throttling computes with, here applied per request by DevTools: Lighthouse's own
// "devtools" method adds 562.5 ms per request instead of 150, because DevTools throttling adds the latency once per
// request, not per round trip (connection set-up included), so these figures are kinder than a real slow 4G link.
// They are the ones the baseline was taken with.
import type { BrowserContextOptions, CDPSession, Page } from '@playwright/test';

export const PHONE = {
  viewport: { width: 412, height: 823 },
  // A 1x screen for journeys that act: the pixel ratio does not change what a tap does, and a dense one costs the
  // software rasterizer of a CI machine most of a run.
  contextOptions: { deviceScaleFactor: 1, isMobile: true, hasTouch: true },
  /** The phone's screen density, for measuring paint (contextOptions keeps 1x for the journeys that only act). */
  deviceScaleFactor: 1.75,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
  latencyMs: 150,
  downloadKbps: 1638.4,
  uploadKbps: 750,
  cpuSlowdown: 4,
};

/** A new context's options for measuring on the phone: its real screen density and its user agent. */
export const PHONE_MEASURING_CONTEXT: BrowserContextOptions = {
  ...PHONE.contextOptions,
  deviceScaleFactor: PHONE.deviceScaleFactor,
  userAgent: PHONE.userAgent,
};

/** Throttles `page`'s network and CPU as PHONE says (from now until the page's context closes). */
export async function applyPhoneProfile(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latencyMs,
    downloadThroughput: (PHONE.downloadKbps * 1024) / 8,
    uploadThroughput: (PHONE.uploadKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
  return cdp;
}

/**
 * Opens `path` as a phone would, with every script held back until the returned `release()`: the page is painted,
 * not hydrated, for as long as the journey needs to act in that window. On a shared CI machine the throttled network
 * alone does not guarantee that a tap lands before hydration. The page is fetched once first, as the CDN would hold
 * it (a cold render on a loaded machine can pass the render server's budget and give the client-rendered page).
 */
export async function openWithScriptsHeld(page: Page, url: string): Promise<() => void> {
  await fetch(url);
  await applyPhoneProfile(page);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (target) => target.pathname.endsWith('.js'),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  page.once('close', () => release());
  await page.goto(url, { waitUntil: 'commit' });
  return release;
}
