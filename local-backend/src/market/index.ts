/**
 * `npm run market:advance`, `npm start -- --market-every <s>` and the stack's `advanceMarket()`: one market period
 * of the economy in a running Firestore emulator (ours), computed by ./advance.ts.
 *
 * Reading: the emulator's export (`GET /emulator/v1/export`), which the emulator does not count: its read counters
 * measure what the site reads (journeys, `npm run size`), and the game's own reads are not the site's cost.
 * Writing: `:commit` as the admin SDK (`Bearer owner`, rules bypassed), as the game's servers write, so each write is
 * counted and fires the Firestore triggers (the search index trigger sees names unchanged and writes nothing).
 * Every update requires the document to exist, so a document deleted meanwhile fails the commit instead of coming
 * back with only the moved figures. The writes go in as few commits as Firestore's request size limit allows
 * (src/firestore/request-chunks.ts: Firestore no longer limits the number of writes of a commit), in order: the
 * game stats, which the browsers' market clock watches, are in the last commit.
 *
 * bringMarketToPresent: the economy moved in time to the present (./present.ts), written through the emulator's
 * admin import (not counted, no trigger: dates are not what the search index reads), the game stats last.
 */
import { importDocuments } from '../accounts/firestore-admin';
import { requestBodies } from '../firestore/request-chunks';
import { decodeFields, encodeFields, type RestFields } from '../firestore/values';
import { DEFAULT_SEED_OPTIONS } from '../seed';
import { PROJECT_ID } from '../static-server/app-config';
import {
  advanceMarketDocuments,
  GAME_STATS_PATH,
  MARKET_COLLECTIONS,
  type AdvanceResult,
  type AdvanceSummary,
  type MarketDocument,
  type MarketWrite,
} from './advance';
import { marketToPresent } from './present';

export {
  advanceMarketDocuments,
  advanceMaterial,
  advanceProduct,
  GAME_STATS_PATH,
  MARKET_COLLECTIONS,
  type AdvanceResult,
  type AdvanceSummary,
  type MarketWrite,
} from './advance';
export { livePresentAt, marketToPresent, type PresentResult } from './present';

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
  const restWrites = writes.map((write) => ({
    update: { name: `${root}/${write.path}`, fields: encodeFields(write.data) },
    ...(write.fields ? { updateMask: { fieldPaths: write.fields }, currentDocument: { exists: true } } : {}),
  }));
  for (const body of requestBodies('writes', restWrites)) {
    const response = await fetch(`${firestoreUrl}/v1/${root}:commit`, {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body,
    });
    if (!response.ok) throw new Error(`The market advance could not be written: HTTP ${response.status} ${await response.text()}`);
  }
}

export interface PresentSummary {
  /** How far the economy moved in time (ms); 0: it was already present. */
  shiftMs: number;
  /** Documents rewritten, and the requests that carried them. */
  documents: number;
  requests: number;
}

/**
 * The running emulator's economy brought to the present (./present.ts): its last update becomes `at`, every market
 * date moves with it, and only the documents that changed are written, the game stats last (a browser or the render
 * server that sees its new stamp sees the rest already moved).
 */
export async function bringMarketToPresent(firestoreUrl: string, at: Date): Promise<PresentSummary> {
  const { shiftMs, documents } = marketToPresent(await readMarketDocuments(firestoreUrl), at);
  const ordered = gameStatsLast(documents);
  const requests = await importDocuments(
    firestoreUrl,
    ordered.map((doc) => ({ path: doc.path, fields: encodeFields(doc.data) })),
  );
  return { shiftMs, documents: documents.length, requests };
}

/** The same documents with gameParameters/gameStats, the one the browsers' market clock watches, moved to the end. */
export function gameStatsLast<T extends { path: string }>(documents: readonly T[]): T[] {
  return [...documents.filter((doc) => doc.path !== GAME_STATS_PATH), ...documents.filter((doc) => doc.path === GAME_STATS_PATH)];
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
