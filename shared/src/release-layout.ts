/**
 * How a release of each app lives on its Hosting site, so that an open page survives the next deploys
 * (issue 35; docs/deploying.md#releases-an-open-page-survives-deploys). One home for the layout: the build's stamp
 * (scripts/release/stamp.ts), the deploy's archive merge (scripts/release/deploy.ts), the render server and the
 * shell's remote loading all read it from here.
 *
 * - A remote's release lives whole under `releases/<id>/` (its remoteEntry.js, chunks, styles, images, Monaco
 *   workers, its own mf-manifest.json and its Node build `releases/<id>/server/public-site.server.js`): immutable paths, never
 *   overwritten by a later release. The site's root `mf-manifest.json` is the current release's manifest with its
 *   paths pointing into that folder (`pointerManifest`), so a shell of any release finds the current release there.
 * - The shell's release is its content-hashed files at the site root (they never collide) plus its pointer files
 *   (index.html, app.html, sw.js, app-config.json...), which only the current release has.
 * - Every app's site has `release-history.json`: the releases it keeps, newest last, each with its files; a deploy
 *   reads the live one, downloads the kept releases' files the new build lacks and writes the merged history.
 *
 * Pure code only (strings and JSON): it is bundled by the shell and run by the deploy scripts under Node.
 */

/** The folder of a remote's releases, at its site root. */
export const RELEASES_DIR = 'releases';
/** The file that lists an app's kept releases, at its site root. */
export const RELEASE_HISTORY_FILE = 'release-history.json';
/** The meta element of the shell's index.html that names its release (stamped at build time). */
export const SHELL_RELEASE_META = 'sbc-release';
/** The Module Federation manifest's name (at the root and in each release's folder). */
export const MANIFEST_FILE = 'mf-manifest.json';

/**
 * A release id: a path segment and a report label at once, so it is checked before it is used as either. Built as
 * `<UTC date>-<UTC time>-<commit>` (releaseIdFor); `SBC_RELEASE_ID` may name one of its own that passes this test.
 */
const RELEASE_ID = /^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/;

export function isReleaseId(value: unknown): value is string {
  return typeof value === 'string' && RELEASE_ID.test(value) && !value.includes('..');
}

/** The release id of a build made at `date` from `commit` (a short git hash, or 'local' outside git). */
export function releaseIdFor(date: Date, commit: string): string {
  const stamp = date.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, '').replace('T', '-');
  const safeCommit = commit.replace(/[^0-9a-z]/gi, '').slice(0, 12) || 'local';
  return `${stamp}-${safeCommit}`;
}

/** The folder of release `id`, relative to the site root, with its trailing slash. */
export function releasePath(id: string): string {
  if (!isReleaseId(id)) throw new Error(`Not a release id: ${JSON.stringify(id).slice(0, 80)}`);
  return `${RELEASES_DIR}/${id}/`;
}

/** The URL of release `id`'s own manifest, from the URL of the site's root manifest. */
export function releaseManifestUrl(rootManifestUrl: string, id: string): string {
  return new URL(`${releasePath(id)}${MANIFEST_FILE}`, rootManifestUrl).href;
}

/** The release a manifest URL pins (`…/releases/<id>/mf-manifest.json`), or null for a root manifest. */
export function releaseIdFromManifestUrl(url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return null;
  }
  const match = new RegExp(`/${RELEASES_DIR}/([^/]+)/${MANIFEST_FILE.replace('.', '\\.')}$`).exec(pathname);
  return match && isReleaseId(match[1]) ? match[1] : null;
}

/** The root manifest URL of the site a (root or pinned) manifest URL belongs to. */
export function rootManifestUrl(url: string): string {
  const id = releaseIdFromManifestUrl(url);
  return id ? new URL(`../../${MANIFEST_FILE}`, url).href : url;
}

/** What the stamp adds to a remote's manifests: which release it is and where its files are. */
export interface ManifestRelease {
  id: string;
  /** The release's folder relative to the manifest (empty in the release's own manifest). */
  path: string;
}

/** The release a manifest says it is (`sbcRelease`), or null for a manifest built before releases had folders. */
export function manifestRelease(manifest: unknown): ManifestRelease | null {
  const release = (manifest as { sbcRelease?: { id?: unknown; path?: unknown } } | null)?.sbcRelease;
  if (!release || !isReleaseId(release.id) || typeof release.path !== 'string') return null;
  if (release.path !== '' && release.path !== releasePath(release.id)) return null;
  return { id: release.id, path: release.path };
}

type Json = Record<string, unknown>;

const prefixAll = (files: unknown, prefix: string) => (Array.isArray(files) ? files.map((file) => (typeof file === 'string' ? `${prefix}${file}` : file)) : files);

