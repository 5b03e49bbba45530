/** Assembles the whole demo economy from one seeded PRNG, collection by collection. */
import { buildCatalogIndex } from '@sbc/domain';
import { gameDate, gameStats } from './game-parameters';
import { generateMaterials } from './materials';
import { generateProducts } from './products';
import { createRng } from './prng';
import { marketValue, materialStatRows, productStatRows } from './stats';
import { talentDocuments } from './talents';

export interface SeedDocument {
  /** 'collection/documentId'. */
  path: string;
  data: Record<string, unknown>;
}

export interface DemoEconomy {
  documents: SeedDocument[];
}

export interface SeedOptions {
  seed?: number;
  products?: number;
  materials?: number;
  now?: Date;
}

/** `now` is fixed (not the wall clock) so that the same options always give the same dataset. */
export const DEFAULT_SEED_OPTIONS: Readonly<Required<SeedOptions>> = Object.freeze({
  seed: 42,
  products: 160,
  materials: 44,
  now: new Date('2025-06-01T09:00:00.000Z'),
});

/** Below these sizes the edge-case records and one material per family would not fit. */
export const SEED_LIMITS = Object.freeze({
  products: { min: 12, max: 5000 },
  materials: { min: 10, max: 1000 },
});

function checkSize(name: 'products' | 'materials', value: number): void {
  const { min, max } = SEED_LIMITS[name];
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${value}`);
  }
}

export function generateDemoEconomy(options: SeedOptions = {}): DemoEconomy {
  const seed = options.seed ?? DEFAULT_SEED_OPTIONS.seed;
  const productCount = options.products ?? DEFAULT_SEED_OPTIONS.products;
  const materialCount = options.materials ?? DEFAULT_SEED_OPTIONS.materials;
  const now = new Date((options.now ?? DEFAULT_SEED_OPTIONS.now).getTime());
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  if (Number.isNaN(now.getTime())) throw new RangeError('now must be a valid date');
  checkSize('products', productCount);
  checkSize('materials', materialCount);

  const rng = createRng(seed);
  const materials = generateMaterials(rng, materialCount);
  const products = generateProducts(rng, productCount, materials, now);
  const productRows = productStatRows(products, now);
  const materialRows = materialStatRows(materials, now);

  const documents: SeedDocument[] = [
    ...talentDocuments().map((t) => ({ path: `talents/${t.id}`, data: t.data })),
    ...materials.map((m) => ({ path: `materials/${m.name}`, data: m.data })),
    // The bookkeeping document the site must skip (SPEC.md §3).
    { path: 'materials/list', data: { names: materials.map((m) => m.name), updatedAt: now } },
    ...products.map((p) => ({ path: `products/${p.id}`, data: p.data })),
    ...productRows.map((r) => ({ path: `marketStats/${r.id}`, data: r.data })),
    ...materialRows.map((r) => ({ path: `marketMaterialStats/${r.id}`, data: r.data })),
    { path: 'gameParameters/date', data: { value: gameDate(rng) } },
    {
      path: 'gameParameters/gameStats',
      data: gameStats(rng, marketValue(productRows) + marketValue(materialRows), now),
    },
  ];
  // The header search's index, as the Firestore trigger (functions/src/catalog-index.ts) would leave it: an
  // import fires no trigger, in our emulator as in Google's.
  documents.push(...catalogIndexDocuments(documents));
  return { documents };
}

/** catalogIndex/{shard} documents for the products and materials among `documents`. */
export function catalogIndexDocuments(documents: readonly SeedDocument[]): SeedDocument[] {
  const of = (collection: string) =>
    documents.filter((d) => d.path.startsWith(`${collection}/`)).map((d) => ({ id: d.path.slice(collection.length + 1), data: d.data }));
  const shards = buildCatalogIndex(of('products'), of('materials'));
  return [...shards].map(([shard, entries]) => ({ path: `catalogIndex/${shard}`, data: { entries } }));
}
