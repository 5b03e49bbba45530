/**
 * The last step of each app's build (`npm run build -w <app>`): makes the fresh `dist/` a release
 * (shared/src/release-layout.ts, docs/deploying.md#releases-an-open-page-survives-deploys).
 *
 *   node --import tsx ../scripts/release/stamp.ts <shell|public-site|admin-console> [dist]
 *
 * - A remote: every file moves into `releases/<id>/`; that folder's mf-manifest.json is stamped with the id, the
 *   root mf-manifest.json points into the folder, and the public-site's Node build is also copied to the root
 *   `server/` for render servers of shells released before the folders (they read it beside the root manifest).
 * - The shell: its index.html names its release (`<meta name="sbc-release">`); its content-hashed files are the
 *   release's files.
 * - Both: `release-history.json` lists the new release and its files; the deploy (./deploy.ts) merges in the live
 *   site's kept releases.
 *
 * The id is `SBC_RELEASE_ID` when set (it must pass isReleaseId), else `<UTC date>-<UTC time>-<git commit>`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import {
  isReleaseId,
  MANIFEST_FILE,
  pointerManifest,
  RELEASE_HISTORY_FILE,
  RELEASES_DIR,
  releaseIdFor,
  releaseManifest,
  releasePath,
  type ReleaseHistory,
  SHELL_RELEASE_META,
} from '../../shared/src/release-layout';

export const APPS = ['shell', 'public-site', 'admin-console'] as const;
export type AppName = (typeof APPS)[number];

/** The public-site's Node build, read by the render server beside the manifest (shell/src/ssr/remote-loader.ts). */
const SERVER_BUILD = 'server/public-site.server.js';
/** webpack's `[contenthash:10]` (webpack.config.base.js). */
const CONTENT_HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/;

/** Every file under `dir`, as site paths (`releases/<id>/main.js`). */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const full = join(at, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(dir, full).split(sep).join('/'));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.sort();
}

/** Hosting does not upload source maps (firebase.json "ignore"), so no release lists them. */
const served = (file: string) => !file.endsWith('.map');

export function newReleaseId(env: NodeJS.ProcessEnv = process.env, now = new Date()): string {
  const given = env.SBC_RELEASE_ID;
  if (given !== undefined && given !== '') {
    if (!isReleaseId(given)) throw new Error(`SBC_RELEASE_ID=${JSON.stringify(given).slice(0, 80)} is not a release id (letters, digits, . _ -; at most 64)`);
    return given;
  }
  let commit = 'local';
  try {
    commit = execFileSync('git', ['rev-parse', '--short=7', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    // Not a git checkout (an archive): the date alone distinguishes releases.
  }
  return releaseIdFor(now, commit);
}

export function stampRemote(app: AppName, dist: string, id: string): ReleaseHistory {
  const folder = join(dist, RELEASES_DIR, id);
  const files = listFiles(dist).filter((file) => !file.startsWith(`${RELEASES_DIR}/`) && file !== RELEASE_HISTORY_FILE);
  if (!files.includes(MANIFEST_FILE)) throw new Error(`${dist} has no ${MANIFEST_FILE}: build the app first`);
  for (const file of files) {
    mkdirSync(dirname(join(folder, file)), { recursive: true });
    renameSync(join(dist, file), join(folder, file));
  }
  for (const name of readdirSync(dist)) {
    const full = join(dist, name);
    if (name !== RELEASES_DIR && statSync(full).isDirectory() && listFiles(full).length === 0) execFileSync('rm', ['-r', full]);
  }
  const manifest = JSON.parse(readFileSync(join(folder, MANIFEST_FILE), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(folder, MANIFEST_FILE), `${JSON.stringify(releaseManifest(manifest, id), null, 2)}\n`);
  writeFileSync(join(dist, MANIFEST_FILE), `${JSON.stringify(pointerManifest(manifest, id), null, 2)}\n`);
  writeRootServerBuild(dist, id);
  // The remote's own page (it also starts alone, without the shell) stays at the site root, loading the release's files.
  if (existsSync(join(folder, 'index.html'))) writeFileSync(join(dist, 'index.html'), standalonePageAtRoot(readFileSync(join(folder, 'index.html'), 'utf8'), id));
  const prefix = releasePath(id);
  return { app, releases: [{ id, deployedAt: null, files: files.filter(served).map((file) => `${prefix}${file}`) }] };
}

/**
 * The copy of release `id`'s Node build at the site root, for render servers of shells released before the folders:
 * they evaluate it with the site root as its base URL (shell/src/ssr/remote-loader.ts), so its first line moves that
 * base into the release's folder, where its images are.
 */
export function rootServerBuild(code: string, id: string): string {
  const base = `new URL(${JSON.stringify(releasePath(id))}, globalThis.__SBC_PUBLIC_SITE_BASE_URL__ || 'http://invalid/').href`;
  return `globalThis.__SBC_PUBLIC_SITE_BASE_URL__ = globalThis.__SBC_PUBLIC_SITE_BASE_URL__ ? ${base} : undefined;\n${code}`;
}

/** Writes the root copy of release `id`'s Node build (rootServerBuild), when the release has one. */
export function writeRootServerBuild(dist: string, id: string): void {
  const source = join(dist, releasePath(id), SERVER_BUILD);
  if (!existsSync(source)) return;
  mkdirSync(dirname(join(dist, SERVER_BUILD)), { recursive: true });
  writeFileSync(join(dist, SERVER_BUILD), rootServerBuild(readFileSync(source, 'utf8'), id));
}

/** A release's own page served from the site root: its relative `src` and `href` point into the release's folder. */
export function standalonePageAtRoot(html: string, id: string): string {
  const prefix = releasePath(id);
  return html.replace(/\b(src|href)="(?![a-z][a-z0-9+.-]*:|\/|#)([^"]+)"/gi, (_all, attribute: string, url: string) => `${attribute}="${prefix}${url}"`);
}

export function stampShell(dist: string, id: string): ReleaseHistory {
  const index = join(dist, 'index.html');
  if (!existsSync(index)) throw new Error(`${dist} has no index.html: build the shell first`);
  const html = readFileSync(index, 'utf8');
  const meta = `<meta name="${SHELL_RELEASE_META}" content="${id}">`;
  const stamped = html.includes(`name="${SHELL_RELEASE_META}"`)
    ? html.replace(new RegExp(`<meta name="${SHELL_RELEASE_META}" content="[^"]*">`), meta)
    : html.replace('</head>', `${meta}</head>`);
  writeFileSync(index, stamped);
  const files = listFiles(dist).filter((file) => served(file) && CONTENT_HASHED.test(file.split('/').pop() ?? ''));
  return { app: 'shell', releases: [{ id, deployedAt: null, files }] };
}

export function stamp(app: AppName, dist: string, id: string): ReleaseHistory {
  const history = app === 'shell' ? stampShell(dist, id) : stampRemote(app, dist, id);
  writeFileSync(join(dist, RELEASE_HISTORY_FILE), `${JSON.stringify(history, null, 2)}\n`);
  return history;
}

if (process.argv[1] && /stamp\.ts$/.test(process.argv[1])) {
  const [app, distArg] = process.argv.slice(2);
  if (!APPS.includes(app as AppName)) {
    console.error(`usage: stamp.ts <${APPS.join('|')}> [dist]`);
    process.exit(2);
  }
  const dist = distArg ?? join(process.cwd(), 'dist');
  const id = newReleaseId();
  const history = stamp(app as AppName, dist, id);
  console.log(`${app}: release ${id} (${history.releases[0].files.length} files kept by later deploys)`);
}
