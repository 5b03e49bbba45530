/**
 * The deploy step of each app's Hosting target (firebase.json predeploy; docs/deploying.md#releases-an-open-page-survives-deploys):
 * Firebase Hosting replaces a site's files on every deploy, so before uploading a new build this step reads the live
 * site's `release-history.json`, downloads the files of the releases still kept (./retention.ts) that the new build
 * lacks, and writes the merged history. The live site is the archive: no bucket, no state on the deploying machine.
 *
 *   node --import tsx scripts/release/deploy.ts <shell|public-site|admin-console> [--dist <dir>] [--live <url>] [--first-deploy] [--stage]
 *   node --import tsx scripts/release/deploy.ts <public-site|admin-console> --promote <release id> [--dist <dir>] [--live <url>]
 *
 * --stage (a remote): the new release goes onto the site but the root keeps serving the live current release, so
 * only an admin who pins it for their session (a canary) runs it; --promote <id> then makes a staged (or an earlier
 * kept) release the one the root serves, from the live site's files alone (`--dist` an empty folder).
 *
 * --live defaults to the target's site on the project being deployed (`https://<site>.web.app`, from .firebaserc and
 * the GCLOUD_PROJECT that firebase-tools sets for predeploy hooks). A live site without a history (404) is a first
 * deploy. Any other failure to read the history or a kept file stops the deploy: uploading without them would break
 * every open page of those releases. --first-deploy skips reading the live site (the site's first release).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  currentRelease,
  MANIFEST_FILE,
  parseReleaseHistory,
  pointerManifest,
  RELEASE_HISTORY_FILE,
  releasePath,
  type ReleaseHistory,
  type ReleaseRecord,
} from '../../shared/src/release-layout';
import { releasesToKeep } from './retention';
import { APPS, type AppName, writeRootServerBuild } from './stamp';

export interface MergeOptions {
  app: AppName;
  dist: string;
  /** The live site's origin (and path, if any), e.g. https://x-public-site.web.app */
  live: string | null;
  now: Date;
  fetchImpl?: typeof fetch;
  log?: (line: string) => void;
  /** Downloads at once. */
  concurrency?: number;
  /** A remote's new release goes onto the site without becoming the one the root serves (a canary). */
  stage?: boolean;
}

export interface MergeResult {
  kept: ReleaseRecord[];
  dropped: string[];
  fetchedFiles: number;
  fetchedBytes: number;
}

export class DeployError extends Error {}

function readBuiltHistory(app: AppName, dist: string): ReleaseRecord {
  const file = join(dist, RELEASE_HISTORY_FILE);
  if (!existsSync(file)) throw new DeployError(`${file} is missing: build the app with \`npm run build -w ${app}\` first (its last step stamps the release)`);
  const parsed = parseReleaseHistory(JSON.parse(readFileSync(file, 'utf8')));
  if ('problems' in parsed) throw new DeployError(`${file}: ${parsed.problems.join('; ')}`);
  const mine = parsed.history.releases;
  if (parsed.history.app !== app || mine.length !== 1 || mine[0].deployedAt !== null) {
    throw new DeployError(`${file} is not a fresh ${app} build (it was deployed already, or belongs to another app): build again`);
  }
  return mine[0];
}

async function readLiveHistory(live: string, app: AppName, fetchImpl: typeof fetch): Promise<ReleaseHistory | null> {
  const url = new URL(RELEASE_HISTORY_FILE, live.replace(/\/?$/, '/')).href;
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { 'Cache-Control': 'no-cache' } });
  } catch (error) {
    throw new DeployError(`cannot read ${url} (${(error as Error).message}): deploying without it would drop the releases open pages run. Retry, or pass --first-deploy for a site's first release`);
  }
  if (response.status === 404) return null;
  if (!response.ok) throw new DeployError(`${url} answered HTTP ${response.status}: deploying without it would drop the releases open pages run`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new DeployError(`${url} is not JSON: the live site's release history is damaged; fix it by hand before deploying`);
  }
  const parsed = parseReleaseHistory(body);
  if ('problems' in parsed) throw new DeployError(`${url}: ${parsed.problems.join('; ')}`);
  if (parsed.history.app !== app) throw new DeployError(`${url} is the history of ${parsed.history.app}, not ${app}: is --live the right site?`);
  return parsed.history;
}

