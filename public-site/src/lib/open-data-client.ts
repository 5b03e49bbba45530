/**
 * The public pages' reads of the recorded history and the movers go through the site's own open data API
 * (/api/v1, docs/open-data-api.md), not Firestore: a visitor downloads no Firebase for them, and every visitor of a
 * market period shares the API's one read of each document (its period cache, and the CDN's copy). Cost to a
 * visitor: 0 Firestore reads; to the site: docs/market-history.md#reading-it-back-costs-per-page-and-per-api-call,
 * once per period for all visitors.
 */
import { historyItemKey, historyWindow, type HistoryPoint, type HistoryRange, type MoverWindow, type OpenDataComponents } from '@sbc/domain';

export const OPEN_DATA_BASE = '/api/v1';

type Schemas = OpenDataComponents['schemas'];
/** A mover as the API gives it (the API's own type, generated from functions/src/open-data/openapi.json). */
export type ApiMover = Schemas['Mover'];
/** The movers of one window, as `GET /api/v1/movers` answers them in `data`. */
export type ApiMovers = Schemas['Movers'];

/**
 * One request per address per page load: what the API answers does not change within a market period, and a panel
 * mounted twice (a hydration pass, a remount) asked for the same address twice at once. A failed answer is not kept,
 * so the next ask tries again.
 */
const answers = new Map<string, Promise<unknown>>();

/** Forgets every kept answer, as a new page load does (the tests' fake API starts from it). */
export function forgetOpenDataAnswers(): void {
  answers.clear();
}

/** `variant`: a new answer for the same address (an open page following a market update asks again). */
function getJson<T>(path: string, variant = ''): Promise<T> {
  const key = `${path}${variant}`;
  let answer = answers.get(key);
  if (!answer) {
    answer = (async () => {
      // Not through the browser's HTTP cache: the API sends max-age=0 (a CDN keeps it, s-maxage), so a kept copy is
      // revalidated anyway, and a revalidated fetch was reported twice to the browser tests, one never finishing.
      const response = await fetch(`${OPEN_DATA_BASE}${path}`, { headers: { Accept: 'application/json' }, cache: 'no-store' });
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      return response.json();
    })();
    answers.set(key, answer);
    answer.catch(() => answers.delete(key));
  }
  return answer as Promise<T>;
}

/** GET /api/v1/movers?window=: the latest update's movers of one window (`variant`: see getJson). */
export async function getMovers(window: MoverWindow, variant = ''): Promise<ApiMovers> {
  return (await getJson<{ data: ApiMovers }>(`/movers?window=${window}`, variant)).data;
}

/** The items of a history read: products by slug, materials by name. */
export interface HistoryItemsQuery {
  products?: readonly string[];
  materials?: readonly string[];
}

/**
 * GET /api/v1/history: the recorded points of the products (by slug) and materials (by name) of `items` over `range`
 * ending `now`, keyed as the recording keys them (historyItemKey: `p/<slug>`, `m/<name>`).
 */
export async function getRecordedHistory(items: HistoryItemsQuery, range: HistoryRange, now: number, variant = ''): Promise<Record<string, HistoryPoint[]>> {
  const window = historyWindow(range, now);
  const query = new URLSearchParams();
  if (items.products?.length) query.set('products', items.products.join(','));
  if (items.materials?.length) query.set('materials', items.materials.join(','));
  query.set('from', new Date(window.from).toISOString());
  query.set('to', new Date(window.to).toISOString());
  query.set('interval', window.interval);
  const answer = await getJson<Schemas['HistoryList']>(
    `/history?${query}`,
    variant,
  );
  const out: Record<string, HistoryPoint[]> = {};
  for (const item of answer.data) out[historyItemKey(item.kind === 'product' ? 'p' : 'm', item.id)] = item.points.map((p) => ({ ...p, at: new Date(p.at) }));
  return out;
}
