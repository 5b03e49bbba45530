/**
 * What the API answers, built from the domain's values (@sbc/domain readers and formulas: the same figures the
 * site's pages show) with stable field names: camelCase, units in the OpenAPI document's descriptions, money in
 * SBC (the game's currency), times ISO 8601 UTC, days as YYYY-MM-DD (UTC). Each JSON shape has the CSV columns
 * of its table beside it, named as the JSON fields.
 */
import {
  applyChartRange,
  deriveMaterial,
  detailDays,
  isMaterialSector,
  latestMarketUpdate,
  normalizePriceChange,
  productHasMarketFigures,
  productMarketCap,
  UNKNOWN_TALENT,
  type CategoryGroup,
  type HistoryInterval,
  type HistoryPoint,
  type Mover,
  type MoverLists,
  type MoverWindow,
  type ChartRange,
  type CsvColumn,
  type GameStats,
  type Material,
  type Product,
} from '@sbc/domain';
import type { OpenDataComponents as components } from '@sbc/domain';

type Schemas = components['schemas'];
export type ProductJson = Schemas['Product'];
export type ProductDetailJson = Schemas['ProductDetail'];
export type HistoryPointJson = Schemas['HistoryPoint'];
export type SectorJson = Schemas['Sector'];
export type MaterialJson = Schemas['Material'];
export type MaterialDetailJson = Schemas['MaterialDetail'];
export type MaterialSnapshotJson = Schemas['MaterialSnapshot'];
export type StatisticsJson = Schemas['Statistics'];
export type ListMeta = Schemas['ListMeta'];
/** A planner suggestion: the domain's SuggestionRow (rankSuggestions) is this shape, checked where the handler sends it. */
export type SuggestionJson = Schemas['PlanSuggestion'];
/** A row of the profitability ranking: the domain's ProfitabilityRow (rankProfitability) is this shape. */
export type ProfitabilityJson = Schemas['ProfitabilityRow'];
export type ItemHistoryJson = Schemas['ItemHistory'];
export type RecordedPointJson = Schemas['RecordedPoint'];
export type MoverJson = Schemas['Mover'];
export type MoversJson = Schemas['Movers'];

/** An instant as ISO 8601 UTC; null when absent or not a valid time. */
export function isoTime(instant: Date | undefined | null): string | null {
  const t = instant?.getTime();
  return t === undefined || !Number.isFinite(t) ? null : new Date(t).toISOString();
}

/** A day as YYYY-MM-DD (UTC). */
export function isoDay(day: Date): string {
  return day.toISOString().slice(0, 10);
}

export function productJson(p: Product): ProductJson {
  return {
    slug: p.slug,
    name: p.name,
    sector: p.category,
    type: p.type,
    enabled: p.enabled,
    averagePrice: p.average_market_price,
    minPrice: p.price_min,
    maxPrice: p.price_max,
    priceChange: normalizePriceChange(p.increase),
    piecesOnMarket: p.pieces_on_market,
    // null, not 0, for a product that has never traded (no market figures: productHasMarketFigures)
    marketCap: productHasMarketFigures(p) ? productMarketCap(p) : null,
    requestIndex: p.production.request_index,
    productionCost: p.production.cost,
    productionTimeMinutes: p.production.time,
    spaceRequired: p.space_required,
    // The reader's 'unknown' (talent_required absent) is no talent name: null, as for 'None', per the schema.
    talentRequired: p.talent_required === UNKNOWN_TALENT ? null : p.talent_required,
    imageUrl: p.image_url === '' ? null : p.image_url,
    updatedAt: isoTime(p.updatedAt),
  };
}

/**
 * The recorded days of a product, oldest first, each with the day's average price and request index. The two
 * series are kept per day by the game and may differ in length: both end today (the domain's detailDays, as the
 * product page's charts label them), so they are aligned from their ends and a day one series lacks is null.
 */
