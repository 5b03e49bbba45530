/** The three web apps: build when needed, then serve their dist folders (or run their dev servers). */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startStaticServer, type StaticServer, type StaticServerOptions } from '../static-server';
import { emulatorTelemetryStore } from '../static-server/telemetry-store';
import type { RuntimeConfig } from '../../../shared/src/config/runtime-config';
import { spawnManaged, runToCompletion, type ManagedProcess } from './processes';
import type { StackPorts } from './ports';
import { waitForHttp } from './wait';

export interface AppDescriptor {
  /** npm workspace and folder name */
  workspace: 'shell' | 'public-site' | 'admin-console';
  portKey: 'shell' | 'publicSite' | 'adminConsole';
  /** The shell owns the client-side routes; remotes are loaded cross-origin by it. */
  role: 'host' | 'remote';
}

export const APPS: ReadonlyArray<AppDescriptor> = [
  { workspace: 'shell', portKey: 'shell', role: 'host' },
  { workspace: 'public-site', portKey: 'publicSite', role: 'remote' },
  { workspace: 'admin-console', portKey: 'adminConsole', role: 'remote' },
];

/** What each app's build writes for server rendering, beside its browser build (README "Pages that arrive as HTML"). */
const SERVER_BUILDS: Record<AppDescriptor['workspace'], string[]> = {
  shell: ['dist-server/render.js'],
  'public-site': ['dist/server/public-site.server.js'],
  'admin-console': [],
};

export type DistDirs = Partial<Record<AppDescriptor['workspace'], string>>;

export function distDir(repoRoot: string, app: AppDescriptor, overrides: DistDirs = {}): string {
  return overrides[app.workspace] ?? join(repoRoot, app.workspace, 'dist');
}

/**
 * The file every build of the app writes last at its site root: the shell's page; a remote's root manifest, which
 * names the release folder its entry lives in (shared/src/release-layout.ts) or, for a build from before the
 * folders, sits beside its remoteEntry.js.
 */
function builtMarker(dist: string, app: AppDescriptor): string {
  return join(dist, app.role === 'host' ? 'index.html' : 'mf-manifest.json');
}

function remoteEntryExists(dist: string): boolean {
  if (existsSync(join(dist, 'remoteEntry.js'))) return true;
  try {
    const manifest = JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8')) as { metaData?: { remoteEntry?: { path?: string; name?: string } } };
    const entry = manifest.metaData?.remoteEntry;
    return typeof entry?.name === 'string' && existsSync(join(dist, entry.path ?? '', entry.name));
  } catch {
    return false;
  }
}

export function isBuilt(repoRoot: string, app: AppDescriptor, overrides: DistDirs = {}): boolean {
  const dist = distDir(repoRoot, app, overrides);
  if (!existsSync(builtMarker(dist, app))) return false;
  // The server-render builds (npm run build -w shell / -w public-site); fixture dists (tests) have none.
  if (!overrides[app.workspace] && !SERVER_BUILDS[app.workspace].every((file) => existsSync(join(repoRoot, app.workspace, file)))) return false;
  return app.role === 'host' || remoteEntryExists(dist);
}

/** A dist older than its sources (after a `git pull`, say) would serve yesterday's site. */
export function isStale(repoRoot: string, app: AppDescriptor): boolean {
  return sourcesNewerThan(repoRoot, app, statSync(builtMarker(distDir(repoRoot, app), app)).mtimeMs);
}

/** The inputs of an app's build: its own sources and config, the shared and domain packages, the common webpack factory. */
function buildInputs(repoRoot: string, app: AppDescriptor): string[] {
  return [
    join(repoRoot, app.workspace, 'src'),
    join(repoRoot, app.workspace, 'module-federation.config.ts'),
    join(repoRoot, app.workspace, 'webpack.config.js'),
    join(repoRoot, app.workspace, 'package.json'),
    join(repoRoot, 'shared', 'src'),
    join(repoRoot, 'domain', 'src'),
    join(repoRoot, 'shared', 'federation.ts'),
    join(repoRoot, 'shared', 'index.html'),
    join(repoRoot, 'scripts', 'release'),
    join(repoRoot, 'webpack.config.base.js'),
    join(repoRoot, app.workspace, 'webpack.server.js'),
    join(repoRoot, 'webpack.server.base.js'),
    join(repoRoot, 'ssr-css-loader.js'),
  ];
}

function sourcesNewerThan(repoRoot: string, app: AppDescriptor, builtAtMs: number): boolean {
  const newer = (path: string): boolean => {
    if (!existsSync(path)) return false;
    const stats = statSync(path);
    if (!stats.isDirectory()) return stats.mtimeMs > builtAtMs && !/\.test\.tsx?$/.test(path);
    return readdirSync(path).some((entry) => newer(join(path, entry)));
  };
  return buildInputs(repoRoot, app).some(newer);
}

function npmCommand(): string {
  return process.platform === 'win32' ? 'npm.cmd' : 'npm';
}

