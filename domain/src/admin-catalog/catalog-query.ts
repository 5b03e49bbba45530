/**
 * The admin console's products list (issue 38, "Find"): what a query over the whole catalogue may ask for, and
 * the one home of how it is answered. The data layer (shared/src/data/admin-catalog.ts) turns
 * `catalogQueryPlan` into one Firestore query with a value cursor; the in-memory fake and the tests use
 * `matchesCatalogQuery` / `compareCatalog`, which follow the same plan.
 *
 * Decisions (Firestore answers equality filters plus one order, so the list offers what one indexed query can):
 * - Filters are equalities: sector (`category`), type, talent (`talent_required`), and one "missing data" check
 *   from MISSING_DATA_FILTERS (a field holding the empty value the console writes: '' image, 'unknown' talent,
 *   0 maximum price). A document lacking the field altogether is not matched (Firestore cannot query absence).
 * - The search is a prefix of the slug: the typed text slugified (`solar pan` → `solar-pan`), so case, accents and
 *   spaces do not matter. A search orders by slug (a range filter must be on the first order), whatever sort was
 *   chosen; the header search (typos, words inside names) stays the way to find one product by a loose name.
 * - Sorting by a number leaves out products lacking that number (Firestore orders only documents holding the field).
 * - Ties are broken by document id, which is also the cursor's second value.
 */
import { slugify } from '../text';

/** Products a page of the list shows. A page reads at most this + 1 documents (the extra one says "more"). */
export const CATALOG_PAGE_SIZE = 50;

export const MISSING_DATA_FILTERS = {
  image: { label: 'Senza immagine', field: 'image_url', value: '' },
  talent: { label: 'Talento sconosciuto', field: 'talent_required', value: 'unknown' },
  price: { label: 'Senza prezzo massimo', field: 'price_max', value: 0 },
} as const;
export type MissingDataFilter = keyof typeof MISSING_DATA_FILTERS;

export const CATALOG_SORTS = {
  name: { label: 'Nome', field: 'name' },
  price_max: { label: 'Prezzo massimo', field: 'price_max' },
  price_min: { label: 'Prezzo minimo', field: 'price_min' },
  average_market_price: { label: 'Prezzo medio', field: 'average_market_price' },
} as const;
export type CatalogSort = keyof typeof CATALOG_SORTS;

export interface CatalogQuery {
  /** Typed text; '' lists everything. */
  search: string;
  /** '' = every sector. */
  sector: string;
  /** '' = every type. */
  type: string;
  /** '' = every talent. */
  talent: string;
  missing: MissingDataFilter | '';
  sort: CatalogSort;
  dir: 'asc' | 'desc';
}

export const DEFAULT_CATALOG_QUERY: CatalogQuery = Object.freeze({
  search: '',
  sector: '',
  type: '',
  talent: '',
  missing: '',
  sort: 'name',
  dir: 'asc',
}) as CatalogQuery;

/** Where the next page starts: the last shown product's order value and document id. */
export interface CatalogCursor {
  value: string | number;
  id: string;
}

export type CatalogScalar = string | number | null;

/** The one query that answers a CatalogQuery. */
export interface CatalogQueryPlan {
  /** field == value, AND-ed. */
  equals: Array<[field: string, value: CatalogScalar]>;
  /** slug starts with this ('' = no search). */
  slugPrefix: string;
  orderField: string;
  dir: 'asc' | 'desc';
}

export function catalogQueryPlan(q: CatalogQuery): CatalogQueryPlan {
  const equals: Array<[string, CatalogScalar]> = [];
  if (q.sector !== '') equals.push(['category', q.sector]);
  if (q.type !== '') equals.push(['type', q.type]);
  if (q.talent !== '') equals.push(['talent_required', q.talent]);
  if (q.missing !== '') {
    const missing = MISSING_DATA_FILTERS[q.missing];
    // Two filters on one field would contradict each other: the missing-data value wins over the talent.
    const at = equals.findIndex(([field]) => field === missing.field);
    if (at >= 0) equals.splice(at, 1);
    equals.push([missing.field, missing.value]);
  }
  const slugPrefix = slugify(q.search);
  if (slugPrefix !== '') return { equals, slugPrefix, orderField: 'slug', dir: 'asc' };
  return { equals, slugPrefix, orderField: CATALOG_SORTS[q.sort].field, dir: q.dir };
}

type Fields = Record<string, unknown>;

/** Whether a stored product answers the plan (the fake gateway's query, and the tests' oracle). */
export function matchesCatalogQuery(fields: Fields, q: CatalogQuery): boolean {
  const plan = catalogQueryPlan(q);
  if (!plan.equals.every(([field, value]) => field in fields && fields[field] === value)) return false;
  if (plan.slugPrefix !== '' && !(typeof fields.slug === 'string' && fields.slug.startsWith(plan.slugPrefix))) return false;
  const order = fields[plan.orderField];
  return typeof order === 'string' || typeof order === 'number';
}

/** Firestore's order: numbers before strings, strings by code unit, then document id. */
export function compareCatalog(q: CatalogQuery): (a: { id: string; fields: Fields }, b: { id: string; fields: Fields }) => number {
  const plan = catalogQueryPlan(q);
  const sign = plan.dir === 'asc' ? 1 : -1;
  const rank = (v: unknown) => (typeof v === 'number' ? 0 : 1);
  return (a, b) => {
    const x = a.fields[plan.orderField] as string | number;
    const y = b.fields[plan.orderField] as string | number;
    let c = rank(x) - rank(y);
    if (c === 0) c = x < y ? -1 : x > y ? 1 : 0;
    if (c === 0) c = a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    return sign * c;
  };
}

/** The cursor after a product shown (its order value and id). */
export function catalogCursorOf(product: { id: string; fields: Fields }, q: CatalogQuery): CatalogCursor {
  const value = product.fields[catalogQueryPlan(q).orderField];
  return { value: typeof value === 'number' ? value : String(value ?? ''), id: product.id };
}

/** The missing-data checks a product fails (the list's "Dati mancanti" column). */
export function missingDataOf(fields: Fields): MissingDataFilter[] {
  return (Object.keys(MISSING_DATA_FILTERS) as MissingDataFilter[]).filter((key) => {
    const { field, value } = MISSING_DATA_FILTERS[key];
    return !(field in fields) || fields[field] === value || fields[field] === undefined;
  });
}
