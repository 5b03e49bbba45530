/** The products collection: catalog selection, market figures, histories and document ids. */
import { MATERIAL_FAMILIES } from './catalog/materials';
import { parseCatalogItem, SECTORS, type CatalogItem, type SectorSpec } from './catalog/sectors';
import { ALL_TALENT_NAMES } from './catalog/talents';
import { PRODUCT_EDGE_CASES, UNCATEGORIZED_ITEM, type ProductIdRule } from './edge-cases';
import type { GeneratedMaterial } from './materials';
import { autoId, iconDataUrl, productDocumentId, slugify } from './naming';
import { round2, type Rng } from './prng';

export interface GeneratedProduct {
  id: string;
  /** The sector it was generated for; 'uncategorized' when the stored document has no category. */
  category: string;
  data: Record<string, unknown>;
}

interface PlannedItem extends CatalogItem {
  sector: SectorSpec;
  idRule: ProductIdRule;
}

const DAY_MS = 86_400_000;
/** Length of the seeded lines; a market advance (../market/advance.ts) keeps each line at most this long. */
export const PRICE_HISTORY_DAYS = 30;
export const REQUEST_HISTORY_POINTS = 40;
/** A price moves by up to this share of its anchor per step, and this share of the way back to the anchor. */
const PRICE_STEP = 0.035;
const PRICE_REVERSION = 0.15;
/** The request index moves by up to this many points per step. */
const REQUEST_STEP = 4.5;
/** Share of ordinary products stored under their slug, like the records of the old database. */
const LEGACY_ID_SHARE = 0.08;
const VARIANTS = ['Pro', 'Lite', 'Max', 'Mini', 'Plus', 'Eco', 'Deluxe', 'Compact', 'Industrial', 'Classic'];

const UNCATEGORIZED_SECTOR: SectorSpec = {
  category: 'uncategorized',
  families: MATERIAL_FAMILIES,
  talents: ALL_TALENT_NAMES,
  productionMinutes: [60, 600],
  space: [0.5, 3],
  items: [UNCATEGORIZED_ITEM],
};

/**
 * Edge-case items first (they exist whatever the size), then one item per sector in turn so that every sector
 * is represented; past the catalog, variants such as 'Smartphone Pro' keep names unique.
 */
function planItems(count: number): PlannedItem[] {
  const planned: PlannedItem[] = [];
  const used = new Set<string>();
  const add = (item: CatalogItem, sector: SectorSpec, idRule: ProductIdRule): void => {
    planned.push({ ...item, sector, idRule });
    used.add(item.name);
  };
  for (const edge of PRODUCT_EDGE_CASES) {
    const sector = SECTORS.find((s) => s.category === edge.category) ?? UNCATEGORIZED_SECTOR;
    const entry = sector.items.find((e) => parseCatalogItem(e).name === edge.name);
    if (!entry) throw new Error(`edge-case product ${edge.name} is not in the ${sector.category} catalog`);
    add(parseCatalogItem(entry), sector, edge.idRule ?? 'category_name');
  }
  const queues = SECTORS.map((s) => s.items.map(parseCatalogItem).filter((i) => !used.has(i.name)));
  while (planned.length < count && queues.some((q) => q.length > 0)) {
    SECTORS.forEach((sector, s) => {
      const next = queues[s].shift();
      if (next && planned.length < count) add(next, sector, 'category_name');
    });
  }
  for (let cycle = 0; planned.length < count; cycle++) {
    const suffix = VARIANTS[cycle % VARIANTS.length] + (cycle >= VARIANTS.length ? ` ${Math.floor(cycle / VARIANTS.length) + 1}` : '');
    const premium = suffix.startsWith('Pro') || suffix.startsWith('Max') || suffix.startsWith('Deluxe');
    for (let k = 0; planned.length < count && SECTORS.some((s) => k < s.items.length); k++) {
      for (const sector of SECTORS) {
        if (k >= sector.items.length || planned.length >= count) continue;
        const item = parseCatalogItem(sector.items[k]);
        const name = `${item.name} ${suffix}`;
        if (!used.has(name)) add({ ...item, name, basePrice: item.basePrice * (premium ? 1.3 : 0.85) }, sector, 'category_name');
      }
    }
  }
  return planned;
}

/**
 * One step of a price: a random move of up to PRICE_STEP of the anchor plus PRICE_REVERSION of the way back to the
 * anchor, rounded (cents by default), kept inside [min, max]. The seed walks the price line with it (backwards from
 * today's price), and a market advance moves today's price with it.
 */
export function nextPrice(rng: Rng, price: number, anchor: number, min: number, max: number, round: (value: number) => number = round2): number {
  const moved = price + anchor * PRICE_STEP * rng.float(-1, 1) + PRICE_REVERSION * (anchor - price);
  return Math.min(max, Math.max(min, round(moved)));
}

/** Mean-reverting walk ending today at the average, kept inside [min, max]. Oldest first. */
function priceHistory(rng: Rng, avg: number, min: number, max: number): number[] {
  const values = [avg];
  let v = avg;
  for (let i = 1; i < PRICE_HISTORY_DAYS; i++) {
    v = nextPrice(rng, v, avg, min, max);
    values.push(v);
  }
  return values.reverse();
}