export function productHistory(p: Product, range: ChartRange, today: Date): HistoryPointJson[] {
  const prices = applyChartRange(p.lastvqvalue.filter(Number.isFinite), range);
  const requests = applyChartRange(p.production.request_index_history.filter(Number.isFinite), range);
  const length = Math.max(prices.length, requests.length);
  const at = (values: number[], i: number) => values[i - (length - values.length)] ?? null;
  return detailDays(length, today).map((day, i) => ({ date: isoDay(day), averagePrice: at(prices, i), requestIndex: at(requests, i) }));
}

export function productDetailJson(p: Product, range: ChartRange, today: Date): ProductDetailJson {
  return {
    ...productJson(p),
    requestedMaterials: Object.entries(p.requested_materials).map(([material, quantity]) => ({ material, quantity })),
    history: productHistory(p, range, today),
  };
}

export function sectorJson(group: CategoryGroup): SectorJson {
  return {
    sector: group.category,
    kind: isMaterialSector(group) ? 'materials' : 'products',
    totalValue: group.totalValue,
    totalCount: group.totalCount,
    averagePrice: group.avgPrice,
    productCount: group.productCount,
    materialCount: group.materialCount,
    listingCount: group.documentCount ?? 0,
    lastUpdated: isoTime(latestMarketUpdate(group.items)),
  };
}

export function materialJson(m: Material): MaterialJson {
  const derived = deriveMaterial(m);
  return {
    name: m.name,
    id: m.id,
    unit: m.unit,
    unitPrice: m.value,
    quantity: m.amount,
    inventoryValue: derived.totalValue,
    spaceRequired: m.spaceRequired,
    previousUnitPrice: m.lastvalue,
    previousQuantity: m.lastqty,
    startUnitPrice: m.startvalue,
    startQuantity: m.startqty,
    cycleCount: m.cyclecount,
    averagePerDay: derived.averagePerDay,
    imageUrl: m.image_url ? m.image_url : null,
  };
}

/** The three snapshots a material document keeps: at the start, at the previous market update, now. */
export function materialHistory(m: Material): MaterialSnapshotJson[] {
  return [
    { point: 'start', quantity: m.startqty, unitPrice: m.startvalue, inventoryValue: m.startqty * m.startvalue },
    { point: 'previous', quantity: m.lastqty, unitPrice: m.lastvalue, inventoryValue: m.lastqty * m.lastvalue },
    { point: 'current', quantity: m.amount, unitPrice: m.value, inventoryValue: deriveMaterial(m).totalValue },
  ];
}

export function materialDetailJson(m: Material): MaterialDetailJson {
  const derived = deriveMaterial(m);
  return {
    ...materialJson(m),
    movement: {
      quantitySincePrevious: derived.previousQuantityChange,
      unitPriceSincePrevious: derived.previousValueChange,
      quantitySinceStart: derived.sinceStartQuantityChange,
      inventoryValueSinceStart: derived.sinceStartValueChange,
    },
    history: materialHistory(m),
  };
}

/** One item's recorded points (the history the site keeps), as the API names them. */
export function itemHistoryJson(kind: 'product' | 'material', id: string, points: readonly HistoryPoint[]): ItemHistoryJson {
  return {
    kind,
    id,
    points: points.map((p) => ({ at: p.at.toISOString(), price: p.price, requestIndex: p.requestIndex, supply: p.supply })),
  };
}

/** The history's CSV: one row per item and point. */
export interface HistoryRowJson {
  kind: string;
  id: string;
  at: string;
  price: number | null;
  requestIndex: number | null;
  supply: number | null;
}

export function historyRows(items: readonly ItemHistoryJson[]): HistoryRowJson[] {
  return items.flatMap((item) => item.points.map((p: RecordedPointJson) => ({ kind: item.kind, id: item.id, ...p })));
}

export function moverJson(m: Mover): MoverJson {
  return {
    kind: m.key.startsWith('m/') ? 'material' : 'product',
    id: m.key.slice(2),
    name: m.name,
    sector: m.sector,
    from: m.from,
    to: m.to,
    change: m.change,
  };
}

const noMoves: MoverLists = { risers: [], fallers: [] };
const listsJson = (lists: MoverLists | undefined) => ({ risers: (lists ?? noMoves).risers.map(moverJson), fallers: (lists ?? noMoves).fallers.map(moverJson) });

