/** The admin console's catalogue list and bulk writes: shapes without Firestore (./admin-catalog.ts reads and writes). */
import type { BulkChange, CatalogCursor, CatalogQuery } from '@sbc/domain';
import type { PlainJson } from './plain-json';

/** A product as stored (plain JSON: timestamps as ISO strings), with its document id. */
export interface CatalogProduct {
  id: string;
  fields: Record<string, PlainJson>;
}

export interface CatalogPage {
  products: CatalogProduct[];
  /** Another page follows. */
  hasMore: boolean;
}

/** What one run of a bulk job did, by product id. */
export interface BulkApplyResult {
  /** Written by this run (product and audit entry). */
  applied: string[];
  /** Written by an earlier run of the same job (its audit entry exists): left alone. */
  alreadyApplied: string[];
  /** The stored value is no longer the previewed "before" (or the product is gone): left alone. */
  conflicts: string[];
}

export interface BulkProgress {
  /** Products handled so far (applied, already applied or in conflict). */
  done: number;
  total: number;
}

/** The console's catalogue calls (./admin-catalog.ts documents each one's reads and writes). */
export interface CatalogAdminGateway {
  listCatalogPage(query: CatalogQuery, after: CatalogCursor | null): Promise<CatalogPage>;
  countCatalog(query: CatalogQuery): Promise<number>;
  listAllMatching(query: CatalogQuery): Promise<CatalogProduct[]>;
  findProductsForImport(slugs: readonly string[], ids: readonly string[]): Promise<CatalogProduct[]>;
  applyBulkChanges(jobId: string, changes: readonly BulkChange[], onProgress?: (progress: BulkProgress) => void): Promise<BulkApplyResult>;
}
