/** Firestore collection and document names (SPEC.md section 7). */
export const COLLECTIONS = {
  products: 'products',
  materials: 'materials',
  marketStats: 'marketStats',
  marketMaterialStats: 'marketMaterialStats',
  gameParameters: 'gameParameters',
  talents: 'talents',
  users: 'users',
  /** Admin console audit trail (data/audit.ts). */
  productAudit: 'productAudit',
  /** Material edits from the console (data/materials.ts), as productAudit for products (issue 38). */
  materialAudit: 'materialAudit',
  /** Who granted or revoked which role to whom, and when (data/roles.ts, issue 38). */
  roleAudit: 'roleAudit',
  /** The header search's catalogue index, CATALOG_INDEX_SHARDS documents (domain/src/search/catalog-index.ts). */
  catalogIndex: 'catalogIndex',
  /** Visitors' errors and vitals per app × release × hour, written by the telemetry endpoint (docs/telemetry.md). */
  telemetry: 'telemetry',
} as const;

export const GAME_DATE_DOCUMENT = 'date';
export const GAME_STATS_DOCUMENT = 'gameStats';
