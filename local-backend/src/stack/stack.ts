/**
 * The whole local stack: our Firestore emulator (in-process), the firebase-tools Auth + Functions emulators,
 * and the three apps (built dists behind small static servers, or webpack dev servers with `dev`).
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { loadIndexesFile, startFirestoreEmulator, type RunningFirestoreEmulator } from '../firestore';
import { advanceMarket, bringMarketToPresent, describeAdvance, GAME_STATS_PATH, livePresentAt, type AdvanceSummary } from '../market';
import { startMarketTicker } from '../market/ticker';
import { loadRulesFile, watchRulesFile, type RulesFileWatcher } from '../rules';
import { DEMO_ACCOUNTS, type DemoAccount, type SeedOptions } from '../seed';
import { buildLocalRuntimeConfig, PROJECT_ID, type StaticServer } from '../static-server';
import { APPS, ensureBuilt, isBuilt, serveApps, startDevServers, type DistDirs } from './apps';
import {
  clearSeedRequest,
  clearState,
  dataPaths,
  isSeeded,
  markSeeded,
  readSeedRequest,
  writeState,
  type DataPaths,
} from './data-dir';
import { ensureDemoAccounts, loadDemoData } from './demo-data';
import { startFirebaseEmulators, type FirebaseEmulators } from './firebase-emulators';
import { startMailCatcher } from './mail-catcher';
import { assertPortsFree, DEFAULT_PORTS, waitForPortsFree, type StackPorts } from './ports';
import { runToCompletion, type ManagedProcess } from './processes';
import { AuthExporter, cleanStaleStack, PidsFile } from './supervision';

/**
 * The repository root. This file runs as CommonJS (tsx and jest alike: the package has no "type": "module"),
 * so __dirname exists; the cwd search is a fallback for other loaders.
 */
export const REPO_ROOT = findRepoRoot(typeof __dirname === 'string' ? __dirname : process.cwd());

function findRepoRoot(start: string): string {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'firebase.json')) && existsSync(join(dir, 'local-backend'))) return dir;
    if (dirname(dir) === dir) return resolve(start, '..', '..', '..');
  }
}

export interface StackOptions {
  /** Defaults to the repository this file lives in. */
  repoRoot?: string;
  /** Overrides of the default ports (shell 3000, public-site 3001, admin-console 3002, Firestore 8080, ...). */
  ports?: Partial<StackPorts>;
  /** Default `<repo>/.local-data`. */
  dataDir?: string;
  /** Start from an empty data dir (deleted first). */
  fresh?: boolean;
  /** `true` (default): build the apps whose dist is missing; `'always'`: rebuild all; `false`: never build. */
  build?: boolean | 'always';
  /** webpack dev servers instead of the built dists; rules are reloaded on change. */
  dev?: boolean;
  /** Echo child processes' output with a prefix (otherwise it only goes to `<dataDir>/logs/`). */
  verbose?: boolean;
  /** Progress lines; default console.log. */
  log?: (line: string) => void;
  /**
   * generateDemoEconomy options, used when the demo data is loaded (first start, `fresh`); default: those
   * `reset-data` left in the data dir, else the seed's defaults.
   */
  seed?: SeedOptions;
  /** `false`: no web apps, only the emulators (integration tests). Default true. */
  apps?: boolean;
  /** Serve these folders instead of `<app>/dist` (tests use fixtures); never built. */
  distDirs?: DistDirs;
  /** Per-service start-up timeout. Default 150 s (about 20 s on an idle machine; minutes on a busy 2-core one). */
  timeoutMs?: number;
  /**
   * How the demo market moves (docs/live-market.md). `'still'`, the default here: as loaded, moved only when
   * asked (advanceMarket), so the e2e journeys and the integration tests, which call startStack, keep their figures
   * and their control of the market. `'live'`, what `npm start` passes unless `--market-still`: at start the
   * economy is brought to the present (its last update stamped with the latest half hour, its dates moved with it:
   * src/market/present.ts), then it advances at the game's pace, on each hour and half hour (src/market/ticker.ts).
   */
  market?: 'still' | 'live';
  /**
   * `npm start -- --market-every <s>`: a live market (brought to the present at start) that advances every this
   * many seconds instead (once at start too), with that pace told to the browsers in the runtime config.
   * Cannot be combined with `market: 'still'`.
   */
  marketEverySeconds?: number;
  /**
   * A process of the running stack died on its own: the stack stops everything else, then calls this with the
   * service's name and what it said last (`npm start` prints it and exits 1).
   */
  onUnexpectedExit?: (service: string, detail: string) => void;
}

export interface StackUrls {
  /** The one URL to open. */
  shell: string;
  publicSite: string;
  adminConsole: string;
  firestore: string;
  auth: string;
  functions: string;
  register: string;
  /** The mail catcher: smtp://127.0.0.1:<port>. */
  mail: string;
}

