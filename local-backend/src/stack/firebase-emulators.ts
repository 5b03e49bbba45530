/**
 * The firebase-tools Auth and Functions emulators (Firestore is ours, started in-process by the stack).
 * With the default ports the repository's firebase.json is used as is; other ports (tests running beside a
 * developer's stack) get a generated config in the data dir whose functions source points back at functions/.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { PROJECT_ID, REGION } from '../static-server/app-config';
import { DEFAULT_PORTS, type StackPorts } from './ports';
import { spawnManaged, type ManagedProcess } from './processes';
import { waitForHttp } from './wait';

/** The ports of the firebase-tools processes: the stack's (ports.ts, which says what each is for). */
const FIREBASE_PORT_KEYS = ['auth', 'functions', 'hub', 'logging', 'eventarc', 'tasks'] as const;
export type FirebaseEmulatorPorts = Pick<StackPorts, (typeof FIREBASE_PORT_KEYS)[number]>;

export interface FirebaseEmulatorsOptions {
  repoRoot: string;
  ports: FirebaseEmulatorPorts;
  /** host:port of our Firestore emulator, handed to the function. */
  firestoreHost: string;
  /** Browser origins registerUser answers (its CORS allow-list): the stack's shell. */
  allowedOrigins?: string[];
  /** Auth emulator data: imported at start if present, exported on exit. */
  authDataDir: string;
  /** Where a generated firebase.json goes when the ports are not the defaults. */
  workDir: string;
  logFile: string;
  echo?: boolean;
  timeoutMs?: number;
  /** Called as soon as the process exists (the stack records its pid). */
  onSpawn?: (proc: ManagedProcess) => void;
  /** smtp://… of the stack's mail catcher: the functions' e-mail provider for alert e-mails. */
  mailSmtpUrl?: string;
  /** Where a start that is tried again says why (the stack's log). */
  log?: (line: string) => void;
}

export interface FirebaseEmulators {
  authUrl: string;
  functionsUrl: string;
  registerUrl: string;
  process: ManagedProcess;
  stop(): Promise<void>;
}

function samePorts(a: FirebaseEmulatorPorts, b: FirebaseEmulatorPorts): boolean {
  return FIREBASE_PORT_KEYS.every((key) => a[key] === b[key]);
}

function writeConfigForPorts(options: FirebaseEmulatorsOptions): string {
  const base = JSON.parse(readFileSync(join(options.repoRoot, 'firebase.json'), 'utf8'));
  mkdirSync(options.workDir, { recursive: true });
  const host = '127.0.0.1';
  const config = {
    emulators: {
      ...base.emulators,
      auth: { host, port: options.ports.auth },
      functions: { host, port: options.ports.functions },
      hub: { host, port: options.ports.hub },
      logging: { host, port: options.ports.logging },
      eventarc: { host, port: options.ports.eventarc },
      tasks: { host, port: options.ports.tasks },
    },
    // firebase-tools joins the source to the config's directory.
    functions: { ...base.functions, source: relative(options.workDir, join(options.repoRoot, 'functions')) },
  };
  const file = join(options.workDir, 'firebase.json');
  writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}

