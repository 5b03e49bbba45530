/**
 * Raw document data → typed domain values with the defaults of SPEC.md section 3. Every reader accepts
 * `unknown` and never throws: missing or malformed fields fall back to their defaults.
 */
import { isRecord, toInstant, toNonEmptyText, toNumber, toNumberArray, toText } from './lenient';
import type {
  GameDate,
  GameStats,
  MarketStatRow,
  MarketStatType,
  Material,
  Product,
  ProductionInfo,
  Talent,
  UserDocument,
} from './types';

export { toInstant } from './lenient';

/** The materials collection holds a bookkeeping document with this id; it is not a material (section 3). */
export const IGNORED_MATERIAL_DOCUMENT_ID = 'list';

function fields(raw: unknown): Record<string, unknown> {
  return isRecord(raw) ? raw : {};
}

function readProduction(raw: unknown): ProductionInfo {
  const p = fields(raw);
  return {
    cost: toNumber(p.cost),
    time: toNumber(p.time),
    request_index: toNumber(p.request_index),
    request_index_history: toNumberArray(p.request_index_history),
  };
}

function readQuantities(raw: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, quantity] of Object.entries(fields(raw))) out[name] = toNumber(quantity);
  return out;
}

/**
 * talent_required: absent (or blank, the form's empty choice) → 'unknown'; null is kept because it means
 * the admin explicitly chose 'None'.
 */
function readTalentRequired(value: unknown): string | null {
  if (value === null) return null;
  return toNonEmptyText(value, UNKNOWN_TALENT);
}

/** What the reader gives a product whose talent_required is absent or blank (the site shows it as is). */
export const UNKNOWN_TALENT = 'unknown';

/** Name falls back to the slug so that a nameless record still shows something in lists (spec is silent). */
export function readProduct(id: string, raw: unknown): Product {
  const f = fields(raw);
  const slug = toNonEmptyText(f.slug, id);
  return {
    id,
    slug,
    name: toNonEmptyText(f.name, slug),
    category: toNonEmptyText(f.category, 'uncategorized'),
    type: toNonEmptyText(f.type, 'product'),
    materialId: toText(f.materialId),
    image_url: toText(f.image_url),
    originalPath: toText(f.originalPath),
    average_market_price: toNumber(f.average_market_price),
    price_max: toNumber(f.price_max),
    price_min: toNumber(f.price_min),
    pieces_on_market: toNumber(f.pieces_on_market),
    increase: toNumber(f.increase),
    lastvqvalue: toNumberArray(f.lastvqvalue),
    production: readProduction(f.production),
    requested_materials: readQuantities(f.requested_materials),
    space_required: toNumber(f.space_required),
    talent_required: readTalentRequired(f.talent_required),
    enabled: f.enabled === true,
    migratedAt: toInstant(f.migratedAt),
    createdAt: toInstant(f.createdAt),
    updatedAt: toInstant(f.updatedAt),
  };
}

/** Some older material documents spell the slot count space_required; it is accepted as a fallback. */
export function readMaterial(id: string, raw: unknown): Material {
  const f = fields(raw);
  const image = toText(f.image_url);
  return {
    name: toNonEmptyText(f.name, id),
    id: toNumber(f.id),
    ...(image.trim() !== '' ? { image_url: image } : {}),
    unit: toText(f.unit),
    spaceRequired: toNumber(f.spaceRequired ?? f.space_required),
    value: toNumber(f.value),
    amount: toNumber(f.amount),
    lastqty: toNumber(f.lastqty),
    lastvalue: toNumber(f.lastvalue),
    startqty: toNumber(f.startqty),
    startvalue: toNumber(f.startvalue),
    cyclecount: toNumber(f.cyclecount),
  };
}

/** The whole materials collection, without the 'list' document. Order is kept. */
export function readMaterials(docs: Array<{ id: string; data: unknown }>): Material[] {
  return docs.filter((d) => d.id !== IGNORED_MATERIAL_DOCUMENT_ID).map((d) => readMaterial(d.id, d.data));
}

export function readMarketStatRow(id: string, raw: unknown, type: MarketStatType): MarketStatRow {
  const f = fields(raw);
  return {
    name: toNonEmptyText(f.name, id),
    type,
    avg: toNumber(f.avg),
    count: toNumber(f.count),
    total: toNumber(f.total),
    documentCount: toNumber(f.documentCount),
    lastUpdated: toInstant(f.lastUpdated),
    category: toNonEmptyText(f.category, type === 'material' ? 'industry' : 'uncategorized'),
  };
}

export function readGameStats(raw: unknown): GameStats {
  const f = fields(raw);
  return {
    totalHeadquarters: toNumber(f.totalHeadquarters),
    totalMarketValue: toNumber(f.totalMarketValue),
    totalPlayers: toNumber(f.totalPlayers),
    lastUpdated: toInstant(f.lastUpdated),
  };
}

/** The `value` field of gameParameters/date: a date, a string or a seconds/nanoseconds timestamp. */
export function readGameDate(value: unknown): GameDate | null {
  return toInstant(value) ?? null;
}

export function readUserDocument(uid: string, raw: unknown): UserDocument {
  const f = fields(raw);
  return {
    uid: toNonEmptyText(f.uid, uid),
    email: toText(f.email),
    displayName: toText(f.displayName),
    isAdmin: f.isAdmin === true,
    ...(f.role === 'editor' || f.role === 'player' ? { role: f.role } : {}),
    createdAt: toInstant(f.createdAt),
    lastLoginAt: toInstant(f.lastLoginAt),
  };
}

/** Each talents document is a type (its id) whose field keys, except 'id', are talent names. */
export function readTalents(docs: Array<{ id: string; data: unknown }>): Talent[] {
  const talents: Talent[] = [];
  for (const doc of docs) {
    for (const key of Object.keys(fields(doc.data))) {
      if (key !== 'id') talents.push({ name: key, type: doc.id });
    }
  }
  return talents.sort((a, b) => a.name.localeCompare(b.name) || a.type.localeCompare(b.type));
}
