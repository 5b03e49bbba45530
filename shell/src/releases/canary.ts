/**
 * A canary (issue 35): an admin pins a remote's release for their own browser session, to try a release before it
 * becomes the default (deployed with `scripts/release/deploy.ts --stage`, promoted with `--promote`), and unpins it.
 *
 * - The pin lives in sessionStorage: this tab's session only, nobody else's browser, gone when the tab closes.
 * - It applies when the page starts (the remotes are registered at the pinned release's own manifest): a release's
 *   modules cannot be swapped inside a running page, so pinning and unpinning reload the page. A server-rendered
 *   page of another public-site release is then rendered in the browser instead of hydrated (the two would differ).
 * - Only admins are offered it (the footer's "About this version"), and a pin found in a session that is not an
 *   admin's (signed out, a player, a pin written by hand) is removed and the page reloaded (CanaryChip). What a pin
 *   loads is public anyway: a release's files are on the remote's site for whoever asks, so no other check is needed.
 */
import { action, observable } from 'mobx';
import { defaultSessionStorage, type RuntimeConfig } from '@sbc/shared';
import { CANARY_STORAGE_KEY, storedCanaryPins } from './canary-storage';
import {
  isReleaseId,
  parseReleaseHistory,
  RELEASE_HISTORY_FILE,
  releaseIdFromManifestUrl,
  releaseManifestUrl,
  rootManifestUrl,
  currentRelease,
} from '@sbc/shared/src/release-layout';

export type RemoteKey = 'publicSite' | 'adminConsole';
export type CanaryPins = Partial<Record<RemoteKey, string>>;

export { CANARY_STORAGE_KEY } from './canary-storage';
const REMOTE_KEYS: RemoteKey[] = ['publicSite', 'adminConsole'];

/** The pins this session holds; anything else in the key (corrupt JSON, a path, a script) is ignored. */
export function readCanaryPins(storage: Pick<Storage, 'getItem'> | null): CanaryPins {
  const stored = storedCanaryPins(storage);
  const pins: CanaryPins = {};
  for (const key of REMOTE_KEYS) {
    const id = stored?.[key];
    if (isReleaseId(id)) pins[key] = id;
  }
  return pins;
}

export function writeCanaryPins(storage: Pick<Storage, 'setItem' | 'removeItem'>, pins: CanaryPins): void {
  if (Object.keys(pins).length === 0) storage.removeItem(CANARY_STORAGE_KEY);
  else storage.setItem(CANARY_STORAGE_KEY, JSON.stringify(pins));
}

/** The pins this page started with (shown in the header while active). */
export const activeCanary: { pins: CanaryPins } = observable({ pins: {} });

/**
 * The runtime configuration with each pinned remote at its pinned release's manifest, and whether that replaced
 * the public-site release a server-rendered page was rendered with (then it must not be hydrated).
 */
export function applyCanaryPins(config: RuntimeConfig, pins: CanaryPins): { config: RuntimeConfig; replacesRenderedRelease: boolean } {
  const remotes = { ...config.remotes };
  let replacesRenderedRelease = false;
  for (const key of REMOTE_KEYS) {
    const id = pins[key];
    if (!id) continue;
    const rendered = releaseIdFromManifestUrl(config.remotes[key]);
    remotes[key] = releaseManifestUrl(rootManifestUrl(config.remotes[key]), id);
    if (key === 'publicSite' && rendered !== null && rendered !== id) replacesRenderedRelease = true;
  }
  setActive(pins);
  return { config: { ...config, remotes }, replacesRenderedRelease };
}

const setActive = action((pins: CanaryPins) => {
  activeCanary.pins = pins;
});

/** Pins (id) or unpins (null) a remote's release for this session, and reloads the page to run it. */
export function setCanaryPin(remote: RemoteKey, id: string | null): void {
  const storage = defaultSessionStorage();
  if (!storage) return;
  const pins = { ...readCanaryPins(storage) };
  if (id === null) delete pins[remote];
  else if (isReleaseId(id)) pins[remote] = id;
  writeCanaryPins(storage, pins);
  window.location.reload();
}

/** Removes every pin (a session that is not an admin's); true when there was one, and the page is reloading. */
export function dropCanaryPins(): boolean {
  const storage = defaultSessionStorage();
  if (!storage || Object.keys(readCanaryPins(storage)).length === 0) return false;
  writeCanaryPins(storage, {});
  window.location.reload();
  return true;
}

export interface KeptRelease {
  id: string;
  deployedAt: string | null;
  /** 'current': every visitor's; 'staged': deployed after it, not yet promoted; 'earlier': kept for open pages. */
  status: 'current' | 'staged' | 'earlier';
}

/** The releases a remote's site keeps (its release-history.json beside the root manifest), newest first. */
export async function keptReleases(manifestUrl: string, fetchImpl: typeof fetch = fetch): Promise<KeptRelease[]> {
  const response = await fetchImpl(new URL(RELEASE_HISTORY_FILE, rootManifestUrl(manifestUrl)).href, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${RELEASE_HISTORY_FILE} answered HTTP ${response.status}`);
  const parsed = parseReleaseHistory(await response.json());
  if ('problems' in parsed) throw new Error(`${RELEASE_HISTORY_FILE}: ${parsed.problems.join('; ')}`);
  const current = currentRelease(parsed.history);
  const currentIndex = parsed.history.releases.findIndex((release) => release.id === current?.id);
  return parsed.history.releases
    .map((release, index): KeptRelease => ({
      id: release.id,
      deployedAt: release.deployedAt,
      status: index === currentIndex ? 'current' : index > currentIndex ? 'staged' : 'earlier',
    }))
    .reverse();
}
