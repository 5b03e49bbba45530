/**
 * `npm run market:advance`, `npm start -- --market-every <s>` and the stack's `advanceMarket()`: one market period
 * of the economy in a running Firestore emulator (ours), computed by ./advance.ts.
 *
 * Reading: the emulator's export (`GET /emulator/v1/export`), which the emulator does not count: its read counters
 * measure what the site reads (journeys, `npm run size`), and the game's own reads are not the site's cost.
 * Writing: `:commit` as the admin SDK (`Bearer owner`, rules bypassed), as the game's servers write, so each write is
 * counted and fires the Firestore triggers (the search index trigger sees names unchanged and writes nothing).
 * Every update requires the document to exist, so a document deleted meanwhile fails the commit instead of coming
 * back with only the moved figures. At most COMMIT_LIMIT writes per commit (Firestore's limit), in order: the
 * game stats, which the browsers' market clock watches, are in the last commit.
 */
import { decodeFields, encodeFields, type RestFields } from '../firestore/values';
import { DEFAULT_SEED_OPTIONS } from '../seed';
import { PROJECT_ID } from '../static-server/app-config';
import { advanceMarketDocuments, type AdvanceResult, type AdvanceSummary, type MarketDocument, type MarketWrite } from './advance';

export {
  advanceMarketDocuments,
  advanceMaterial,
  advanceProduct,
  GAME_STATS_PATH,
  type AdvanceResult,
  type AdvanceSummary,
  type MarketWrite,
} from './advance';

export interface AdvanceMarketOptions {
  /** The emulator's base URL, e.g. http://127.0.0.1:8080. */
  firestoreUrl: string;
  projectId?: string;
  /** Default 42, the demo economy's seed. */
  seed?: number;
  /** Default: the stored period + 1. */
  period?: number;
  /** The update's stamp; default the wall clock. */
  now?: Date;
}

export const COMMIT_LIMIT = 500;
const MARKET_COLLECTIONS = new Set(['products', 'materials', 'marketStats', 'marketMaterialStats', 'gameParameters']);

export async function advanceMarket(options: AdvanceMarketOptions): Promise<AdvanceSummary> {
  const { summary, writes } = await planMarketAdvance(options);
  await commitWrites(options.firestoreUrl, options.projectId ?? PROJECT_ID, writes);
  return summary;
}

/**
 * What advanceMarket would write, without writing it: with the same options (`now` included) over the same
 * documents, advanceMarket then writes exactly this (a test sets a watchlist alert the next period will cross).
 */
export async function planMarketAdvance(options: AdvanceMarketOptions): Promise<AdvanceResult> {
  const documents = await readMarketDocuments(options.firestoreUrl);
  return advanceMarketDocuments(documents, {
    seed: options.seed ?? DEFAULT_SEED_OPTIONS.seed,
    period: options.period,
    now: options.now ?? new Date(),
  });
}

/** The top-level documents of the market collections, with plain values. */
export async function readMarketDocuments(firestoreUrl: string): Promise<MarketDocument[]> {
  const response = await fetch(`${firestoreUrl}/emulator/v1/export`);
  if (!response.ok) throw new Error(`Firestore emulator export failed: HTTP ${response.status} ${await response.text()}`);
  const exported = (await response.json()) as { documents?: Array<{ path: string; fields: RestFields }> };
  return (exported.documents ?? [])
    .filter((doc) => {
      const parts = doc.path.split('/');
      return parts.length === 2 && MARKET_COLLECTIONS.has(parts[0]);
    })
    .map((doc) => ({ path: doc.path, data: decodeFields(doc.fields) }));
}

export async function commitWrites(firestoreUrl: string, projectId: string, writes: readonly MarketWrite[]): Promise<void> {
  const root = `projects/${projectId}/databases/(default)/documents`;
  for (let start = 0; start < writes.length; start += COMMIT_LIMIT) {
    const body = {
      writes: writes.slice(start, start + COMMIT_LIMIT).map((write) => ({
        update: { name: `${root}/${write.path}`, fields: encodeFields(write.data) },
        ...(write.fields ? { updateMask: { fieldPaths: write.fields }, currentDocument: { exists: true } } : {}),
      })),
    };
    const response = await fetch(`${firestoreUrl}/v1/${root}:commit`, {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`The market advance could not be written: HTTP ${response.status} ${await response.text()}`);
  }
}

/** One line for a person: 'Market period 3 (2026-11-24T10:30:00.000Z): 159 products, 44 materials, …'. */
export function describeAdvance(summary: AdvanceSummary): string {
  const value = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(summary.marketValue);
  const change =
    summary.previousMarketValue && summary.previousMarketValue > 0
      ? ` (${summary.marketValue >= summary.previousMarketValue ? '+' : ''}${(((summary.marketValue - summary.previousMarketValue) / summary.previousMarketValue) * 100).toFixed(2)} %)`
      : '';
  return `Market period ${summary.period} (${summary.lastUpdated.toISOString()}): ${summary.products} products, ${summary.materials} materials and ${summary.statRows} stat rows moved; market value ${value} SBC${change}.`;
}
