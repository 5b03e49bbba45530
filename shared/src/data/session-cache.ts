/**
 * Session-storage cache of the market lists (SPEC.md section 7). Keys: app.products.cache,
 * app.materials.cache, app.marketStats.cache, app.talents.cache, and one key per products sector:
 * app.products.category.<encoded category>.cache.
 *
 * Every entry is `{schema, savedAt, data}`. On read the schema version and the shape of every item are
 * checked and the items are rebuilt through the domain readers (so dates come back as Dates and defaults
 * apply): an entry that is corrupt, of an older schema or too old is removed and reported as missing,
 * never thrown. A storage that is unavailable (privacy mode, disabled cookies) or full is tolerated: the
 * cache then simply misses.
 *
 * Decision (spec silent on expiry): an entry older than 30 minutes counts as missing, because the game's
 * market updates every 30 real minutes and a tab may stay open for hours.
 */
import { CACHE_KEYS, MARKET_UPDATE_INTERVAL_MINUTES, readMarketStatRow, readMaterial, readProduct } from '@sbc/domain';
import type { MarketStatRow, Material, Product, Talent } from '@sbc/domain';

export const CACHE_SCHEMA_VERSION = 1;
export const CACHE_MAX_AGE_MS = MARKET_UPDATE_INTERVAL_MINUTES * 60 * 1000;

const PRODUCT_CATEGORY_PREFIX = 'app.products.category.';
const CACHE_SUFFIX = '.cache';

/** The domain's four keys (section 7) plus one key per products sector. */
export const SESSION_CACHE_KEYS = {
  ...CACHE_KEYS,
  productCategory: (category: string) => `${PRODUCT_CATEGORY_PREFIX}${encodeURIComponent(category)}${CACHE_SUFFIX}`,
} as const;

export interface CacheSlot<T> {
  readonly key: string;
  /** The cached value, or undefined when missing, invalid (then removed), expired or storage is unavailable. */
  read(): T | undefined;
  /** Best effort: a full or unavailable storage is logged and ignored. */
  write(value: T): void;
  clear(): void;
}

/** Rebuilds one cached item, or returns undefined when it does not have the expected shape. */
type ItemReviver<T> = (item: Record<string, unknown>) => T | undefined;

export interface SessionCacheOptions {
  now?: () => number;
  maxAgeMs?: number;
}

export class SessionCache {
  readonly products: CacheSlot<Product[]>;
  readonly materials: CacheSlot<Material[]>;
  readonly marketStats: CacheSlot<MarketStatRow[]>;
  readonly talents: CacheSlot<Talent[]>;
  private readonly now: () => number;
  private readonly maxAgeMs: number;

  constructor(
    private readonly storage: Storage | null,
    options: SessionCacheOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.maxAgeMs = options.maxAgeMs ?? CACHE_MAX_AGE_MS;
    this.products = this.listSlot(SESSION_CACHE_KEYS.products, reviveProduct);
    this.materials = this.listSlot(SESSION_CACHE_KEYS.materials, reviveMaterial);
    this.marketStats = this.listSlot(SESSION_CACHE_KEYS.marketStats, reviveStatRow);
    this.talents = this.listSlot(SESSION_CACHE_KEYS.talents, reviveTalent);
  }

  /** The products of one sector, cached on their own key. */
  productCategory(category: string): CacheSlot<Product[]> {
    return this.listSlot(SESSION_CACHE_KEYS.productCategory(category), reviveProduct);
  }

  /** Drops every per-sector products entry, including sectors not loaded by this page. */
  clearProductCategories(): void {
    if (!this.storage) return;
    try {
      const keys: string[] = [];
      for (let i = 0; i < this.storage.length; i++) {
        const key = this.storage.key(i);
        if (key?.startsWith(PRODUCT_CATEGORY_PREFIX) && key.endsWith(CACHE_SUFFIX)) keys.push(key);
      }
      for (const key of keys) this.remove(key);
    } catch (error) {
      console.warn('Session cache unavailable', error);
    }
  }

  private listSlot<T>(key: string, revive: ItemReviver<T>): CacheSlot<T[]> {
    return {
      key,
      read: () => this.readList(key, revive),
      write: (value) => this.writeEntry(key, value),
      clear: () => this.remove(key),
    };
  }

  private readList<T>(key: string, revive: ItemReviver<T>): T[] | undefined {
    if (!this.storage) return undefined;
    let text: string | null;
    try {
      text = this.storage.getItem(key);
    } catch (error) {
      console.warn(`Session cache unavailable (${key})`, error);
      return undefined;
    }
    if (text === null) return undefined;
    const items = this.validList(text, revive);
    if (items === undefined) this.remove(key);
    return items;
  }

  private validList<T>(text: string, revive: ItemReviver<T>): T[] | undefined {
    let entry: unknown;
    try {
      entry = JSON.parse(text);
    } catch {
      return undefined;
    }
    if (!isRecord(entry) || entry.schema !== CACHE_SCHEMA_VERSION) return undefined;
    if (typeof entry.savedAt !== 'number' || this.now() - entry.savedAt > this.maxAgeMs || entry.savedAt > this.now()) {
      return undefined;
    }
    if (!Array.isArray(entry.data)) return undefined;
    const items: T[] = [];
    for (const raw of entry.data) {
      const item = isRecord(raw) ? revive(raw) : undefined;
      if (item === undefined) return undefined;
      items.push(item);
    }
    return items;
  }

  private writeEntry(key: string, data: unknown): void {
    if (!this.storage) return;
    try {
      this.storage.setItem(key, JSON.stringify({ schema: CACHE_SCHEMA_VERSION, savedAt: this.now(), data }));
    } catch (error) {
      // Quota exceeded or storage disabled: drop the stale entry if we can, and carry on without caching.
      console.warn(`Session cache write failed (${key})`, error);
      this.remove(key);
    }
  }

  private remove(key: string): void {
    if (!this.storage) return;
    try {
      this.storage.removeItem(key);
    } catch {
      // Storage unavailable: nothing to remove.
    }
  }
}

export { defaultSessionStorage } from './browser-storage';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isText = (value: unknown): value is string => typeof value === 'string';

function reviveProduct(item: Record<string, unknown>): Product | undefined {
  if (!isText(item.id) || !isText(item.slug) || !isText(item.name) || !isText(item.category)) return undefined;
  if (!isRecord(item.production) || !Array.isArray(item.lastvqvalue)) return undefined;
  return readProduct(item.id, item);
}

function reviveMaterial(item: Record<string, unknown>): Material | undefined {
  if (!isText(item.name) || typeof item.value !== 'number' || typeof item.amount !== 'number') return undefined;
  return readMaterial(item.name, item);
}

function reviveStatRow(item: Record<string, unknown>): MarketStatRow | undefined {
  if (!isText(item.name) || !isText(item.category) || typeof item.total !== 'number') return undefined;
  if (item.type !== 'product' && item.type !== 'material') return undefined;
  return readMarketStatRow(item.name, item, item.type);
}

function reviveTalent(item: Record<string, unknown>): Talent | undefined {
  if (!isText(item.name) || !isText(item.type)) return undefined;
  return { name: item.name, type: item.type };
}
