/**
 * Component tests' `fetch` for /api/v1: the real open data API handler (functions/src/open-data, which the test
 * file imports and hands over: a remote's own files may not import the functions) over in-memory reads, so a page's
 * calls are answered exactly as the site's API answers them. Tests only.
 */
import { historyWrites, readHistoryPoints, type HistoryItems, type MarketMovers } from '@sbc/domain';
import { forgetOpenDataAnswers } from '../lib/open-data-client';

type Reads = {
  getMarketHistory(ids: readonly string[]): Promise<Array<{ at: string; items: Record<string, [number | null, number | null, number | null]> }>>;
  getMarketMovers(): Promise<MarketMovers | null>;
} & Record<string, unknown>;
type HandlerFactory = (options: { reads: never; log: () => void }) => {
  handle(request: { method: string; url: string; headers: Record<string, string>; client: string }): Promise<{ status: number; body: Buffer }>;
};

export interface ApiFake {
  /** The URLs asked, in order. */
  urls: string[];
  restore(): void;
}

export function fakeOpenDataFetch(createHandler: HandlerFactory, data: { history?: Record<string, unknown>; movers?: MarketMovers | null }): ApiFake {
  forgetOpenDataAnswers();
  const none = () => Promise.reject(new Error('not used by these tests'));
  const reads: Reads = {
    getAllProducts: none,
    getProductsByCategory: none,
    getProductBySlug: none,
    getMaterials: none,
    getMaterialByName: none,
    getMarketStats: none,
    getGameStats: none,
    getMarketHistory: async (ids) =>
      readHistoryPoints(ids.filter((id) => data.history?.[id]).map((id) => data.history?.[id])).map((p) => ({ at: p.at.toISOString(), items: p.items })),
    getMarketMovers: async () => data.movers ?? null,
  };
  const handler = createHandler({ reads: reads as never, log: () => {} });
  const urls: string[] = [];
  const previous = globalThis.fetch;
  globalThis.fetch = (async (input: string | URL) => {
    const url = String(input);
    urls.push(url);
    const answer = await handler.handle({ method: 'GET', url, headers: {}, client: 'test' });
    return { ok: answer.status < 400, status: answer.status, json: async () => JSON.parse(answer.body.toString('utf8')) } as Response;
  }) as typeof fetch;
  return {
    urls,
    restore: () => {
      globalThis.fetch = previous;
      forgetOpenDataAnswers();
    },
  };
}

/** The marketHistory documents (by id) the recording function stores for these updates (time, items), merged by their field masks. */
export function recordedHistoryDocuments(updates: ReadonlyArray<readonly [number, HistoryItems]>): Record<string, unknown> {
  const docs: Record<string, Record<string, unknown>> = {};
  for (const [t, items] of updates) {
    for (const w of historyWrites(items, t)) {
      const doc = docs[w.id] ?? {};
      for (const field of w.fields) {
        const [head, sub] = field.split('.');
        doc[head] = sub === undefined ? w.data[head] : { ...((doc[head] as object) ?? {}), [sub]: (w.data[head] as Record<string, unknown>)[sub] };
      }
      docs[w.id] = doc;
    }
  }
  return docs;
}
