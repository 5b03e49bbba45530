/**
 * `npm run reset-data`: back to the demo economy and the demo accounts. With a running stack the emulators
 * are reset in place (the site keeps running); otherwise the data dir is deleted and the next start seeds it,
 * with the seed options given here (kept in the data dir until then).
 */
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { livePresentAt } from '../market';
import type { SeedOptions } from '../seed';
import { clearState, dataPaths, isProcessAlive, markSeeded, readState, writeSeedRequest } from './data-dir';
import { loadDemoData } from './demo-data';
import { REPO_ROOT } from './stack';
import { cleanStaleStack } from './supervision';
import { isAnswering } from './wait';

export type ResetResult =
  | { mode: 'running-stack'; documents: number; accounts: string[] }
  | { mode: 'deleted-data-dir'; dataDir: string };

export async function resetData(options: { dataDir?: string; seed?: SeedOptions } = {}): Promise<ResetResult> {
  const paths = dataPaths(resolve(options.dataDir ?? join(REPO_ROOT, '.local-data')));
  const state = readState(paths);
  const running =
    state !== undefined &&
    isProcessAlive(state.pid) &&
    (await isAnswering(`${state.urls.firestore}/emulator/v1/health`)) &&
    (await isAnswering(state.urls.auth));

  if (running && state) {
    // A live market's stack shows a current economy: the restored one is brought to the present as at its start.
    const load = state.market === 'live' ? { presentAt: livePresentAt() } : {};
    const { documentCount, accounts } = await loadDemoData({ firestoreUrl: state.urls.firestore, authUrl: state.urls.auth }, options.seed, load);
    markSeeded(paths, { documents: documentCount, seed: options.seed ?? {}, accounts: accounts.map(({ email, uid }) => ({ email, uid })) });
    return { mode: 'running-stack', documents: documentCount, accounts: accounts.map((account) => account.email) };
  }

  if (state) clearState(paths);
  // What a hard-killed stack left running would otherwise keep the ports and write into the deleted folder.
  await cleanStaleStack(paths.root, (line) => console.log(line));
  rmSync(paths.root, { recursive: true, force: true });
  if (options.seed && Object.keys(options.seed).length > 0) writeSeedRequest(paths, options.seed);
  return { mode: 'deleted-data-dir', dataDir: paths.root };
}
