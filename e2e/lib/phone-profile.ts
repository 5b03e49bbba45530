// Lighthouse's mobile profile, applied through the DevTools protocol: a mid-range phone on a slow 4G network
// (150 ms round trip, 1.6 Mbps down, 750 kbps up) with a CPU four times slower than this machine's, on a
// 412 px wide screen. Journeys that act "at first paint" use it, so that there is a real window between the page
// painting and its scripts answering.
import type { CDPSession, Page } from '@playwright/test';

export const PHONE = {
  viewport: { width: 412, height: 823 },
  // A 1x screen: the pixel ratio does not change what a tap does, and a 2.625x one costs the software rasterizer of a
  // CI machine most of a run.
  contextOptions: { deviceScaleFactor: 1, isMobile: true, hasTouch: true },
  latencyMs: 150,
  downloadKbps: 1638.4,
  uploadKbps: 750,
  cpuSlowdown: 4,
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