/** Builds the apps whose dist is missing or older than its sources (all of them with `rebuild`). Returns the built workspaces. */
export async function ensureBuilt(
  repoRoot: string,
  options: { rebuild: boolean; logFile: string; onStart?: (workspaces: string[]) => void },
): Promise<string[]> {
  const toBuild = APPS.filter((app) => options.rebuild || !isBuilt(repoRoot, app) || isStale(repoRoot, app)).map((app) => app.workspace);
  if (toBuild.length === 0) return [];
  options.onStart?.(toBuild);
  await runToCompletion({
    name: 'build',
    command: npmCommand(),
    args: ['run', 'build', ...toBuild.flatMap((workspace) => ['-w', workspace])],
    cwd: repoRoot,
    logFile: options.logFile,
  });
  return toBuild;
}

/**
 * One app's static server: a remote with CORS; the shell with its server render, whose bundle is the shell
 * build's `dist-server/render.js` beside its `dist`, and the open data API (the version-skew journeys serve a
 * previous release's apps next to today's, each from its own checkout).
 */
export function serveApp(
  app: AppDescriptor,
  options: { dist: string; port: number; appConfig: unknown; serverBundle?: string },
): Promise<StaticServer> {
  return startStaticServer({
    name: app.workspace,
    root: options.dist,
    port: options.port,
    spa: app.role === 'host',
    cors: app.role === 'remote',
    appConfig: options.appConfig,
    // The shell answers public routes with server-rendered HTML, as production's render function does.
    serverRender:
      app.role === 'host'
        ? {
            bundlePath: options.serverBundle ?? join(options.dist, '..', 'dist-server', 'render.js'),
            templatePath: join(options.dist, 'index.html'),
            config: options.appConfig as RuntimeConfig,
          }
        : undefined,
    // The open data API at /api/**, as production's Hosting rewrite sends it to the openData function; its rate limit
    // is OPEN_DATA_RATE_LIMIT of the environment, as the function's.
    openData:
      app.role === 'host' ? { readsConfig: options.appConfig as RuntimeConfig, rateLimit: process.env.OPEN_DATA_RATE_LIMIT } : undefined,
    // Visitors' errors and vitals at /api/telemetry, as production's rewrite sends them to the telemetry function.
    telemetry: app.role === 'host' ? telemetryOf(options.appConfig as RuntimeConfig) : undefined,
  });
}

/** The telemetry endpoint's setup: writes to the stack's emulator; none without one. TELEMETRY_RATE_LIMIT as the function's. */
function telemetryOf(config: RuntimeConfig): StaticServerOptions['telemetry'] {
  const emulators = config.emulators;
  if (!emulators) return undefined;
  return {
    store: emulatorTelemetryStore(config.firebase.projectId, emulators.firestoreHost, emulators.firestorePort),
    rateLimit: process.env.TELEMETRY_RATE_LIMIT,
  };
}

export async function serveApps(
  repoRoot: string,
  ports: StackPorts,
  appConfig: unknown,
  overrides: DistDirs = {},
): Promise<StaticServer[]> {
  const servers: StaticServer[] = [];
  try {
    for (const app of APPS) {
      servers.push(
        await serveApp(app, {
          dist: distDir(repoRoot, app, overrides),
          port: ports[app.portKey],
          appConfig,
          serverBundle: join(repoRoot, 'shell', 'dist-server', 'render.js'),
        }),
      );
    }
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop()));
    throw error;
  }
  return servers;
}

/**
 * webpack-dev-server for each app (`npm run dev -w <app> -- --port N`). The shell's dev server serves
 * `staticDir` too, where the stack writes app-config.json.
 */
export async function startDevServers(
  repoRoot: string,
  ports: StackPorts,
  options: { logsDir: string; echo: boolean; staticDir: string; timeoutMs: number; onSpawn?: (proc: ManagedProcess) => void },
): Promise<ManagedProcess[]> {
  const processes: ManagedProcess[] = [];
  try {
    for (const app of APPS) {
      const args = ['run', 'dev', '-w', app.workspace, '--', '--port', String(ports[app.portKey])];
      // webpack.config.base.js serves SBC_DEV_STATIC_DIR (where the stack writes app-config.json) from every
      // dev server, so the shell and each remote's standalone page read the same runtime configuration.
      processes.push(
        spawnManaged({
          name: app.workspace,
          command: npmCommand(),
          args,
          cwd: repoRoot,
          logFile: join(options.logsDir, `${app.workspace}.log`),
          echo: options.echo,
          env: { ...process.env, SBC_DEV_STATIC_DIR: options.staticDir },
        }),
      );
      options.onSpawn?.(processes[processes.length - 1]);
    }
    await Promise.all(
      APPS.map((app, index) =>
        waitForHttp(`http://localhost:${ports[app.portKey]}/${app.role === 'remote' ? 'mf-manifest.json' : ''}`, {
          name: `${app.workspace} dev server (port ${ports[app.portKey]})`,
          timeoutMs: options.timeoutMs,
          isReady: (response) => response.ok,
          hint: `See ${join(options.logsDir, `${app.workspace}.log`)}`,
          abortReason: () => (processes[index].child.exitCode !== null ? `it exited:\n${processes[index].tail(15)}` : undefined),
        }),
      ),
    );
  } catch (error) {
    await Promise.all(processes.map((proc) => proc.stop(5000)));
    throw error;
  }
  return processes;
}