/**
 * The product's price change (`increase`, a fraction: 0.0297 is +2.97 %) over its daily price line, first day to
 * last, to 4 decimals: falling lines get a negative change, flat or missing lines 0. The site shows it as the
 * price trend next to the same line, so they cannot disagree.
 */
export function priceChangeOfHistory(history: readonly number[]): number {
  if (history.length < 2 || !(history[0] > 0)) return 0;
  const change = Math.round(((history[history.length - 1] - history[0]) / history[0]) * 10000) / 10000;
  return Object.is(change, -0) ? 0 : change;
}

/** One step of the demand walk (unrounded): up to REQUEST_STEP points either way, reflecting off 0 and 100. */
export function nextRequestIndex(rng: Rng, value: number): number {
  let v = value + rng.float(-REQUEST_STEP, REQUEST_STEP);
  if (v < 0) v = -v;
  if (v > 100) v = 200 - v;
  return v;
}

/** Demand walk that reflects off 0 and 100. */
function requestHistory(rng: Rng): number[] {
  const values: number[] = [];
  let v = rng.float(8, 92);
  for (let i = 0; i < REQUEST_HISTORY_POINTS; i++) {
    v = nextRequestIndex(rng, v);
    values.push(round2(v));
  }
  return values;
}

function requestedMaterials(rng: Rng, sector: SectorSpec, materials: readonly GeneratedMaterial[]): Record<string, number> {
  const fitting = materials.filter((m) => sector.families.includes(m.family));
  const pool = fitting.length >= 4 ? fitting : materials;
  const picks = rng.shuffle(pool).slice(0, rng.int(1, Math.min(4, pool.length)));
  const out: Record<string, number> = {};
  for (const m of picks.sort((a, b) => a.name.localeCompare(b.name))) out[m.name] = rng.int(1, 40);
  return out;
}

function documentId(rng: Rng, item: PlannedItem, slug: string): string {
  if (item.idRule === 'auto') return autoId(rng);
  if (item.idRule === 'slug') return slug;
  return productDocumentId(item.sector.category, item.name);
}

export function generateProducts(rng: Rng, count: number, materials: readonly GeneratedMaterial[], now: Date): GeneratedProduct[] {
  const migration = now.getTime() - 45 * DAY_MS;
  return planItems(count).map((item, index) => {
    const sector = item.sector;
    const slug = slugify(item.name);
    const average = round2(Math.max(0.05, item.basePrice * rng.float(0.8, 1.2)));
    const priceMin = Math.floor(average * rng.float(0.55, 0.9) * 100) / 100;
    const priceMax = Math.ceil(average * rng.float(1.1, 1.6) * 100) / 100;
    // Market cap per product is log-uniform, so the economy totals ≈ 3.4e9 SBC with 160 products.
    const pieces = Math.max(1, Math.round(rng.logFloat(4e6, 5.5e7) / average));
    const requests = requestHistory(rng);
    const minutes = rng.int(sector.productionMinutes[0], sector.productionMinutes[1]);
    const createdAt = new Date(migration - rng.int(15, 900) * DAY_MS - rng.int(0, 86_399) * 1000);
    const migratedAt = new Date(migration + index * 1200);
    const updatedAt = new Date(migratedAt.getTime() + rng.int(0, 44) * DAY_MS + rng.int(0, 86_399) * 1000);
    const legacy = item.idRule === 'category_name' && rng.chance(LEGACY_ID_SHARE) && !isEdgeCase(item.name);
    const data: Record<string, unknown> = {
      slug,
      name: item.name,
      category: sector.category,
      type: item.type,
      materialId: String(1000 + index),
      originalPath: `categories/${sector.category}/products/${slug}`,
      average_market_price: average,
      price_max: priceMax,
      price_min: priceMin,
      pieces_on_market: pieces,
      // Set from the price line below; the draw stays so that every later draw (and the dataset) is unchanged.
      increase: rng.float(0, 0.12),
      lastvqvalue: priceHistory(rng, average, priceMin, priceMax),
      production: {
        cost: round2(average * rng.float(0.35, 0.75)),
        time: Math.max(5, Math.round(minutes / 5) * 5),
        request_index: requests[requests.length - 1],
        request_index_history: requests,
      },
      requested_materials: requestedMaterials(rng, sector, materials),
      space_required: round2(rng.float(sector.space[0], sector.space[1])),
      talent_required: rng.chance(0.12) ? null : rng.pick(sector.talents),
      enabled: rng.chance(0.93),
      migratedAt,
      createdAt,
      updatedAt,
    };
    // Most records have no picture: a third store '' and the rest omit the field, as the old data does.
    if (index % 25 === 3) data.image_url = iconDataUrl(item.name, index);
    else if (index % 3 === 0) data.image_url = '';
    const edge = PRODUCT_EDGE_CASES.find((e) => e.name === item.name);
    if (edge) {
      // An edge-case record differs from an ordinary one only in the aspect it exercises.
      data.enabled = true;
      data.talent_required = sector.talents[0];
      edge.apply?.(data);
    }
    // The price change shown beside the 30-day line is that line's own change, so the two always agree.
    data.increase = priceChangeOfHistory(data.lastvqvalue as number[]);
    const id = legacy ? slug : documentId(rng, item, slug);
    return { id, category: sector.category, data };
  });
}

function isEdgeCase(name: string): boolean {
  return PRODUCT_EDGE_CASES.some((e) => e.name === name);
}
