/**
 * An acknowledged commit survives `kill -9`. The emulator runs as a child process (the real command line, with
 * a data dir); four writers commit in a loop and remember every commit the emulator acknowledged; the child is
 * SIGKILLed at a random moment (mid-request, mid-compaction, wherever it falls); a new child starts on the
 * same data dir. Every acknowledged write must be there, with its value, and firestore.json must parse. Several
 * rounds on the same data dir, so later rounds also start from a snapshot plus a log.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ID } from './harness';

jest.setTimeout(120_000);

const BIN = join(__dirname, '..', '..', 'bin', 'firestore-emulator.mjs');
const ROUNDS = 5;
const WRITERS = 4;
const MIN_ACKS_PER_ROUND = 20;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'firestore-kill-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Child {
  process: ChildProcess;
  url: string;
}

/** Starts the emulator on a free port and resolves with its URL once it has printed it. */
function startChild(): Promise<Child> {
  const child = spawn(process.execPath, [BIN, '--port', '0', '--data', dir, '--no-rules', '--project', PROJECT_ID], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`emulator did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ process: child, url: match[1] });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`emulator exited (${code}) before listening:\n${output}`));
    });
  });
}

function kill(child: Child): Promise<void> {
  return new Promise((resolve) => {
    if (child.process.exitCode !== null || child.process.signalCode !== null) return resolve();
    child.process.once('exit', () => resolve());
    child.process.kill('SIGKILL');
  });
}

const name = (path: string) => `projects/${PROJECT_ID}/databases/(default)/documents/${path}`;

async function commit(url: string, path: string, value: number): Promise<boolean> {
  try {
    const response = await fetch(`${url}/v1/projects/${PROJECT_ID}/databases/(default)/documents:commit`, {
      method: 'POST',
      headers: { Authorization: 'Bearer owner' },
      body: JSON.stringify({ writes: [{ update: { name: name(path), fields: { n: { integerValue: String(value) } } } }] }),
    });
    return response.ok;
  } catch {
    return false; // the connection died with the process: not acknowledged
  }
}

it(`keeps every acknowledged write across ${ROUNDS} SIGKILLs at random moments`, async () => {
  /** path → last acknowledged value. Writers use distinct paths, so the last ack per path is the truth. */
  const acknowledged = new Map<string, number>();
  let totalAcks = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const child = await startChild();
    let running = true;
    let roundAcks = 0;
    const writers = Array.from({ length: WRITERS }, async (_, w) => {
      for (let i = 0; running; i++) {
        // A few documents per writer, overwritten again and again, plus fresh ones.
        const path = i % 3 === 0 ? `kill/r${round}-w${w}-${i}` : `kill/w${w}-slot${i % 5}`;
        const value = round * 1_000_000 + i;
        if (await commit(child.url, path, value)) {
          acknowledged.set(path, value);
          totalAcks++;
          roundAcks++;
        } else return;
      }
    });
    // Kill once some writes were acknowledged (however loaded the machine is), at a random moment after that.
    while (roundAcks < MIN_ACKS_PER_ROUND) {
      if (child.process.exitCode !== null) throw new Error(`the emulator exited on its own in round ${round}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 400));
    await kill(child);
    running = false;
    await Promise.all(writers);

    const snapshot = join(dir, 'firestore.json');
    if (existsSync(snapshot)) expect(() => JSON.parse(readFileSync(snapshot, 'utf8'))).not.toThrow();

    const restarted = await startChild();
    try {
      const exported = (await (await fetch(`${restarted.url}/emulator/v1/export`)).json()) as {
        documents: Array<{ path: string; fields: { n: { integerValue: string } } }>;
      };
      const stored = new Map(exported.documents.map((d) => [d.path, Number(d.fields.n.integerValue)]));
      const lost = [...acknowledged].filter(([path, value]) => stored.get(path) !== value && !(stored.get(path)! > value));
      expect(lost).toEqual([]);
    } finally {
      await kill(restarted);
    }
  }
  expect(totalAcks).toBeGreaterThanOrEqual(ROUNDS * MIN_ACKS_PER_ROUND);
});
