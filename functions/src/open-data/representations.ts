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
  productMarketCap,
  type CategoryGroup,
  type ChartRange,
  type CsvColumn,
  type GameStats,
  type Material,
  type Product,
} from '@sbc/domain';
import type { components } from './openapi-types';

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
    marketCap: productMarketCap(p),
    requestIndex: p.production.request_index,
    productionCost: p.production.cost,
    productionTimeMinutes: p.production.time,
    spaceRequired: p.space_required,
    talentRequired: p.talent_required,
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
  statistics: columnsOf<StatisticsJson>(['totalPlayers', 'totalHeadquarters', 'totalMarketValue', 'lastUpdated']),
};
