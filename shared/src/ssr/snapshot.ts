/**
 * Server-rendered pages hand their data to the browser as the list of gateway calls the render made, with
 * their answers ("the snapshot"). The browser replays the same store loads against those answers before it
 * hydrates, so its stores start exactly where the server's were: no second fetch, no hydration mismatch.
 * Only the read calls a public page makes are recorded; everything else goes straight to the real gateway.
 */
import type { DataGateway } from '../data/gateway';

/** The reads a public page may make (auth, users and writes are never recorded or replayed). */
export const SNAPSHOT_METHODS = [
  'getAllProducts',
  'getProductsByCategory',
  'getProductsByCategoryFirstPage',
  'countProductsByCategory',
  'getProductBySlug',
  'getProductsUsingMaterial',
  'getMaterials',
  'getMaterialsFirstView',
  'getMaterialsByName',
  'getMaterialByName',
  'getMarketStats',
  'getGameDate',
  'getGameStats',
  'getTalents',
] as const;
export type SnapshotMethod = (typeof SNAPSHOT_METHODS)[number];

export interface SnapshotCall {
  /** `method(args as JSON)`: see callKey. */
  key: string;
  /** The answer, or the error message when the read failed (replayed as a failure). */
  value?: unknown;
  error?: string;
}

export function callKey(method: string, args: unknown[]): string {
  return `${method}(${JSON.stringify(args)})`;
}

/**
 * A gateway that answers reads through `answer(key, run)`: the server uses it to memoise and record reads,
 * the browser to replay them. Every other method is the base gateway's.
 */
export function interceptReads(base: DataGateway, answer: (key: string, run: () => Promise<unknown>) => Promise<unknown>): DataGateway {
  const gateway: DataGateway = { ...base };
  for (const method of SNAPSHOT_METHODS) {
    const original = base[method] as (...args: unknown[]) => Promise<unknown>;
    (gateway as unknown as Record<string, unknown>)[method] = (...args: unknown[]) =>
      answer(callKey(method, args), () => original.apply(base, args));
  }
  return gateway;
}

/** Server side: records every read a render makes (answer or failure), in call order. */
export function recordingGateway(base: DataGateway): { gateway: DataGateway; calls: () => SnapshotCall[] } {
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
export function replayingGateway(base: DataGateway, snapshot: SnapshotCall[]): { gateway: DataGateway; close: () => void } {
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

/** What the server puts in the page for the browser (the element id and its JSON). */
export const SSR_STATE_ELEMENT_ID = 'sbc-ssr-state';

export interface SsrState {
  /** The URL the server rendered (path + query). */
  url: string;
  /** The remote page module the route shows (e.g. 'publicSite/HomePage'). */
  page: string;
  snapshot: SnapshotCall[];
  /** When the server rendered (epoch ms): the clock hydration renders with (./render-clock.ts). */
  renderedAt: number;
}