/** One window's movers, overall or of one sector; empty lists (since null) before the window has a baseline. */
export function moversJson(
  at: string | null,
  window: MoverWindow,
  since: string | null,
  sector: string | null,
  byMetric: { price: MoverLists; requestIndex: MoverLists; supply: MoverLists } | null,
): MoversJson {
  return {
    at,
    window,
    since,
    sector,
    price: listsJson(byMetric?.price),
    requestIndex: listsJson(byMetric?.requestIndex),
    supply: listsJson(byMetric?.supply),
  };
}

/** A mover as a CSV row: which list it is in, its place there, then the mover itself (the schema's Mover). */
export type MoverRowJson = { metric: string; direction: string; rank: number } & Schemas['Mover'];

export function moverRows(movers: MoversJson): MoverRowJson[] {
  return (['price', 'requestIndex', 'supply'] as const).flatMap((metric) =>
    (['risers', 'fallers'] as const).flatMap((direction) => movers[metric][direction].map((m, i) => ({ metric, direction, rank: i + 1, ...m }))),
  );
}

export type HistoryMetaJson = { from: string; to: string; interval: HistoryInterval; count: number };

export function statisticsJson(stats: GameStats): StatisticsJson {
  return {
    totalPlayers: stats.totalPlayers,
    totalHeadquarters: stats.totalHeadquarters,
    totalMarketValue: stats.totalMarketValue,
    lastUpdated: isoTime(stats.lastUpdated),
  };
}

/** The columns of a table whose rows are flat JSON objects: one per field, in the given order, named as the field. */
function columnsOf<Row>(fields: ReadonlyArray<keyof Row & string>): CsvColumn<Row>[] {
  return fields.map((field) => ({ label: field, value: (row: Row) => row[field] as string | number | boolean | null }));
}

export const CSV_COLUMNS = {
  product: columnsOf<ProductJson>([
    'slug', 'name', 'sector', 'type', 'enabled', 'averagePrice', 'minPrice', 'maxPrice', 'priceChange', 'piecesOnMarket', 'marketCap',
    'requestIndex', 'productionCost', 'productionTimeMinutes', 'spaceRequired', 'talentRequired', 'imageUrl', 'updatedAt',
  ]),
  history: columnsOf<HistoryPointJson>(['date', 'averagePrice', 'requestIndex']),
  sector: columnsOf<SectorJson>([
    'sector', 'kind', 'totalValue', 'totalCount', 'averagePrice', 'productCount', 'materialCount', 'listingCount', 'lastUpdated',
  ]),
  material: columnsOf<MaterialJson>([
    'name', 'id', 'unit', 'unitPrice', 'quantity', 'inventoryValue', 'spaceRequired', 'previousUnitPrice', 'previousQuantity',
    'startUnitPrice', 'startQuantity', 'cycleCount', 'averagePerDay', 'imageUrl',
  ]),
  materialHistory: columnsOf<MaterialSnapshotJson>(['point', 'quantity', 'unitPrice', 'inventoryValue']),
  recorded: columnsOf<HistoryRowJson>(['kind', 'id', 'at', 'price', 'requestIndex', 'supply']),
  movers: columnsOf<MoverRowJson>(['metric', 'direction', 'rank', 'kind', 'id', 'name', 'sector', 'from', 'to', 'change']),
  statistics: columnsOf<StatisticsJson>(['totalPlayers', 'totalHeadquarters', 'totalMarketValue', 'lastUpdated']),
  suggestions: columnsOf<SuggestionJson>(['slug', 'name', 'quantity', 'limitedBy', 'cash', 'revenue', 'margin', 'marginPerHour', 'hours', 'slots']),
  // missingMaterials is a list: one cell, its names joined by "; " (empty when every material is priced).
  profitability: [
    ...columnsOf<ProfitabilityJson>(['slug', 'name', 'sector', 'talent', 'averagePrice', 'materialsCost']),
    { label: 'missingMaterials', value: (row: ProfitabilityJson) => row.missingMaterials.join('; ') },
    ...columnsOf<ProfitabilityJson>(['productionCost', 'marginPerUnit', 'marginPercent', 'marginPerHour', 'leadTimeMinutes']),
  ],
};
