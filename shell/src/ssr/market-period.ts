/**
 * How long a rendered page (and the reads behind it) stays valid. The rule lives in @sbc/domain
 * (domain/src/market-period.ts), shared with the open data API (functions/src/open-data), which caches its
 * answers for the same period.
 */
export { periodCacheControl, periodRemainingMs } from '@sbc/domain';