export interface RunningStack {
  urls: StackUrls;
  ports: StackPorts;
  dataDir: string;
  /** Where the mail catcher saves the alert e-mails it receives (one .eml file each; readCaughtMail). */
  mailDir: string;
  accounts: ReadonlyArray<DemoAccount>;
  /** Milliseconds per start-up phase, and `total`. */
  timings: Record<string, number>;
  firestore: RunningFirestoreEmulator;
  /**
   * One market period now (src/market): what `npm run market:advance` does, for the stack's own callers (the e2e
   * journeys advance the market on demand). The rendered pages are forgotten as soon as it lands (see onChange).
   */
  advanceMarket(options?: { seed?: number; now?: Date }): Promise<AdvanceSummary>;
  stop(): Promise<void>;
}

export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  const repoRoot = options.repoRoot ?? REPO_ROOT;
  const ports: StackPorts = { ...DEFAULT_PORTS, ...options.ports };
  const paths: DataPaths = dataPaths(resolve(options.dataDir ?? join(repoRoot, '.local-data')));
  const log = options.log ?? ((line: string) => console.log(line));
  const timeoutMs = options.timeoutMs ?? 150_000;
  const timings: Record<string, number> = {};
  const began = Date.now();
  if (options.market === 'still' && options.marketEverySeconds !== undefined) {
    throw new Error("A still market cannot also move every few seconds: choose market 'still' or marketEverySeconds.");
  }
  const marketLive = options.market === 'live' || options.marketEverySeconds !== undefined;
  const phase = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const start = Date.now();
    try {
      return await work();
    } finally {
      timings[name] = Date.now() - start;
    }
  };

  // A stack killed hard may have left its children on the ports: stop them (found by the pids it recorded)
  // before anything else, --fresh included.
  const stale = await cleanStaleStack(paths.root, log);
  if (stale.length > 0) log(`Cleaned up after a stack that did not stop cleanly: stopped ${stale.join(', ')}.`);
  if (options.fresh) rmSync(paths.root, { recursive: true, force: true });
  mkdirSync(paths.logs, { recursive: true });
  const pids = new PidsFile(paths.root);
  pids.write();
  const withApps = options.apps !== false;
  const portKeys = (Object.keys(ports) as Array<keyof StackPorts>).filter(
    (key) => withApps || !['shell', 'publicSite', 'adminConsole'].includes(key),
  );
  // The stale stack's children were just stopped: their sockets may close a moment later.
  if (stale.length > 0) await waitForPortsFree(ports, portKeys, 5_000);
  await assertPortsFree(ports, portKeys);

  // Everything started so far, stopped in reverse order on failure or on stop().
  const stoppers: Array<{ name: string; stop: () => Promise<void> }> = [];
  let stopping: Promise<void> | undefined;
  const stopAll = () =>
    (stopping ??= (async () => {
      for (const { name, stop } of stoppers.reverse()) {
        try {
          await stop();
        } catch (error) {
          log(`  could not stop ${name} cleanly: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      clearState(paths);
      pids.remove();
    })());
  /** A child that exits while the stack is not stopping takes the stack down with it, and says so. */
  const supervise = (service: string, proc: ManagedProcess, logFile: string): void => {
    void proc.exited.then((code) => {
      if (stopping) return;
      const detail = `${service} exited unexpectedly (${code}); stopping the rest of the stack.\n${proc.tail(15)}\n(full log: ${logFile})`;
      log(detail);
      void stopAll().then(() => options.onUnexpectedExit?.(service, detail));
    });
  };
  let authExporter: AuthExporter | undefined;
  // The static servers, told when the market moves (the Firestore emulator's onChange below).
  const staticServers: StaticServer[] = [];

  try {
    if (withApps && !options.dev && options.build !== false && !options.distDirs) {
      await phase('build', () =>
        ensureBuilt(repoRoot, {
          rebuild: options.build === 'always',
          logFile: join(paths.logs, 'build.log'),
          onStart: (apps) => log(`Building ${apps.join(', ')} (missing or older than their sources; log: ${join(paths.logs, 'build.log')})…`),
        }),
      );
    }
    const missing = options.dev || !withApps ? [] : APPS.filter((app) => !isBuilt(repoRoot, app, options.distDirs));
    if (missing.length > 0) {
      throw new Error(`No build of ${missing.map((app) => app.workspace).join(', ')}: run \`npm run build\` first.`);
    }

    await phase('functions build', () =>
      runToCompletion({
        name: 'functions build',
        command: process.execPath,
        args: [join(repoRoot, 'functions', 'build.mjs')],
        cwd: repoRoot,
        logFile: join(paths.logs, 'functions-build.log'),
      }),
    );

    const rulesFile = join(repoRoot, 'firestore.rules');
    const rulesWatcher: RulesFileWatcher | undefined = options.dev
      ? watchRulesFile(rulesFile, () => log('firestore.rules reloaded'), { log })
      : undefined;
    const rules = rulesWatcher ?? loadRulesFile(rulesFile);
    if (rulesWatcher) stoppers.push({ name: 'rules watcher', stop: async () => rulesWatcher?.close() });

    const firestore = await phase('firestore', () =>
      startFirestoreEmulator({
        port: ports.firestore,
        host: '127.0.0.1',
        projectId: PROJECT_ID,
        dataDir: paths.firestore,
        rules,
        // Composite indexes as production declares them: a query they do not serve fails here as it would there.
        indexes: loadIndexesFile(join(repoRoot, 'firestore.indexes.json')),
        // An account and its users document are written together (registerUser, the seed): saving the Auth
        // accounts after each users change keeps both sides of a hard kill consistent.
        onChange: (changed) => {
          if (changed.some((path) => path.startsWith('users/'))) authExporter?.request();
          // Every market update writes the game stats, last (src/market/advance.ts), as do reset-data and the seed:
          // whoever wrote it, the shell server forgets the pages it rendered from the previous figures.
          if (changed.includes(GAME_STATS_PATH)) for (const server of staticServers) server.marketChanged();
        },
      }),
    );
    stoppers.push({ name: 'Firestore emulator', stop: () => firestore.stop() });

    // The functions' e-mail provider: a local SMTP server that keeps every alert e-mail in <data dir>/mail/ and
    // relays nothing (docs/alert-webhooks.md#e-mail-alerts).
    const mailCatcher = await phase('mail catcher', () =>
      startMailCatcher({ port: ports.smtp, dir: paths.mail, onMail: (mail) => log(`Alert e-mail to ${mail.to.join(', ')} caught: ${mail.file}`) }),
    );
    stoppers.push({ name: 'mail catcher', stop: () => mailCatcher.stop() });

    log('Starting the Auth and Functions emulators (about 20 s)…');
    const firebase: FirebaseEmulators = await phase('auth+functions', () =>
      startFirebaseEmulators({
        repoRoot,
        ports,
        firestoreHost: `127.0.0.1:${ports.firestore}`,
        allowedOrigins: [`http://localhost:${ports.shell}`, `http://127.0.0.1:${ports.shell}`],
        authDataDir: paths.auth,
        workDir: paths.firebaseConfigDir,
        logFile: join(paths.logs, 'firebase.log'),
        echo: options.verbose,
        timeoutMs,
        onSpawn: (proc) => pids.add('firebase-tools (Auth/Functions emulators)', proc.child.pid),
        mailSmtpUrl: mailCatcher.url,
        log,
      }),
    );
    stoppers.push({ name: 'Auth/Functions emulators', stop: () => firebase.stop() });
    // Firestore-triggered functions (the search index) run on our emulator's writes, as with Google's pair.
    const triggers = await phase('firestore triggers', () => firestore.connectFunctions(firebase.functionsUrl));
    // Stopped before the Functions emulator: writes already acknowledged get their trigger delivered (the search
    // index would otherwise miss the last changes until they are written again), for at most 15 s.
    stoppers.push({ name: 'pending Firestore trigger deliveries', stop: () => settleTriggers(firestore, log) });
    log(`Firestore triggers: ${triggers.map((t) => `${t.functionId} (${t.document})`).join(', ') || 'none'}`);
    supervise('firebase-tools (Auth/Functions emulators)', firebase.process, join(paths.logs, 'firebase.log'));
    const exporter = new AuthExporter(`http://127.0.0.1:${ports.hub}`, paths.auth, log);
    authExporter = exporter;
    stoppers.push({ name: 'Auth export', stop: () => exporter.close() });

    const endpoints = { firestoreUrl: firestore.url, authUrl: firebase.authUrl };
    // `{}` (no seed flag on the command line) leaves a reset-data request in force.
    const seedGiven = options.seed && Object.keys(options.seed).length > 0 ? options.seed : undefined;
    // A live market's economy is loaded already brought to the present; one loaded earlier is moved below.
    let loadedNow = false;
    // The update time a live market's economy stands at once loaded or moved: the ticker advances from there.
    let marketPresentAt: Date | undefined;
    await phase('demo data', async () => {
      if (!isSeeded(paths)) {
        const seed = seedGiven ?? readSeedRequest(paths) ?? {};
        marketPresentAt = marketLive ? livePresentAt() : undefined;
        const { documentCount, accounts } = await loadDemoData(endpoints, seed, marketPresentAt ? { presentAt: marketPresentAt } : {});
        markSeeded(paths, { documents: documentCount, seed, accounts: accounts.map(({ email, uid }) => ({ email, uid })) });
        clearSeedRequest(paths);
        loadedNow = true;
        log(`Loaded the demo economy (${documentCount} documents) and ${accounts.length} demo accounts.`);
      } else {
        if (seedGiven) {
          log('The demo data is already loaded: seed options apply with --fresh or `npm run reset-data -- --seed …`.');
        }
        try {
          const recreated = await ensureDemoAccounts(endpoints);
          if (recreated.length > 0) log(`Recreated missing demo accounts: ${recreated.map((a) => a.email).join(', ')}`);
        } catch (error) {
          log(`Warning: could not check the demo accounts: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    });

    if (marketLive && !loadedNow) {
      // Data loaded on an earlier start stopped with that stack: move it to now (nothing to do if it is current).
      await phase('market to present', async () => {
        marketPresentAt = livePresentAt();
        const moved = await bringMarketToPresent(firestore.url, marketPresentAt);
        if (moved.shiftMs > 0) {
          log(`Brought the demo market to the present (it had stopped ${describeGap(moved.shiftMs)} before): ${moved.documents} documents moved in time.`);
        }
      });
    }

    const appConfig = buildLocalRuntimeConfig({
      publicSitePort: ports.publicSite,
      adminConsolePort: ports.adminConsole,
      authPort: ports.auth,
      functionsPort: ports.functions,
      firestorePort: ports.firestore,
      marketUpdateSeconds: options.marketEverySeconds,
      emailAlerts: true,
    });
    await phase('apps', async () => {
      if (!withApps) return;
      if (options.dev) {
        const staticDir = join(paths.root, 'dev-static');
        mkdirSync(staticDir, { recursive: true });
        writeFileSync(join(staticDir, 'app-config.json'), JSON.stringify(appConfig, null, 2));
        log('Starting the webpack dev servers…');
        const devServers: ManagedProcess[] = await startDevServers(repoRoot, ports, {
          logsDir: paths.logs,
          echo: !!options.verbose,
          staticDir,
          timeoutMs: options.timeoutMs ?? 120_000,
          onSpawn: (proc) => pids.add(`${proc.name} dev server`, proc.child.pid),
        });
        for (const proc of devServers) {
          stoppers.push({ name: `${proc.name} dev server`, stop: () => proc.stop(5000) });
          supervise(`${proc.name} dev server`, proc, join(paths.logs, `${proc.name}.log`));
        }
      } else {
        const servers: StaticServer[] = await serveApps(repoRoot, ports, appConfig, options.distDirs);
        staticServers.push(...servers);
        for (const server of servers) stoppers.push({ name: `static server ${server.url}`, stop: () => server.stop() });
      }
    });

    const urls: StackUrls = {
      shell: `http://localhost:${ports.shell}`,
      publicSite: `http://localhost:${ports.publicSite}`,
      adminConsole: `http://localhost:${ports.adminConsole}`,
      firestore: firestore.url,
      auth: firebase.authUrl,
      functions: firebase.functionsUrl,
      register: firebase.registerUrl,
      mail: mailCatcher.url,
    };
    writeState(paths, {
      pid: process.pid,
      startedAt: new Date().toISOString(),
      urls: { shell: urls.shell, firestore: urls.firestore, auth: urls.auth, functions: urls.functions },
      market: marketLive ? 'live' : 'still',
    });
    const advance = (advanceOptions: { seed?: number; now?: Date } = {}) => advanceMarket({ firestoreUrl: firestore.url, ...advanceOptions });
    if (marketLive) {
      const ticker = startMarketTicker({
        everySeconds: options.marketEverySeconds,
        presentAt: marketPresentAt?.getTime(),
        advance: (at) => advance(at ? { now: at } : {}),
        log,
        describe: (summary) => (options.verbose ? describeAdvance(summary as AdvanceSummary) : undefined),
      });
      // Before the emulators: an advance in progress finishes its writes first.
      stoppers.push({ name: 'market ticker', stop: () => ticker.stop() });
    }
    timings.total = Date.now() - began;

    return { urls, ports, dataDir: paths.root, mailDir: paths.mail, accounts: DEMO_ACCOUNTS, timings, firestore, advanceMarket: advance, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** '3 h', '2 days': how long a market had stopped, for the start-up line. */
function describeGap(ms: number): string {
  const hours = Math.round(ms / 3_600_000);
  if (hours < 1) return `${Math.max(1, Math.round(ms / 60_000))} min`;
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
}

const TRIGGER_SETTLE_MS = 15_000;

async function settleTriggers(firestore: { triggersIdle(): Promise<void> }, log: (message: string) => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(true), TRIGGER_SETTLE_MS);
  });
  const late = await Promise.race([firestore.triggersIdle().then(() => false), timedOut]);
  clearTimeout(timer);
  if (late) log(`  Firestore triggers still pending after ${TRIGGER_SETTLE_MS / 1000} s: stopping without them`);
}
