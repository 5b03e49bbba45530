/**
 * `npm run market:advance`: one market period of the running stack's economy (src/market), found like
 * `npm run reset-data` finds it (.local-data/stack.json), or of the Firestore emulator named on the command line.
 */
import { join, resolve } from 'node:path';
import { advanceMarket, type AdvanceSummary } from '../market';
import { dataPaths, isProcessAlive, readState } from './data-dir';
import { REPO_ROOT } from './stack';
import { isAnswering } from './wait';

export async function advanceRunningMarket(
  options: { dataDir?: string; firestoreUrl?: string; seed?: number; now?: Date } = {},
): Promise<AdvanceSummary> {
  let firestoreUrl = options.firestoreUrl;
  if (!firestoreUrl) {
    const state = readState(dataPaths(resolve(options.dataDir ?? join(REPO_ROOT, '.local-data'))));
    if (!state || !isProcessAlive(state.pid)) {
      throw new Error('No local stack is running: start one with `npm start` (or name an emulator with --firestore-url).');
    }
    firestoreUrl = state.urls.firestore;
  }
  if (!(await isAnswering(`${firestoreUrl}/emulator/v1/health`))) throw new Error(`The Firestore emulator at ${firestoreUrl} does not answer.`);
  return advanceMarket({ firestoreUrl, seed: options.seed, now: options.now });
}
