/**
 * Starting firebase-tools when its Functions emulator cannot load the functions (firebase-tools goes on running and
 * serves no function): the stack says so at once instead of waiting out its timeout, and starts firebase-tools once
 * more, which is what mends it. Run against a stand-in for firebase-tools that reads the generated config's ports,
 * answers as the Auth emulator and, on the starts it is told to fail, prints firebase-tools' failure line.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FUNCTIONS_DISCOVERY_FAILED, startFirebaseEmulators, type FirebaseEmulators } from '../../src/stack/firebase-emulators';
import { DEFAULT_PORTS, shiftPorts } from '../../src/stack/ports';

/** The stand-in: starts are counted in starts.txt beside it; FAKE_FAILING_STARTS says how many fail first. */
const FAKE_FIREBASE_TOOLS = `
const { appendFileSync, readFileSync } = require('node:fs');
const { createServer } = require('node:http');
const { join } = require('node:path');
const countFile = join(__dirname, 'starts.txt');
appendFileSync(countFile, 'x');
const start = readFileSync(countFile, 'utf8').length;
const fails = start <= Number(process.env.FAKE_FAILING_STARTS);
const config = JSON.parse(readFileSync(process.argv[process.argv.indexOf('--config') + 1], 'utf8'));
const auth = createServer((req, res) => res.end('{}')).listen(config.emulators.auth.port, '127.0.0.1');
const functions = createServer((req, res) => {
  res.statusCode = fails ? 404 : 405;
  res.end();
}).listen(config.emulators.functions.port, '127.0.0.1');
console.log('i  functions: Watching for Cloud Functions...');
if (fails) setTimeout(() => console.log('!!  functions: ${FUNCTIONS_DISCOVERY_FAILED}: FirebaseError: User code failed to load.'), 300);
process.on('SIGINT', () => {
  auth.close();
  functions.close();
  process.exit(0);
});
`;

let repoRoot: string;
let dataDir: string;
let running: FirebaseEmulators | undefined;
const failingStartsBefore = process.env.FAKE_FAILING_STARTS;

beforeEach(() => {
  repoRoot = mkdtempSync(join(tmpdir(), 'sbc-fake-repo-'));
  dataDir = mkdtempSync(join(tmpdir(), 'sbc-fake-data-'));
  const bin = join(repoRoot, 'node_modules', 'firebase-tools', 'lib', 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'firebase.js'), FAKE_FIREBASE_TOOLS);
  writeFileSync(join(repoRoot, 'firebase.json'), JSON.stringify({ emulators: {}, functions: { source: 'functions' } }));
});
afterEach(async () => {
  await running?.stop();
  running = undefined;
  if (failingStartsBefore === undefined) delete process.env.FAKE_FAILING_STARTS;
  else process.env.FAKE_FAILING_STARTS = failingStartsBefore;
  rmSync(repoRoot, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

function start(failingStarts: number, log: (line: string) => void) {
  process.env.FAKE_FAILING_STARTS = String(failingStarts);
  return startFirebaseEmulators({
    repoRoot,
    // A block of its own, away from the stacks' (npm start +0, integration +150, journeys +300 and +1300).
    ports: shiftPorts(DEFAULT_PORTS, 2790),
    firestoreHost: '127.0.0.1:1',
    authDataDir: join(dataDir, 'auth'),
    workDir: join(dataDir, 'firebase-config'),
    logFile: join(dataDir, 'logs', 'firebase.log'),
    timeoutMs: 60_000,
    log,
  });
}

const starts = () => readFileSync(join(repoRoot, 'node_modules', 'firebase-tools', 'lib', 'bin', 'starts.txt'), 'utf8').length;

it('starts firebase-tools once more when its Functions emulator could not load the functions, and says why', async () => {
  const lines: string[] = [];
  running = await start(1, (line) => lines.push(line));
  expect(starts()).toBe(2);
  expect((await fetch(running.registerUrl)).status).toBe(405);
  expect(lines.join('\n')).toMatch(/The Functions emulator could not load the functions; starting firebase-tools once more\./);
  expect(lines.join('\n')).toContain(FUNCTIONS_DISCOVERY_FAILED);
});

it('fails with firebase-tools’ words, long before its timeout, when the second start cannot load them either', async () => {
  const began = Date.now();
  await expect(start(2, () => undefined)).rejects.toThrow(
    new RegExp(`Functions emulator: registerUser .* did not come up: its Functions emulator serves no function:\\n[^]*${FUNCTIONS_DISCOVERY_FAILED}`),
  );
  expect(starts()).toBe(2);
  // Two starts of the stand-in take a few seconds at most; waiting out the timeout would take 2 × 60 s.
  expect(Date.now() - began).toBeLessThan(30_000);
});

it('does not start firebase-tools again for a failure that a second start would not mend (it exited)', async () => {
  writeFileSync(join(repoRoot, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js'), `require('node:fs').appendFileSync(require('node:path').join(__dirname, 'starts.txt'), 'x'); console.log('Error: An unexpected error has occurred.'); process.exit(2);`);
  await expect(start(0, () => undefined)).rejects.toThrow(/firebase-tools exited \(2\):\nError: An unexpected error has occurred\./);
  expect(starts()).toBe(1);
});
