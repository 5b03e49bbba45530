#!/usr/bin/env node
// `npm test`: every test, in the order that fails fastest and uses both cores of a small machine.
//
//   1. checks      lint (Biome, import boundaries, import circles, doc links) and both type checks: seconds, so first
//   2. in parallel unit + component tests (one jest run over every workspace), the emulator integration tests (on
//                  their own ports), and the three production builds the browser journeys need
//   3. journeys    the browser journeys (Playwright) against the built apps on the e2e stack
//
// Each job of a phase writes to its own log; a job's output is printed as one block when it ends, so parallel
// output does not interleave. A failed phase stops the run (the journeys need the builds). The time of every
// job is printed at the end: docs/testing.md says where the time goes and how it was brought down.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { stripVTControlCharacters } from 'node:util';

// Playwright's JSON report of the journeys (e2e/playwright.config.ts).
const JOURNEY_REPORT = new URL('../e2e/artifacts/report.json', import.meta.url);
const MESSAGE_LINES = 12;

const npmRun = (script, ...extra) => ({ command: 'npm', args: ['run', '--silent', script, ...(extra.length ? ['--', ...extra] : [])] });
const PHASES = [
  { name: 'checks', jobs: [{ name: 'lint', ...npmRun('lint') }, { name: 'typecheck', ...npmRun('typecheck') }], parallel: false },
  {
    name: 'tests and builds',
    parallel: true,
    jobs: [
      // A worker per core, not jest's default of one fewer: the builds and the integration tests end first, and the
      // unit tests then ran alone on one core while the other idled (docs/testing.md: this phase 245 s → 195 s).
      { name: 'unit', ...npmRun('test:unit', '--maxWorkers=100%') },
      { name: 'integration', ...npmRun('test:integration') },
      { name: 'build', ...npmRun('build') },
    ],
  },
  { name: 'journeys', jobs: [{ name: 'e2e', ...npmRun('test:e2e') }], parallel: false },
];

/** Runs one job; with `buffer`, its output is kept and printed when it ends. */
function run(job, { buffer }) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(job.command, job.args, { stdio: buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    const output = [];
    if (buffer) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      if (buffer) {
        process.stdout.write(`\n──── ${job.name} (${code === 0 ? 'passed' : 'FAILED'}, ${seconds.toFixed(0)} s) ────\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ name: job.name, ok: code === 0 && !signal, seconds });
    });
  });
}

const results = [];
const startedAll = performance.now();
rmSync(JOURNEY_REPORT, { force: true }); // a report left by an earlier run would be read as this run's
let failed = false;
for (const phase of PHASES) {
  console.log(`\n════ ${phase.name} ════`);
  const phaseStarted = performance.now();
  const outcomes = phase.parallel
    ? await Promise.all(phase.jobs.map((job) => run(job, { buffer: true })))
    : await phase.jobs.reduce(async (previous, job) => {
        const done = await previous;
        if (done.some((outcome) => !outcome.ok)) return done;
        return [...done, await run(job, { buffer: false })];
      }, Promise.resolve([]));
  results.push(...outcomes, { name: `phase: ${phase.name}`, ok: outcomes.every((o) => o.ok), seconds: (performance.now() - phaseStarted) / 1000 });
  if (outcomes.some((outcome) => !outcome.ok)) {
    failed = true;
    break;
  }
}

/**
 * Each failed journey with the first lines of its error, from the JSON report: a CI log that keeps only its last
 * lines still says what failed and why. [] when the report is missing or unreadable.
 */
function failedJourneys() {
  if (!existsSync(JOURNEY_REPORT)) return [];
  let report;
  try {
    report = JSON.parse(readFileSync(JOURNEY_REPORT, 'utf8'));
  } catch {
    return [];
  }
  const failures = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const result = (test.results ?? []).find((r) => r.status !== 'passed' && r.status !== 'skipped');
        if (!result) continue;
        const message = stripVTControlCharacters(result.error?.message ?? result.status);
        failures.push({ title: [...titles, spec.title].filter(Boolean).join(' › '), where: `e2e/${spec.file}:${spec.line}`, message });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return failures;
}

if (results.some((outcome) => outcome.name === 'e2e' && !outcome.ok)) {
  const failures = failedJourneys();
  if (failures.length > 0) console.log('\n════ failed journeys ════');
  for (const { title, where, message } of failures) {
    console.log(`\n✘ ${title}\n  ${where}`);
    for (const line of message.split('\n').slice(0, MESSAGE_LINES)) console.log(`  ${line}`);
  }
}

console.log('\n════ npm test: where the time went ════');
for (const { name, ok, seconds } of results) console.log(`${ok ? '  ok  ' : ' FAIL '} ${name.padEnd(28)} ${seconds.toFixed(0).padStart(5)} s`);
console.log(`       ${'total'.padEnd(28)} ${((performance.now() - startedAll) / 1000).toFixed(0).padStart(5)} s`);
process.exit(failed ? 1 : 0);
