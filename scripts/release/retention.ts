/**
 * Which earlier releases a deploy keeps on the site (docs/deploying.md#releases-an-open-page-survives-deploys):
 * an open page of any release keeps working across at least the next KEEP_RELEASES releases of its app and at least
 * KEEP_DAYS days after a newer release replaced it, whichever keeps more. A release is dropped only when both have
 * passed: KEEP_RELEASES newer releases exist after it AND the release that replaced it went live more than
 * KEEP_DAYS days ago.
 */
import type { ReleaseRecord } from '../../shared/src/release-layout';

export const KEEP_RELEASES = 2;
export const KEEP_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionPolicy {
  keepReleases: number;
  keepDays: number;
}

export const DEFAULT_RETENTION: RetentionPolicy = { keepReleases: KEEP_RELEASES, keepDays: KEEP_DAYS };

/**
 * The releases to keep, oldest first, from `releases` (oldest first, the last being the one going live now at `now`).
 * A release without a deployment date (never went live) that is not the last is dropped: no page can run it.
 * `current` is the release the root serves (the last, unless newer ones are staged: ./deploy.ts --stage).
 */
export function releasesToKeep(
  releases: readonly ReleaseRecord[],
  now: Date,
  policy: RetentionPolicy = DEFAULT_RETENTION,
  current: string = releases.at(-1)?.id ?? '',
): ReleaseRecord[] {
  const last = releases.length - 1;
  const currentIndex = releases.findIndex((release) => release.id === current);
  return releases.filter((release, index) => {
    // The release every visitor gets, and the staged ones after it (a canary not yet promoted), are always kept.
    if (index === last || index >= currentIndex) return true;
    if (release.deployedAt === null) return false;
    const newer = last - index;
    if (newer <= policy.keepReleases) return true;
    const replacedAt = releases.slice(index + 1).find((later) => later.deployedAt !== null)?.deployedAt ?? now.toISOString();
    return now.getTime() - Date.parse(replacedAt) < policy.keepDays * DAY_MS;
  });
}
