/**
 * The stack after a crash, as `npm start` lives it: the stack's own process is killed with SIGKILL (so its
 * detached firebase-tools child is left on the ports), the next start finds that child by the pids the stack
 * recorded and stops it instead of failing with "ports already in use", and an account registered shortly
 * before the kill can still sign in (its users document points at an account that exists). Then a child of
 * the running stack dies: the stack stops everything else, says which one died, and frees every port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commitDocuments, signInWithPassword, signUp } from '../../src/accounts';
import { shiftPorts, type StackPorts } from '../../src/stack';
import { PIDS_FILE_NAME, type PidsRecord } from '../../src/stack/supervision';

jest.setTimeout(240_000);

// Below Linux's ephemeral range (32768–60999): a port in it can be taken at random by any outgoing connection on
// the machine (a running `npm start`, say), which made this test fail now and then with "ports already in use".
const ports: StackPorts = shiftPorts(
  { shell: 13000, publicSite: 13001, adminConsole: 13002, firestore: 18080, auth: 19099, functions: 15001, hub: 14400, logging: 14500, eventarc: 19299, tasks: 19499, smtp: 12525 },
  Number(process.env.SBC_INTEGRATION_PORT_OFFSET ?? 0),
);
const CHILD = join(__dirname, 'stack-child.mjs');

let dataDir: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'sbc-crash-'));
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  // Whatever a failed run left behind, by the recorded pids only.
  const record = readPids();
  for (const c of record?.children ?? []) {
    try {
      process.kill(-c.pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(dataDir, { recursive: true, force: true });
});

function readPids(): PidsRecord | undefined {
  const file = join(dataDir, PIDS_FILE_NAME);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PidsRecord) : undefined;
}

interface StartedChild {
  child: ChildProcess;
  urls: { firestore: string; auth: string };
  output: () => string;
  exited: Promise<number | null>;
}

function startChild(): Promise<StartedChild> {
  const child = spawn(process.execPath, [CHILD, dataDir, JSON.stringify(ports)], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /READY (\{.*\})/.exec(output);
      if (ready) resolve({ child, urls: JSON.parse(ready[1]), output: () => output, exited });
      const failed = /FAILED (.*)/.exec(output);
      if (failed) reject(new Error(`the stack did not start: ${failed[1]}\n${output}`));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
  });
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function until(what: string, test: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await test()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const account = { email: 'crash-survivor@example.com', password: 'survivor-pass-1', displayName: 'Survivor' };

it('after a SIGKILL of the stack: the next start cleans up its orphan, and a just-registered account still signs in', async () => {
  const first = await startChild();
  // What registerUser does: the account, then its users document.
  const session = await signUp(first.urls.auth, account);
  await commitDocuments(first.urls.firestore, [
    { path: `users/${session.uid}`, data: { uid: session.uid, email: account.email, displayName: account.displayName, isAdmin: false } },
  ]);
  // The stack saves the Auth accounts after a users change, without a stop.
  const accountsFile = join(dataDir, 'auth', 'auth_export', 'accounts.json');
  await until('the Auth export to hold the new account', () => existsSync(accountsFile) && readFileSync(accountsFile, 'utf8').includes(account.email));

  const firebasePid = readPids()?.children.find((c) => c.name.startsWith('firebase-tools'))?.pid;
  expect(firebasePid).toBeDefined();
  first.child.kill('SIGKILL');
  await first.exited;
  // The crash left firebase-tools running on its ports: what used to make the next start fail.
  expect(await portOpen(ports.auth)).toBe(true);

  // The orphan also dies by itself the next time it writes to the killed stack's pipe (EPIPE), which on a busy
  // machine may come before the next start looks. Either way the next start comes up on the same ports and leaves
  // no orphan; when it finds the orphan alive it says it stopped it (the stopping itself: supervision.test.ts).
  const second = await startChild();
  if (/Stopping firebase-tools/.test(second.output())) {
    expect(second.output()).toMatch(/Cleaned up after a stack that did not stop cleanly: stopped firebase-tools/);
  }
  expect(() => process.kill(firebasePid!, 0)).toThrow();
  const signedIn = await signInWithPassword(second.urls.auth, account.email, account.password);
  expect(signedIn.uid).toBe(session.uid);

  // Now one process of the running stack dies: the rest is stopped, the stack says which one.
  const secondFirebase = readPids()!.children.find((c) => c.name.startsWith('firebase-tools'))!.pid;
  process.kill(-secondFirebase, 'SIGKILL');
  expect(await second.exited).toBe(1);
  expect(second.output()).toMatch(/DIED firebase-tools \(Auth\/Functions emulators\)/);
  expect(second.output()).toMatch(/exited unexpectedly/);
  for (const port of [ports.firestore, ports.auth, ports.functions, ports.hub]) expect(await portOpen(port)).toBe(false);
  expect(readPids()).toBeUndefined();
});
