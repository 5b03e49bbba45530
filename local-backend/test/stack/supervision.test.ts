/**
 * The clean-up after a crashed stack, from its recorded pids: a recorded child still running its recorded
 * command is stopped (its whole process group), a pid now used by another program is left alone, and a
 * recorded stack process that is still alive makes the start refuse instead of killing a running stack.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanStaleStack, commandOf, PIDS_FILE_NAME, type PidsRecord } from '../../src/stack/supervision';

let dir: string;
const started: ChildProcess[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sbc-supervision-'));
});
afterEach(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** A detached process that ignores nothing and lives until killed (like a firebase-tools group). */
function longLived(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' });
  started.push(child);
  return child;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));

function record(pids: Partial<PidsRecord> & { children: PidsRecord['children'] }): void {
  writeFileSync(join(dir, PIDS_FILE_NAME), JSON.stringify({ pid: 999_999_999, startedAt: 'then', ...pids }));
}

it('stops a recorded child that still runs its recorded command, and forgets the record', async () => {
  const orphan = longLived();
  await new Promise((resolve) => setTimeout(resolve, 100));
  record({ children: [{ name: 'firebase-tools', pid: orphan.pid!, command: commandOf(orphan.pid!) }] });
  const lines: string[] = [];
  expect(await cleanStaleStack(dir, (line) => lines.push(line), 2000)).toEqual(['firebase-tools']);
  await exited(orphan);
  expect(orphan.signalCode).not.toBeNull();
  expect(lines.join('\n')).toMatch(/Stopping firebase-tools \(pid \d+\), left running by a stack that did not stop cleanly/);
  expect(await cleanStaleStack(dir, () => undefined)).toEqual([]);
});

it('leaves alone a pid that now runs another command (reused)', async () => {
  const stranger = longLived();
  await new Promise((resolve) => setTimeout(resolve, 100));
  record({ children: [{ name: 'firebase-tools', pid: stranger.pid!, command: 'node firebase.js emulators:start' }] });
  expect(await cleanStaleStack(dir, () => undefined, 500)).toEqual([]);
  expect(stranger.exitCode).toBeNull();
  expect(stranger.signalCode).toBeNull();
});

it('refuses while the recorded stack process itself is alive', async () => {
  const stack = longLived();
  await new Promise((resolve) => setTimeout(resolve, 100));
  record({ pid: stack.pid!, command: commandOf(stack.pid!), children: [] });
  await expect(cleanStaleStack(dir, () => undefined)).rejects.toThrow(`A local stack is already running from ${dir} (pid ${stack.pid}`);
});
