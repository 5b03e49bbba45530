// The previous release's three apps, built from its commit, for the version-skew journeys: each app is deployed
// alone, so production always has a moment where a new remote runs in the old shell or the other way round.
// Built once per commit into the temporary folder (about 45 s), reused by later runs on the machine.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './stack';

const RECORD = join(__dirname, '..', 'skew', 'previous-release.json');

/** The commit the previous release was built from (e2e/skew/previous-release.json). */
export function previousReleaseCommit(): string {
  const { commit } = JSON.parse(readFileSync(RECORD, 'utf8')) as { commit: string };
  if (!/^[0-9a-f]{40}$/.test(commit)) throw new Error(`${RECORD}: "commit" must be a full 40-digit commit id`);
  return commit;
}

function git(args: string[]) {
  return spawnSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' });
}

/** The commit must be in this clone; a shallow clone gets one more try with a fetch of that commit. */
function ensureCommit(commit: string) {
  if (git(['cat-file', '-e', `${commit}^{commit}`]).status === 0) return;
  git(['fetch', '--quiet', 'origin', commit]);
  if (git(['cat-file', '-e', `${commit}^{commit}`]).status === 0) return;
  throw new Error(
    `The previous release ${commit} is not in this clone (shallow?) and could not be fetched: the version-skew journeys need the repository's history (git clone without --depth).`,
  );
}

/**
 * The checkout's node_modules, shared: third-party packages link to this repository's (the lock file is the
 * same across a release, and npm ci needs the network), while the workspace packages (@sbc/shared,
 * @sbc/domain…) link to the previous release's own folders, or the old apps would be built against today's code.
 */
function linkDependencies(dir: string) {
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '@sbc'), { recursive: true });
  for (const entry of readdirSync(join(REPO_ROOT, 'node_modules'))) {
    if (entry === '@sbc' || entry === '.cache') continue;
    symlinkSync(join(REPO_ROOT, 'node_modules', entry), join(modules, entry));
  }
  const { workspaces } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { workspaces: string[] };
  for (const workspace of workspaces) {
    const { name } = JSON.parse(readFileSync(join(dir, workspace, 'package.json'), 'utf8')) as { name: string };
    symlinkSync(join('..', '..', workspace), join(modules, name));
  }
}

/** The folder holding the previous release's built apps (`shell/dist`, `shell/dist-server`, `public-site/dist`, `admin-console/dist`). */
export function buildPreviousRelease({ log = (_message: string) => {} } = {}): { commit: string; dir: string } {
  const commit = previousReleaseCommit();
  const dir = join(tmpdir(), 'sbc-previous-release', commit);
  if (existsSync(join(dir, '.built'))) return { commit, dir };
  ensureCommit(commit);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  log(`Building the previous release ${commit.slice(0, 7)} in ${dir}…`);
  const archive = execFileSync('git', ['archive', '--format=tar', commit], { cwd: REPO_ROOT, maxBuffer: 512 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  linkDependencies(dir);
  const build = spawnSync('npm', ['run', 'build', '-w', 'shell', '-w', 'public-site', '-w', 'admin-console'], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  writeFileSync(join(dir, 'build.log'), `${build.stdout}\n${build.stderr}`);
  if (build.status !== 0) {
    throw new Error(`The previous release ${commit} did not build (log: ${join(dir, 'build.log')}):\n${`${build.stdout}\n${build.stderr}`.slice(-3000)}`);
  }
  writeFileSync(join(dir, '.built'), `${new Date().toISOString()}\n`);
  return { commit, dir };
}
