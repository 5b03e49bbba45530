/**
 * How long a rendered page (and the reads behind it) stays valid. The rule lives in @sbc/domain
 * (domain/src/market-period.ts), shared with the open data API (functions/src/open-data), which caches its
 * answers for the same period.
 */
import { periodRemainingMs } from '@sbc/domain';

export { periodCacheControl, periodRemainingMs } from '@sbc/domain';

/**
 * The render server's default cap on a kept page and its reads (./render.tsx): to the end of the market period, at
 * most this long, so that an administrator's edit reaches new visitors within 5 minutes.
 */
export const RENDER_CACHE_MAX_SECONDS = 300;

/**
 * Whether a page rendered at `renderedAt` or later is certainly still kept (served as X-Render: cache) at `at`: its
 * render kept it until the period's end or the cap, whichever is first. Both bounds only move later with the render
 * time, so the earliest possible render decides.
 */
export function renderKeptUntil(renderedAt: number, at: number, maxSeconds = RENDER_CACHE_MAX_SECONDS): boolean {
  return at < renderedAt + periodRemainingMs(renderedAt, maxSeconds);
}
