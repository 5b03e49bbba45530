/** The layout of the local data directory (`.local-data/` by default, gitignored). */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SeedOptions } from '../seed';

export interface DataPaths {
  root: string;
  /** Our Firestore emulator's state (firestore.json). */
  firestore: string;
  /** The Auth emulator's export (imported at start, exported on exit). */
  auth: string;
  logs: string;
  /** Present once the demo economy and the demo accounts have been loaded. */
  seededMarker: string;
  /** Written while a stack runs: its pid and URLs, read by reset-data. */
  stateFile: string;
  /** Generated firebase.json for non-default ports. */
  firebaseConfigDir: string;
  /** Seed options `reset-data --seed …` left for the next start when no stack was running. */
  seedRequest: string;
  /** The alert e-mails the mail catcher received, one .eml file each (./mail-catcher.ts). */
  mail: string;
}

export function dataPaths(root: string): DataPaths {
  return {
    root,
    firestore: join(root, 'firestore'),
    auth: join(root, 'auth'),
    logs: join(root, 'logs'),
    seededMarker: join(root, 'seeded'),
    stateFile: join(root, 'stack.json'),
    firebaseConfigDir: join(root, 'firebase-config'),
    seedRequest: join(root, 'seed-request.json'),
    mail: join(root, 'mail'),
  };
}

export interface RunningStackState {
  pid: number;
  startedAt: string;
  urls: { shell: string; firestore: string; auth: string; functions: string };
  /** The stack's market (StackOptions.market): reset-data brings a live market's new economy to the present too. */
  market?: 'live' | 'still';
}

export function writeState(paths: DataPaths, state: RunningStackState): void {
  mkdirSync(paths.root, { recursive: true });
  writeFileSync(paths.stateFile, JSON.stringify(state, null, 2));
}

export function readState(paths: DataPaths): RunningStackState | undefined {
  if (!existsSync(paths.stateFile)) return undefined;
  try {
    return JSON.parse(readFileSync(paths.stateFile, 'utf8')) as RunningStackState;
  } catch {
    return undefined;
  }
}

export function clearState(paths: DataPaths): void {
  rmSync(paths.stateFile, { force: true });
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function isSeeded(paths: DataPaths): boolean {
  return existsSync(paths.seededMarker);
}

export function markSeeded(paths: DataPaths, details: Record<string, unknown>): void {
  mkdirSync(paths.root, { recursive: true });
  writeFileSync(paths.seededMarker, JSON.stringify({ seededAt: new Date().toISOString(), ...details }, null, 2));
}

export function writeSeedRequest(paths: DataPaths, seed: SeedOptions): void {
  mkdirSync(paths.root, { recursive: true });
  writeFileSync(paths.seedRequest, JSON.stringify(seed, null, 2));
}

/** The seed options left by reset-data, or undefined; an unreadable file is ignored (defaults apply). */
export function readSeedRequest(paths: DataPaths): SeedOptions | undefined {
  if (!existsSync(paths.seedRequest)) return undefined;
  try {
    const { now, ...rest } = JSON.parse(readFileSync(paths.seedRequest, 'utf8')) as SeedOptions & { now?: string };
    return { ...rest, ...(now ? { now: new Date(now) } : {}) };
  } catch {
    return undefined;
  }
}

export function clearSeedRequest(paths: DataPaths): void {
  rmSync(paths.seedRequest, { force: true });
}
