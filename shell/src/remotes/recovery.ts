/**
 * What the page says and does when a remote's code cannot be loaded (issue 35): the words tell the truth.
 *
 * - 'offline': the browser says it has no connection. The part loads again by itself when the connection is back.
 * - 'new-release': the remote's site now serves another release than the one this page runs, and the code the page
 *   asked for is gone (a release older than kept, docs/deploying.md). The page navigates to its own URL once, which
 *   loads the current release and keeps what the URL holds (the sector, the sort, the product); never twice in a
 *   row for the same URL (a guard in sessionStorage), so a broken release cannot make a reload loop.
 * - 'failed': anything else (a server error, a page that throws): "This part of the site is unavailable", Retry.
 */
import { manifestRelease } from '@sbc/shared/src/release-layout';

export type FailureKind = 'offline' | 'new-release' | 'failed';

/** webpack's ChunkLoadError (a script or stylesheet chunk that did not load), or the federation runtime's failed remote entry. */
export function isMissingCode(error: unknown): boolean {
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return typeof message === 'string' && /Loading (CSS )?chunk .* failed|RUNTIME-008|Failed to fetch dynamically imported module|error loading dynamically imported module/i.test(message);
}

export interface DiagnoseDeps {
  online: () => boolean;
  fetchImpl: typeof fetch;
  /** The remote's site root manifest, or null when unknown. */
  manifestUrl: string | null;
  /** The release this page runs of that remote, or null when unknown. */
  pageRelease: string | null;
  timeoutMs?: number;
}

/** Why a remote failed: asks the remote's site which release is current (one request, bounded in time). */
export async function diagnoseFailure(error: unknown, deps: DiagnoseDeps): Promise<FailureKind> {
  if (!deps.online()) return 'offline';
  const missing = isMissingCode(error);
  if (!deps.manifestUrl) return 'failed';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), deps.timeoutMs ?? 4000);
  try {
    const response = await deps.fetchImpl(deps.manifestUrl, { cache: 'no-store', signal: controller.signal });
    if (!response.ok) return 'failed';
    const current = manifestRelease(await response.json())?.id ?? null;
    if (current && deps.pageRelease && current !== deps.pageRelease) return 'new-release';
    // A remote from before release folders cannot say; code that is gone while its site answers means a deploy.
    if (!current && missing) return 'new-release';
    return 'failed';
  } catch {
    return deps.online() ? 'failed' : 'offline';
  } finally {
    clearTimeout(timer);
  }
}

const RELOAD_GUARD_KEY = 'sbc:new-release-reload';
/** A second reload for the same URL within this time is a loop: the page stops and says so instead. */
const RELOAD_GUARD_MS = 5 * 60 * 1000;

/**
 * Navigates to the same URL to load the current release, unless that was done for this URL moments ago (or
 * sessionStorage cannot remember it: then no automatic reload at all, the page offers the button). True when the
 * navigation started.
 */
export function reloadOnceForNewRelease(
  location: Pick<Location, 'href' | 'replace'>,
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
  now = Date.now(),
): boolean {
  if (!storage) return false;
  try {
    let last: { url?: unknown; at?: unknown } | null = null;
    try {
      last = JSON.parse(storage.getItem(RELOAD_GUARD_KEY) ?? 'null');
    } catch {
      last = null;
    }
    if (last && last.url === location.href && typeof last.at === 'number' && now - last.at < RELOAD_GUARD_MS) return false;
    storage.setItem(RELOAD_GUARD_KEY, JSON.stringify({ url: location.href, at: now }));
  } catch {
    return false;
  }
  location.replace(location.href);
  return true;
}