function prefixAssets(assets: unknown, prefix: string): unknown {
  if (!assets || typeof assets !== 'object') return assets;
  const out: Json = {};
  for (const [kind, lists] of Object.entries(assets as Json)) {
    if (!lists || typeof lists !== 'object') {
      out[kind] = lists;
      continue;
    }
    out[kind] = Object.fromEntries(Object.entries(lists as Json).map(([when, files]) => [when, prefixAll(files, prefix)]));
  }
  return out;
}

/**
 * A release's own manifest, stamped: its `buildVersion` is the release id (the federation runtime hands it to the
 * shell with the remote's snapshot) and `sbcRelease` says which release it is. Its paths stay relative to itself.
 */
export function releaseManifest(manifest: Json, id: string): Json {
  const metaData = (manifest.metaData ?? {}) as Json;
  const buildInfo = (metaData.buildInfo ?? {}) as Json;
  return { ...manifest, metaData: { ...metaData, buildInfo: { ...buildInfo, buildVersion: id } }, sbcRelease: { id, path: '' } };
}

/**
 * The site's root manifest for release `id`: the release's manifest with the remote entry and every asset pointing
 * into the release's folder. The federation runtime takes the manifest's folder as the remote's public path
 * (`publicPath: "auto"`), and webpack's own runtime in remoteEntry.js takes the entry's folder: both then load the
 * release's immutable files, whichever manifest the page started from.
 */
export function pointerManifest(manifest: Json, id: string): Json {
  const prefix = releasePath(id);
  const stamped = releaseManifest(manifest, id);
  const metaData = stamped.metaData as Json;
  const remoteEntry = (metaData.remoteEntry ?? {}) as Json;
  const entryPath = typeof remoteEntry.path === 'string' && remoteEntry.path ? `${prefix}${remoteEntry.path.replace(/^\.?\//, '')}` : prefix.slice(0, -1);
  const withAssets = (items: unknown) => (Array.isArray(items) ? items.map((item: Json) => ({ ...item, assets: prefixAssets(item.assets, prefix) })) : items);
  return {
    ...stamped,
    metaData: { ...metaData, remoteEntry: { ...remoteEntry, path: entryPath } },
    shared: withAssets(stamped.shared),
    exposes: withAssets(stamped.exposes),
    sbcRelease: { id, path: prefix },
  };
}

/** One kept release of an app, as `release-history.json` lists it. */
export interface ReleaseRecord {
  id: string;
  /** When it went live (ISO 8601); null in a build that has not been deployed yet. */
  deployedAt: string | null;
  /** Its files, relative to the site root. */
  files: string[];
}

export interface ReleaseHistory {
  app: string;
  /** Oldest first. */
  releases: ReleaseRecord[];
  /**
   * The release the site's root serves (every visitor's); absent: the last. A remote's release deployed after it is
   * staged: on the site, tried by an admin who pins it for their session (a canary), not yet anyone else's.
   */
  current?: string;
}

/** The release the root serves. */
export function currentRelease(history: ReleaseHistory): ReleaseRecord | null {
  const id = history.current ?? history.releases.at(-1)?.id;
  return history.releases.find((release) => release.id === id) ?? null;
}

/** The history in a `release-history.json`, or the reasons it is not one. */
export function parseReleaseHistory(value: unknown): { history: ReleaseHistory } | { problems: string[] } {
  const problems: string[] = [];
  const history = value as Partial<ReleaseHistory> | null;
  if (!history || typeof history !== 'object') return { problems: ['not a JSON object'] };
  if (typeof history.app !== 'string') problems.push('"app" is not a string');
  if (!Array.isArray(history.releases)) return { problems: [...problems, '"releases" is not a list'] };
  history.releases.forEach((release, index) => {
    if (!isReleaseId(release?.id)) problems.push(`release ${index + 1}: "id" is not a release id`);
    if (release?.deployedAt !== null && (typeof release?.deployedAt !== 'string' || Number.isNaN(Date.parse(release.deployedAt)))) {
      problems.push(`release ${index + 1}: "deployedAt" is not a date`);
    }
    const files = release?.files;
    if (!Array.isArray(files) || files.some((file) => !isSafeSitePath(file))) problems.push(`release ${index + 1}: "files" is not a list of site paths`);
  });
  if (history.current !== undefined && !history.releases.some((release) => release?.id === history.current)) problems.push('"current" names no listed release');
  return problems.length > 0 ? { problems } : { history: history as ReleaseHistory };
}

/** A relative path inside a site: no scheme, no leading slash, no `..`, no backslash. */
export function isSafeSitePath(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length < 512 && !/^[a-z]+:|^\/|\\|(^|\/)\.\.?(\/|$)/i.test(value);
}
