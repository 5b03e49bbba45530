/**
 * The deploy step of each app's Hosting target (firebase.json predeploy; docs/deploying.md#releases-an-open-page-survives-deploys):
 * Firebase Hosting replaces a site's files on every deploy, so before uploading a new build this step reads the live
 * site's `release-history.json`, downloads the files of the releases still kept (./retention.ts) that the new build
 * lacks, and writes the merged history. The live site is the archive: no bucket, no state on the deploying machine.
 *
 *   node --import tsx scripts/release/deploy.ts <shell|public-site|admin-console> [--dist <dir>] [--live <url>] [--first-deploy]
 *
 * --live defaults to the target's site on the project being deployed (`https://<site>.web.app`, from .firebaserc and
 * the GCLOUD_PROJECT that firebase-tools sets for predeploy hooks). A live site without a history (404) is a first
 * deploy. Any other failure to read the history or a kept file stops the deploy: uploading without them would break
 * every open page of those releases. --first-deploy skips reading the live site (the site's first release).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseReleaseHistory, RELEASE_HISTORY_FILE, type ReleaseHistory, type ReleaseRecord } from '../../shared/src/release-layout';
import { releasesToKeep } from './retention';
import { APPS, type AppName } from './stamp';

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

async function readLiveHistory(live: string, app: AppName, fetchImpl: typeof fetch): Promise<ReleaseRecord[]> {
  const url = new URL(RELEASE_HISTORY_FILE, live.replace(/\/?$/, '/')).href;
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { 'Cache-Control': 'no-cache' } });
  } catch (error) {
    throw new DeployError(`cannot read ${url} (${(error as Error).message}): deploying without it would drop the releases open pages run. Retry, or pass --first-deploy for a site's first release`);
  }
  if (response.status === 404) return [];
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
  return parsed.history.releases;
}

export async function mergeLiveReleases(options: MergeOptions): Promise<MergeResult> {
  const { app, dist, now } = options;
  const fetchImpl = options.fetchImpl ?? fetch;
  const log = options.log ?? (() => {});
  const built = readBuiltHistory(app, dist);
  const earlier = options.live ? await readLiveHistory(options.live, app, fetchImpl) : [];
  if (options.live && earlier.length === 0) log(`${options.live} has no release history yet: this is the first release it keeps`);
  const all = [...earlier.filter((release) => release.id !== built.id), { ...built, deployedAt: now.toISOString() }];
  const kept = releasesToKeep(all, now);
  const dropped = all.filter((release) => !kept.includes(release)).map((release) => release.id);

  const missing = [...new Set(kept.slice(0, -1).flatMap((release) => release.files))].filter((file) => !existsSync(join(dist, file)));
  let fetchedBytes = 0;
  const queue = [...missing];
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const url = new URL(file, options.live!.replace(/\/?$/, '/')).href;
      let response: Response;
      try {
        response = await fetchImpl(url);
      } catch (error) {
        throw new DeployError(`cannot download ${url} (${(error as Error).message}) of a kept release: nothing was deployed; retry`);
      }
      if (!response.ok) throw new DeployError(`${url}, a file of a kept release, answered HTTP ${response.status}: nothing was deployed`);
      const bytes = Buffer.from(await response.arrayBuffer());
      const target = resolve(dist, file);
      if (!target.startsWith(resolve(dist))) throw new DeployError(`${file} is outside the site`);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, bytes);
      fetchedBytes += bytes.length;
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 8, Math.max(missing.length, 1)) }, worker));

  const history: ReleaseHistory = { app, releases: kept };
  writeFileSync(join(dist, RELEASE_HISTORY_FILE), `${JSON.stringify(history, null, 2)}\n`);
  log(`${app}: release ${built.id} goes live with ${kept.length - 1} earlier release(s) kept (${kept.slice(0, -1).map((r) => r.id).join(', ') || 'none'}); ${missing.length} file(s) fetched (${fetchedBytes} bytes); dropped: ${dropped.join(', ') || 'none'}`);
  return { kept, dropped, fetchedFiles: missing.length, fetchedBytes };
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
    console.error(`usage: deploy.ts <${APPS.join('|')}> [--dist <dir>] [--live <url>] [--first-deploy]`);
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
    await mergeLiveReleases({ app, dist: resolve(flag('--dist') ?? join(root, app, 'dist')), live, now: new Date(), log: console.log });
  } catch (error) {
    console.error(error instanceof DeployError ? `Deploy refused: ${error.message}` : error);
    process.exit(1);
  }
}

if (process.argv[1] && /deploy\.ts$/.test(process.argv[1])) void main();
