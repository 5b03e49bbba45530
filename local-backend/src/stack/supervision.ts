/**
 * What keeps a crashed stack from leaving a mess behind.
 *
 * - The stack records its own pid and its children's (process groups) in `<dataDir>/stack-pids.json` as soon
 *   as each starts, and deletes the file on a clean stop.
 * - On the next start, a leftover file means the previous stack did not stop cleanly (its process was killed
 *   hard, so its detached children may still hold the ports). If that stack's process is still alive, the new
 *   start refuses with its pid; otherwise each recorded child still alive AND still running the recorded
 *   command (a pid may have been reused) gets SIGINT (firebase-tools then exports its Auth accounts), up to
 *   30 s, then SIGKILL for its whole group. Only then are the ports checked.
 * - The Auth accounts are exported through the firebase-tools hub (`POST /_admin/export`) shortly after every
 *   change of a `users` document (registration, the seed, reset-data): the account and its users document are
 *   written together, so after a hard kill the export holds the accounts the users documents point at (see
 *   AuthExporter).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isProcessAlive } from './data-dir';

export const PIDS_FILE_NAME = 'stack-pids.json';

export interface RecordedProcess {
  name: string;
  pid: number;
  /** /proc/<pid>/cmdline when recorded (NUL-separated args joined with spaces), to recognise the process. */
  command?: string;
}

export interface PidsRecord {
  pid: number;
  command?: string;
  startedAt: string;
  children: RecordedProcess[];
}

/** The command line of a live process (Linux /proc), or undefined where /proc is not available. */
export function commandOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return undefined;
  }
}

/** Alive and, where the command can be read, still the process that was recorded. */
function isSameProcess(recorded: { pid: number; command?: string }): boolean {
  if (!isProcessAlive(recorded.pid)) return false;
  const now = commandOf(recorded.pid);
  return now === undefined || recorded.command === undefined || now === recorded.command;
}

export class PidsFile {
  readonly file: string;
  private record: PidsRecord;

  constructor(root: string) {
    mkdirSync(root, { recursive: true });
    this.file = join(root, PIDS_FILE_NAME);
    this.record = { pid: process.pid, command: commandOf(process.pid), startedAt: new Date().toISOString(), children: [] };
  }

  static read(root: string): PidsRecord | undefined {
    const file = join(root, PIDS_FILE_NAME);
    if (!existsSync(file)) return undefined;
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as PidsRecord;
    } catch {
      return undefined;
    }
  }

  add(name: string, pid: number | undefined): void {
    if (pid === undefined) return;
    this.record.children.push({ name, pid, command: commandOf(pid) });
    writeFileSync(this.file, JSON.stringify(this.record, null, 2));
  }

  write(): void {
    writeFileSync(this.file, JSON.stringify(this.record, null, 2));
  }

  remove(): void {
    rmSync(this.file, { force: true });
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isProcessAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isProcessAlive(pid);
}

/**
 * Cleans up what a stack killed hard left running from this data dir. Throws if that stack is still alive.
 * Returns the names of the processes stopped (empty when there was nothing to do).
 */
export async function cleanStaleStack(root: string, log: (line: string) => void, graceMs = 30_000): Promise<string[]> {
  const record = PidsFile.read(root);
  if (!record) return [];
  if (record.pid !== process.pid && isSameProcess(record)) {
    throw new Error(
      `A local stack is already running from ${root} (pid ${record.pid}, started ${record.startedAt}). ` +
        `Stop it first (Ctrl-C in its terminal, or kill ${record.pid}).`,
    );
  }
  const stopped: string[] = [];
  for (const child of record.children) {
    if (!isSameProcess(child)) continue;
    log(`Stopping ${child.name} (pid ${child.pid}), left running by a stack that did not stop cleanly (pid ${record.pid})…`);
    // SIGINT first: firebase-tools exports the Auth accounts before it exits.
    signalGroup(child.pid, 'SIGINT');
    if (!(await waitForExit(child.pid, graceMs))) signalGroup(child.pid, 'SIGKILL');
    signalGroup(child.pid, 'SIGKILL'); // grandchildren that outlived it
    await waitForExit(child.pid, 2000);
    stopped.push(child.name);
  }
  rmSync(join(root, PIDS_FILE_NAME), { force: true });
  return stopped;
}

/**
 * Exports the Auth emulator's accounts into `path` through the firebase-tools hub, at most one export at a
 * time, `delayMs` after the last request (a registration writes the account, then its users document).
 * Failures are logged, never thrown.
 */
export class AuthExporter {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private closed = false;

  constructor(
    private readonly hubUrl: string,
    private readonly path: string,
    private readonly log: (line: string) => void,
    private readonly delayMs = 300,
  ) {}

  request(): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, this.delayMs);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      try {
        const response = await fetch(`${this.hubUrl}/_admin/export`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ path: this.path, initiatedBy: 'sbc-local-stack', targets: ['auth'] }),
          signal: AbortSignal.timeout(30_000),
        });
        if (!response.ok) this.log(`Warning: could not save the Auth accounts (hub export answered ${response.status}: ${await response.text()})`);
      } catch (error) {
        if (!this.closed) this.log(`Warning: could not save the Auth accounts: ${error instanceof Error ? error.message : String(error)}`);
      }
    })();
    await this.running;
    this.running = undefined;
    if (this.again && !this.closed) {
      this.again = false;
      await this.run();
    }
  }

  /** Waits for an export under way; a pending one is run now. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
      await this.run();
    }
    await this.running;
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.closed = true;
    await this.running;
  }
}
