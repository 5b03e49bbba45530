/**
 * Child processes of the stack. Each runs in its own process group (detached) so that stopping it also stops
 * what it spawned (the Functions emulator's runtime, webpack's workers) and a terminal Ctrl-C reaches only us:
 * we then stop the children in order (the Auth emulator must export its data before it dies).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { dirname } from 'node:path';

export interface ManagedProcessOptions {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Full output goes here. */
  logFile: string;
  /** Also echo lines to our stdout with a `[name]` prefix. */
  echo?: boolean;
  /** Signal that asks for a graceful stop (firebase-tools exports its data on SIGINT). */
  stopSignal?: NodeJS.Signals;
}

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal name) once the process has exited. */
  exited: Promise<number | string>;
  /** Last output lines, for error messages. */
  tail(lines?: number): string;
  stop(graceMs?: number): Promise<void>;
}

function signalGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

export function spawnManaged(options: ManagedProcessOptions): ManagedProcess {
  mkdirSync(dirname(options.logFile), { recursive: true });
  const log: WriteStream = createWriteStream(options.logFile, { flags: 'a' });
  log.write(`\n--- ${new Date().toISOString()} ${options.command} ${options.args.join(' ')}\n`);
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const recent: string[] = [];
  const onData = (chunk: Buffer) => {
    log.write(chunk);
    for (const line of chunk.toString('utf8').split(/\r?\n/)) {
      if (!line.trim()) continue;
      recent.push(line);
      if (recent.length > 200) recent.shift();
      if (options.echo) process.stdout.write(`[${options.name}] ${line}\n`);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);

  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      log.write(`--- exited with ${code ?? signal}\n`);
      log.end();
      resolve(code ?? signal ?? 'unknown');
    });
    child.once('error', (error) => {
      log.write(`--- failed to start: ${error.message}\n`);
      log.end();
      resolve(`error: ${error.message}`);
    });
  });
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });

  return {
    name: options.name,
    child,
    exited,
    tail: (lines = 20) => recent.slice(-lines).join('\n'),
    async stop(graceMs = 10_000) {
      const pid = child.pid;
      if (pid === undefined || hasExited) {
        if (pid !== undefined) signalGroup(pid, 'SIGKILL'); // grandchildren that outlived their parent
        return;
      }
      signalGroup(pid, options.stopSignal ?? 'SIGTERM');
      const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), graceMs).unref());
      await Promise.race([exited, timer]);
      signalGroup(pid, 'SIGKILL');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    },
  };
}

/** Runs a command to completion (e.g. a build), logging to a file; rejects with the output tail on failure. */
export async function runToCompletion(options: Omit<ManagedProcessOptions, 'stopSignal'>): Promise<void> {
  const managed = spawnManaged(options);
  const result = await managed.exited;
  if (result !== 0) {
    throw new Error(`${options.name} failed (${result}); see ${options.logFile}\n${managed.tail(30)}`);
  }
}
