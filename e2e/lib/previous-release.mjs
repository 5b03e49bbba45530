// The previous release's three apps, built from its commit, for the version-skew journeys: each app is deployed
// alone, so production always has a moment where a new remote runs in the old shell or the other way round.
// Built once per commit into the temporary folder (about 45 s), reused by later runs on the machine.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const RECORD = new URL('../skew/previous-release.json', import.meta.url);

/** The commit the previous release was built from (e2e/skew/previous-release.json). */
export function previousReleaseCommit() {
  const { commit } = JSON.parse(readFileSync(RECORD, 'utf8'));
  if (!/^[0-9a-f]{40}$/.test(commit)) throw new Error(`${fileURLToPath(RECORD)}: "commit" must be a full 40-digit commit id`);
  return commit;
}

function git(args) {
  return spawnSync('git', args, { cwd: REPO, encoding: 'utf8' });
}

/** The commit must be in this clone; a shallow clone gets one more try with a fetch of that commit. */
function ensureCommit(commit) {
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
function linkDependencies(dir) {
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '@sbc'), { recursive: true });
  for (const entry of readdirSync(join(REPO, 'node_modules'))) {
    if (entry === '@sbc' || entry === '.cache') continue;
    symlinkSync(join(REPO, 'node_modules', entry), join(modules, entry));
  }
  const { workspaces } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  for (const workspace of workspaces) {
    const { name } = JSON.parse(readFileSync(join(dir, workspace, 'package.json'), 'utf8'));
    symlinkSync(join('..', '..', workspace), join(modules, name));
  }
}

/**
 * The folder holding the previous release's built apps (`shell/dist`, `shell/dist-server`, `public-site/dist`, `admin-console/dist`).
 * @param {{ log?: (message: string) => void }} [options]
 */
export function buildPreviousRelease({ log = (_message) => {} } = {}) {
  const commit = previousReleaseCommit();
  const dir = join(tmpdir(), 'sbc-previous-release', commit);
  if (existsSync(join(dir, '.built'))) return { commit, dir };
  ensureCommit(commit);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  log(`Building the previous release ${commit.slice(0, 7)} in ${dir}…`);
  const archive = execFileSync('git', ['archive', '--format=tar', commit], { cwd: REPO, maxBuffer: 512 * 1024 * 1024 });
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