/** Points a remote site's root (its manifest, and the Node build older render servers read there) at release `id`. */
function pointRootAt(dist: string, id: string): void {
  const folder = join(dist, releasePath(id));
  const own = JSON.parse(readFileSync(join(folder, MANIFEST_FILE), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(dist, MANIFEST_FILE), `${JSON.stringify(pointerManifest(own, id), null, 2)}\n`);
  writeRootServerBuild(dist, id);
}

/** Downloads `files` of the live site that `dist` lacks. */
async function downloadMissing(files: string[], dist: string, live: string, fetchImpl: typeof fetch, concurrency: number): Promise<{ count: number; bytes: number }> {
  const missing = [...new Set(files)].filter((file) => !existsSync(join(dist, file)));
  let bytes = 0;
  const queue = [...missing];
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const url = new URL(file, live.replace(/\/?$/, '/')).href;
      let response: Response;
      try {
        response = await fetchImpl(url);
      } catch (error) {
        throw new DeployError(`cannot download ${url} (${(error as Error).message}) of a kept release: nothing was deployed; retry`);
      }
      if (!response.ok) throw new DeployError(`${url}, a file of a kept release, answered HTTP ${response.status}: nothing was deployed`);
      const body = Buffer.from(await response.arrayBuffer());
      const target = resolve(dist, file);
      if (!target.startsWith(resolve(dist))) throw new DeployError(`${file} is outside the site`);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, body);
      bytes += body.length;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(missing.length, 1)) }, worker));
  return { count: missing.length, bytes };
}

export async function mergeLiveReleases(options: MergeOptions): Promise<MergeResult> {
  const { app, dist, now } = options;
  const fetchImpl = options.fetchImpl ?? fetch;
  const log = options.log ?? (() => {});
  const built = readBuiltHistory(app, dist);
  if (options.stage && app === 'shell') throw new DeployError('the shell has no staged releases: every visitor loads the shell the site serves');
  const live = options.live ? await readLiveHistory(options.live, app, fetchImpl) : null;
  if (options.live && !live) log(`${options.live} has no release history yet: this is the first release it keeps`);
  const liveCurrent = live ? currentRelease(live) : null;
  if (options.stage && !liveCurrent) throw new DeployError('nothing is live to stage this release beside: deploy it without --stage first');
  const all = [...(live?.releases ?? []).filter((release) => release.id !== built.id), { ...built, deployedAt: now.toISOString() }];
  const current = options.stage ? liveCurrent!.id : built.id;
  const kept = releasesToKeep(all, now, undefined, current);
  const dropped = all.filter((release) => !kept.includes(release)).map((release) => release.id);
  const earlier = kept.filter((release) => release.id !== built.id);
  const fetched = options.live ? await downloadMissing(earlier.flatMap((release) => release.files), dist, options.live, fetchImpl, options.concurrency ?? 8) : { count: 0, bytes: 0 };
  if (options.stage) pointRootAt(dist, current);

  const history: ReleaseHistory = { app, releases: kept, ...(current !== kept.at(-1)?.id ? { current } : {}) };
  writeFileSync(join(dist, RELEASE_HISTORY_FILE), `${JSON.stringify(history, null, 2)}\n`);
  log(
    `${app}: release ${built.id} ${options.stage ? `staged beside ${current} (a canary: an admin pins it for their session)` : 'goes live'}; ` +
      `${earlier.length} earlier release(s) kept (${earlier.map((r) => r.id).join(', ') || 'none'}); ${fetched.count} file(s) fetched (${fetched.bytes} bytes); dropped: ${dropped.join(', ') || 'none'}`,
  );
  return { kept, dropped, fetchedFiles: fetched.count, fetchedBytes: fetched.bytes };
}

