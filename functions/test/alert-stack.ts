/**
 * The alert integration tests' steps on the integration stack (functions/test/alerts.int.test.ts for webhooks,
 * alerts-email.int.test.ts for e-mail): a test product, the market update that moves it, the emulator's admin calls,
 * and what the evaluation of one update reads.
 */
import { commitDocuments } from '../../local-backend/src/accounts/firestore-admin';

export const firestoreUrl = new URL(process.env.SBC_FIRESTORE_URL ?? 'http://127.0.0.1:8080');
const PROJECT_ID = 'demo-sbc-tycoon';

/** A product of the test's own (`id`, `slug`, `name`) at `price`, with one recorded point of everything. */
export function testProduct(slug: string, name: string, price: number): Record<string, unknown> {
  return {
    slug,
    name,
    category: 'home',
    type: 'product',
    average_market_price: price,
    pieces_on_market: 10,
    production: { cost: 1, time: 1, request_index: 1, request_index_history: [1] },
    enabled: true,
  };
}

/** The emulator's admin API (export, counters): uncounted, rules bypassed. */
export async function emulator<T>(route: string, method = 'GET'): Promise<T> {
  const response = await fetch(`${firestoreUrl.origin}/emulator/v1/${route}`, { method });
  if (!response.ok) throw new Error(`${route}: ${response.status}`);
  return (await response.json()) as T;
}

/** A market update as the game writes one: the product's new document, then gameParameters/gameStats with a new stamp. */
export async function marketUpdate(productPath: string, product: Record<string, unknown>): Promise<void> {
  await commitDocuments(firestoreUrl.origin, [{ path: productPath, data: product }]);
  // Only the stamp changes (an update mask), so the game statistics other tests read stay as they are.
  const root = `projects/${PROJECT_ID}/databases/(default)/documents`;
  const response = await fetch(`${firestoreUrl.origin}/v1/${root}:commit`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({
      writes: [{ update: { name: `${root}/gameParameters/gameStats`, fields: { lastUpdated: { timestampValue: new Date().toISOString() } } }, updateMask: { fieldPaths: ['lastUpdated'] } }],
    }),
  });
  if (!response.ok) throw new Error(`gameStats: ${response.status} ${await response.text()}`);
}

/** Reads until `ok` holds (every 200 ms), or fails naming `what` and the last value. */
export async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The product reads the emulator may count for one market update whose evaluation reads `evaluated` products (one
 * each whose alert fired). The same update also starts the history recording (functions/src/index.ts,
 * recordMarketHistoryOnUpdate), which reads the whole catalogue in one query: the counters get it or not, depending
 * on which function runs first, but never in part.
 */
export async function productReadsOfOneUpdate(evaluated: number): Promise<number[]> {
  const { documents } = await emulator<{ documents: Array<{ path: string }> }>('export');
  const catalogue = documents.filter((d) => d.path.startsWith('products/')).length;
  return [evaluated, evaluated + catalogue];
}
