/**
 * Server-rendered pages hand their data to the browser as the list of gateway calls the render made, with
 * their answers ("the snapshot"). The browser replays the same store loads against those answers before it
 * hydrates, so its stores start exactly where the server's were: no second fetch, no hydration mismatch.
 * Only the read calls a public page makes are recorded; everything else goes straight to the real gateway.
 */
import type { GatewayPath, PublicReadGateway } from '../data/gateway';

/**
 * The reads a public page may make before its first render, by path ('products.getBySlug'): a subset of the public
 * read groups (`PublicReadGateway`; auth, users and writes are never recorded or replayed). The market history, the
 * movers and the search index are read in the browser, after hydration.
 */
export const SNAPSHOT_METHODS = [
  'products.getAll',
  'products.getByCategory',
  'products.getFirstPageOfCategory',
  'products.countInCategory',
  'products.getBySlug',
  'products.getUsingMaterial',
  'products.getUsingMaterialFirstView',
  'materials.getAll',
  'materials.getFirstView',
  'materials.getByNames',
  'materials.getByName',
  'market.getStats',
  'game.getDate',
  'game.getStats',
  'game.getTalents',
  // The planner's first suggestions (issue 36): the rows the page shows, not the catalogue they are ranked from.
  'plan.getSuggestions',
  // The profitability ranking's first rows (issue 36); its whole compact ranking is read in the browser when asked.
  'plan.getProfitability',
] as const satisfies readonly GatewayPath<PublicReadGateway>[];
export type SnapshotMethod = (typeof SNAPSHOT_METHODS)[number];

export interface SnapshotCall {
  /** `group.method(args as JSON)`: see callKey. */
  key: string;
  /** The answer, or the error message when the read failed (replayed as a failure). */
  value?: unknown;
  error?: string;
}

export function callKey(method: string, args: unknown[]): string {
  return `${method}(${JSON.stringify(args)})`;
}

type AnyCall = (...args: unknown[]) => Promise<unknown>;

/**
 * A gateway that answers reads through `answer(key, run)`: the server uses it to memoise and record reads,
 * the browser to replay them. Every other method is the base gateway's: an intercepted group inherits from the
 * base's group (its prototype), so whatever the group holds besides the reads is reached as before.
 */
export function interceptReads<G extends PublicReadGateway>(base: G, answer: (key: string, run: () => Promise<unknown>) => Promise<unknown>): G {
  const groups: Record<string, Record<string, AnyCall>> = {};
  for (const path of SNAPSHOT_METHODS) {
    const [group, method] = path.split('.') as [keyof PublicReadGateway, string];
    const source = base[group] as unknown as Record<string, AnyCall> | undefined;
    if (!source) continue;
    groups[group] ??= Object.create(source) as Record<string, AnyCall>;
    groups[group][method] = (...args: unknown[]) => answer(callKey(path, args), () => source[method]!(...args));
  }
  return { ...base, ...groups };
}

/** Server side: records every read a render makes (answer or failure), in call order. */
export function recordingGateway<G extends PublicReadGateway>(base: G): { gateway: G; calls: () => SnapshotCall[] } {
  const calls = new Map<string, SnapshotCall>();
  const gateway = interceptReads(base, async (key, run) => {
    try {
      const value = await run();
      calls.set(key, { key, value });
      return value;
    } catch (error) {
      calls.set(key, { key, error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  });
  return { gateway, calls: () => [...calls.values()] };
}

/**
 * Browser side: answers recorded reads from the snapshot while it is open (the replay before hydration and
 * the hydrating components' own effects), then `close()` hands every read to the real gateway, so a later
 * refresh reads the database again.
 */
export function replayingGateway<G extends PublicReadGateway>(base: G, snapshot: SnapshotCall[]): { gateway: G; close: () => void } {
  const answers = new Map(snapshot.map((call) => [call.key, call]));
  let open = true;
  const gateway = interceptReads(base, (key, run) => {
    const recorded = open ? answers.get(key) : undefined;
    if (!recorded) return run();
    return recorded.error !== undefined ? Promise.reject(new Error(recorded.error)) : Promise.resolve(recorded.value);
  });
  return { gateway, close: () => (open = false) };
}

/**
 * JSON that keeps Dates (the readers' Instant) and is safe inside an HTML <script>: '<' is escaped so that a
 * product name containing '</script>' cannot end the element.
 */
export function serializeState(value: unknown): string {
  return JSON.stringify(value, function replacer(this: Record<string, unknown>, key: string, v: unknown) {
    const raw = this[key];
    return raw instanceof Date ? { $date: Number.isNaN(raw.getTime()) ? null : raw.toISOString() } : v;
  })
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function parseState<T>(text: string): T {
  return JSON.parse(text, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 1 && '$date' in v) {
      const iso = (v as { $date: string | null }).$date;
      return iso === null ? new Date(Number.NaN) : new Date(iso);
    }
    return v;
  }) as T;
}

/** What the server puts in the page for the browser (the element id, ./page-elements.ts, and its JSON). */
export { SSR_STATE_ELEMENT_ID } from './page-elements';

export interface SsrState {
  /** The URL the server rendered (path + query). */
  url: string;
  /** The remote page module the route shows (e.g. 'publicSite/HomePage'). */
  page: string;
  snapshot: SnapshotCall[];
  /** When the server rendered (epoch ms): the clock hydration renders with (./render-clock.ts). */
  renderedAt: number;
}
