/**
 * One request of every data endpoint of the open data API, for a sector, a product and a material that exist: the
 * set whose Firestore reads per market period are counted by the integration test (open-data.int.test.ts) and by
 * `npm run size` (local-backend/bench/api-reads.ts). One home, so an endpoint added here is counted by both.
 */
import { API_PREFIX } from '../src/open-data/request';

export interface Samples {
  /** A sector of the product kind (the materials sector lists no products). */
  sector: string;
  slug: string;
  material: string;
}

/** Finds a sector, product and material of the data an API at `baseUrl` serves (three requests). */
export async function findSamples(baseUrl: string): Promise<Samples> {
  const get = async <T>(path: string): Promise<T> => (await (await fetch(`${baseUrl}${API_PREFIX}${path}`)).json()) as T;
  const sectors = await get<{ data: Array<{ sector: string; kind: string }> }>('/sectors');
  const sector = sectors.data.find((s) => s.kind === 'products')?.sector ?? '';
  const products = await get<{ data: Array<{ slug: string }> }>(`/products?sector=${encodeURIComponent(sector)}`);
  const materials = await get<{ data: Array<{ name: string }> }>('/materials');
  return { sector, slug: products.data[0]?.slug ?? '', material: materials.data[0]?.name ?? '' };
}

/** The paths (query included) of one caller asking every data endpoint once. */
export function everyDataPath({ sector, slug, material }: Samples): string[] {
  return [
    `${API_PREFIX}/products`,
    `${API_PREFIX}/products?sector=${encodeURIComponent(sector)}`,
    `${API_PREFIX}/products/${encodeURIComponent(slug)}`,
    `${API_PREFIX}/sectors.csv`,
    `${API_PREFIX}/materials`,
    `${API_PREFIX}/materials/${encodeURIComponent(material)}`,
    `${API_PREFIX}/stats`,
    `${API_PREFIX}/products?slugs=${encodeURIComponent(slug)}`,
    `${API_PREFIX}/materials?names=${encodeURIComponent(material)}`,
    `${API_PREFIX}/history?products=${encodeURIComponent(slug)}&materials=${encodeURIComponent(material)}`,
    `${API_PREFIX}/history?products=${encodeURIComponent(slug)}&interval=day&from=${new Date(Date.now() - 700 * 86_400_000).toISOString().slice(0, 10)}`,
    `${API_PREFIX}/movers?window=day`,
    // Ranked from the products and materials the lists above read: no read of their own in the period.
    `${API_PREFIX}/plan/suggestions?sbc=5000&slots=200&hours=12`,
    `${API_PREFIX}/plan/profitability`,
    `${API_PREFIX}/plan/profitability.csv?sector=${encodeURIComponent(sector)}&limit=20`,
  ];
}