/** firebase-tools' own entry point, run with our node: no npx/shell layers between us and its signals. */
function firebaseBin(repoRoot: string): string {
  const bin = join(repoRoot, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
  if (!existsSync(bin)) throw new Error(`firebase-tools is not installed (${bin} missing): run npm install at the repository root`);
  return bin;
}

export function firebaseEmulatorArgs(options: FirebaseEmulatorsOptions): string[] {
  const args = [firebaseBin(options.repoRoot), 'emulators:start', '--only', 'auth,functions', '--project', PROJECT_ID];
  // The repository's firebase.json is written for the default stack's ports.
  if (!samePorts(options.ports, DEFAULT_PORTS)) args.push('--config', writeConfigForPorts(options));
  // --import fails on a directory that has no export yet (first start).
  if (existsSync(join(options.authDataDir, 'firebase-export-metadata.json'))) args.push('--import', options.authDataDir);
  args.push('--export-on-exit', options.authDataDir);
  return args;
}

/**
 * What firebase-tools prints when it could not learn the functions' names (its discovery timed out or the code failed
 * to load). It then goes on serving no function, so the stack would wait out its whole timeout for registerUser.
 */
export const FUNCTIONS_DISCOVERY_FAILED = 'Failed to load function definition from source';

/** firebase-tools started, but its Functions emulator serves no function (FUNCTIONS_DISCOVERY_FAILED). */
class FunctionsDiscoveryFailed extends Error {}

/**
 * Starts firebase-tools, once more if its Functions emulator could not load the functions: firebase-tools' own
 * maintainers know this as an intermittent failure that a second start mends (firebase/firebase-tools#6285, #8313).
 * A second failure is the stack's error, with firebase-tools' words.
 */
export async function startFirebaseEmulators(options: FirebaseEmulatorsOptions): Promise<FirebaseEmulators> {
  try {
    return await startFirebaseEmulatorsOnce(options);
  } catch (error) {
    if (!(error instanceof FunctionsDiscoveryFailed)) throw error;
    options.log?.(`The Functions emulator could not load the functions; starting firebase-tools once more.\n${error.message}`);
    return startFirebaseEmulatorsOnce(options);
  }
}

async function startFirebaseEmulatorsOnce(options: FirebaseEmulatorsOptions): Promise<FirebaseEmulators> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    METADATA_SERVER_DETECTION: 'none',
    FIRESTORE_EMULATOR_HOST: options.firestoreHost,
    // functions/.env.local (port 8080) overrides the inherited FIRESTORE_EMULATOR_HOST inside the
    // Functions emulator; the function prefers this one.
    SBC_FIRESTORE_EMULATOR_HOST: options.firestoreHost,
    REGISTER_ALLOWED_ORIGINS: (options.allowedOrigins ?? []).join(','),
    // The shell's origins may report to the telemetry function too (the stack's own path is its static server's).
    TELEMETRY_ALLOWED_ORIGINS: (options.allowedOrigins ?? []).join(','),
    // Alert webhooks (functions/src/alerts/config.ts): the local stack's and the tests' receivers listen on
    // http://127.0.0.1, which the function allows only under the Functions emulator and with this setting; retries and
    // time limits at a local pace (waits of 50, 200 and 800 ms, 1.5 s an attempt). An inherited value wins.
    ALERT_HOOKS_EMULATOR_ALLOW_LOOPBACK_HTTP: 'true',
    ALERT_HOOKS_BACKOFF_SCALE: process.env.ALERT_HOOKS_BACKOFF_SCALE ?? '0.05',
    ALERT_HOOKS_TIMEOUT_MS: process.env.ALERT_HOOKS_TIMEOUT_MS ?? '1500',
    // E-mail alerts (docs/alert-webhooks.md#e-mail-alerts): sent to the stack's mail catcher, which keeps them and
    // relays nothing. An inherited value wins.
    ...(options.mailSmtpUrl
      ? { ALERT_EMAIL_SMTP_URL: process.env.ALERT_EMAIL_SMTP_URL ?? options.mailSmtpUrl, ALERT_EMAIL_FROM: process.env.ALERT_EMAIL_FROM ?? 'SBC Tycoon <alerts@sbc-tycoon.test>' }
      : {}),
    // firebase-tools gives the functions' code 30 s to load (its discovery); on a busy 2-core machine (two test
    // stacks, builds and a browser beside them) loading took longer, the functions never came up and the stack
    // gave up. The stack's own start-up timeout is the limit that matters; an inherited value wins.
    FUNCTIONS_DISCOVERY_TIMEOUT: process.env.FUNCTIONS_DISCOVERY_TIMEOUT ?? '120',
    // How firebase-tools learns the functions' names (discovery): by default it runs their code as a server on a
    // random port of 8000–8999 that it checked free a moment before, and asks it. Two instances starting together (the
    // browser tests' two stacks) once got the same port: one discovery server failed with EADDRINUSE, that instance
    // served no function, and its stack waited out its whole timeout (a CI run of 2026-11-28). 'true' makes the code
    // write its manifest to a file in TMPDIR (below, private to this instance) and exit: no port. An inherited value wins.
    FIREBASE_FUNCTIONS_DISCOVERY_OUTPUT_PATH: process.env.FIREBASE_FUNCTIONS_DISCOVERY_OUTPUT_PATH ?? 'true',
  };
  delete env.FIREBASE_AUTH_EMULATOR_HOST;
  // firebase-tools finds "the" hub of a project through os.tmpdir()/hub-<project>.json, so a second instance
  // (tests beside a running stack) would export the other one's accounts. A private TMPDIR per instance keeps
  // them apart (short, because the Functions emulator puts a unix socket there).
  const privateTmp = mkdtempSync(join(tmpdir(), 'sbc-fb-'));
  env.TMPDIR = privateTmp;
  // firebase-tools also reads and writes one settings file per user (~/.config/configstore/firebase-tools.json,
  // e.g. after its failed look for news on the network); two instances starting together (the browser tests' two
  // stacks) raced on it and one exited with "An unexpected error has occurred". A settings folder of its own.
  env.XDG_CONFIG_HOME = join(privateTmp, 'config');
  const proc = spawnManaged({
    name: 'firebase',
    command: process.execPath,
    args: firebaseEmulatorArgs(options),
    // firebase-tools writes its debug log (firebase-debug.log) into its working folder: the stack's logs folder, so
    // two instances (the browser tests' two stacks) do not share and overwrite one file in the repository, and a
    // failure's details stay beside firebase.log. It finds everything else from --config.
    cwd: dirname(options.logFile),
    env,
    logFile: options.logFile,
    echo: options.echo,
    stopSignal: 'SIGINT',
  });
  options.onSpawn?.(proc);

  let exitCode: number | string | undefined;
  void proc.exited.then((code) => {
    exitCode = code;
  });
  let discoveryFailed = false;
  const abortReason = () => {
    if (exitCode !== undefined) return `firebase-tools exited (${exitCode}):\n${proc.tail(15)}\n(full log: ${options.logFile})`;
    if (!proc.tail(200).includes(FUNCTIONS_DISCOVERY_FAILED)) return undefined;
    discoveryFailed = true;
    return `its Functions emulator serves no function:\n${proc.tail(15)}\n(full log: ${options.logFile})`;
  };

  const authUrl = `http://127.0.0.1:${options.ports.auth}`;
  const functionsUrl = `http://127.0.0.1:${options.ports.functions}`;
  const registerUrl = `${functionsUrl}/${PROJECT_ID}/${REGION}/registerUser`;
  const timeoutMs = options.timeoutMs ?? 90_000;
  const hint = `See ${options.logFile}`;
  try {
    await waitForHttp(authUrl, { name: `Auth emulator (port ${options.ports.auth})`, timeoutMs, abortReason, hint });
    // The function answers GET with its own 405 once loaded; this also warms its runtime.
    await waitForHttp(registerUrl, {
      name: `Functions emulator: registerUser (port ${options.ports.functions})`,
      timeoutMs,
      abortReason,
      hint,
      isReady: (response) => response.status === 405,
    });
  } catch (error) {
    await proc.stop(5000);
    rmSync(privateTmp, { recursive: true, force: true });
    if (discoveryFailed) throw new FunctionsDiscoveryFailed(error instanceof Error ? error.message : String(error));
    throw error;
  }

  return {
    authUrl,
    functionsUrl,
    registerUrl,
    process: proc,
    // Export on exit can take a few seconds with many accounts.
    stop: async () => {
      await proc.stop(30_000);
      rmSync(privateTmp, { recursive: true, force: true });
    },
  };
}