/**
 * Makes release `id` (staged, or an earlier one still kept) the one a remote site's root serves: the site's files are
 * the live ones (downloaded into `dist`, an empty folder), the root points at `id`. Also a rollback.
 */
export async function promoteRelease(options: { app: AppName; dist: string; live: string; id: string; now: Date; fetchImpl?: typeof fetch; log?: (line: string) => void }): Promise<MergeResult> {
  const { app, dist, id, now } = options;
  if (app === 'shell') throw new DeployError('the shell is promoted by deploying it: its release is whatever the site serves');
  const fetchImpl = options.fetchImpl ?? fetch;
  const live = await readLiveHistory(options.live, app, fetchImpl);
  if (!live?.releases.some((release) => release.id === id)) throw new DeployError(`${options.live} keeps no release ${JSON.stringify(id).slice(0, 80)}: see its ${RELEASE_HISTORY_FILE}`);
  const kept = releasesToKeep(live.releases, now, undefined, id);
  const dropped = live.releases.filter((release) => !kept.includes(release)).map((release) => release.id);
  mkdirSync(dist, { recursive: true });
  const fetched = await downloadMissing(kept.flatMap((release) => release.files), dist, options.live, fetchImpl, 8);
  pointRootAt(dist, id);
  const history: ReleaseHistory = { app, releases: kept, ...(id !== kept.at(-1)?.id ? { current: id } : {}) };
  writeFileSync(join(dist, RELEASE_HISTORY_FILE), `${JSON.stringify(history, null, 2)}\n`);
  options.log?.(`${app}: release ${id} is now the one the site serves; ${kept.length} release(s) kept; ${fetched.count} file(s) fetched; dropped: ${dropped.join(', ') || 'none'}`);
  return { kept, dropped, fetchedFiles: fetched.count, fetchedBytes: fetched.bytes };
}

/** `https://<site>.web.app` of `app`'s Hosting target on `project`, from .firebaserc. */
export function liveSiteUrl(firebaserc: unknown, project: string, app: AppName): string {
  const rc = firebaserc as { projects?: Record<string, string>; targets?: Record<string, { hosting?: Record<string, string[]> }> };
  const projectId = rc.projects?.[project] ?? project;
  const site = rc.targets?.[projectId]?.hosting?.[app]?.[0];
  if (!site) throw new DeployError(`.firebaserc maps no Hosting site to target ${app} on project ${projectId}: pass --live <url>`);
  return `https://${site}.web.app/`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const app = args[0] as AppName;
  const flag = (name: string) => {
    const at = args.indexOf(name);
    return at === -1 ? undefined : args[at + 1];
  };
  const root = join(__dirname, '..', '..');
  if (!APPS.includes(app)) {
    console.error(`usage: deploy.ts <${APPS.join('|')}> [--dist <dir>] [--live <url>] [--first-deploy] [--stage | --promote <release id>]`);
    process.exit(2);
  }
  try {
    const firstDeploy = args.includes('--first-deploy');
    const project = process.env.GCLOUD_PROJECT;
    const live = firstDeploy
      ? null
      : (flag('--live') ??
        (project ? liveSiteUrl(JSON.parse(readFileSync(join(root, '.firebaserc'), 'utf8')), project, app) : null));
    if (!firstDeploy && !live) throw new DeployError('no live site to read the kept releases from: pass --live <url> (or run under firebase deploy, which sets GCLOUD_PROJECT)');
    const dist = resolve(flag('--dist') ?? join(root, app, 'dist'));
    const promote = flag('--promote');
    if (promote !== undefined) {
      if (!live) throw new DeployError('--promote needs the live site: pass --live <url>');
      await promoteRelease({ app, dist, live, id: promote, now: new Date(), log: console.log });
    } else {
      await mergeLiveReleases({ app, dist, live, now: new Date(), log: console.log, stage: args.includes('--stage') });
    }
  } catch (error) {
    console.error(error instanceof DeployError ? `Deploy refused: ${error.message}` : error);
    process.exit(1);
  }
}

if (process.argv[1] && /deploy\.ts$/.test(process.argv[1])) void main();
