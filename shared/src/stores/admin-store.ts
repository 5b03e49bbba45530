import type { AuditEntry } from '../data/audit';
import type { UsersPage } from '../data/users';
import type { BulkApplyResult, BulkProgress, CatalogPage, CatalogProduct } from '../data/admin-catalog-types';
import type { BulkChange, CatalogCursor, CatalogQuery } from '@sbc/domain';
import type { DataGateway, ProductWrite, VersionedMaterial, VersionedProduct } from '../data/gateway';
import { GatewayError, GatewayErrorCode } from '../data/errors';
import type { MaterialAuditEntry } from '../data/audit-entries';
import type { Material, Product, TelemetryHour } from '@sbc/domain';
import type { GrantableRole, NewMaterialDocument, UserDocument } from '@sbc/domain';
import type { RoleAuditEntry } from '../data/role-entries';
import type { AdminStoreApi } from './contract';
import type { MarketStore } from './market-store';

/** The groups the console's calls use. */
export type ConsoleGroups = Pick<DataGateway, 'products' | 'catalog' | 'materials' | 'users' | 'audit' | 'telemetry'>;

/**
 * Admin writes. Errors from the gateway pass through unchanged: their message is the spec's text
 * (duplicate slug, not found) and `code` is 'conflict' for a concurrent JSON edit. After a successful
 * write the market lists replace the product and drop their product caches.
 *
 * `gateway` is null on a page rendered on the server (its gateway is the public reads alone): the console is never
 * server-rendered, and every call then fails without reaching anything.
 */
export class AdminStore implements AdminStoreApi {
  constructor(
    private readonly groups: ConsoleGroups | null,
    private readonly market: MarketStore,
  ) {}

  private get gateway(): ConsoleGroups {
    if (!this.groups) throw new GatewayError(GatewayErrorCode.unavailable, 'The console is not available on a page rendered on the server');
    return this.groups;
  }

  addProduct = async (product: ProductWrite, options?: { explicitId?: string }): Promise<string> => {
    const id = await this.gateway.products.add(product, options);
    this.market.forgetProductCaches();
    return id;
  };

  loadForEdit = (slug: string): Promise<VersionedProduct | null> => this.gateway.products.getForEdit(slug);

  updateProduct = async (
    slug: string,
    fields: Record<string, unknown>,
    options?: { expectedVersion?: string; action?: 'update' | 'restore' },
  ): Promise<VersionedProduct> => {
    const result = await this.gateway.products.update(slug, fields, options);
    this.market.applyProductChange(result.product);
    return result;
  };

  searchProducts = (text: string): Promise<Product[]> => this.gateway.products.search(text);

  loadHistory = (productId: string): Promise<AuditEntry[]> => this.gateway.audit.productHistory(productId);

  listCatalogPage = (query: CatalogQuery, after: CatalogCursor | null): Promise<CatalogPage> => this.gateway.catalog.listPage(query, after);

  countCatalog = (query: CatalogQuery): Promise<number> => this.gateway.catalog.count(query);

  listAllMatching = (query: CatalogQuery): Promise<CatalogProduct[]> => this.gateway.catalog.listAllMatching(query);

  findProductsForImport = (slugs: readonly string[], ids: readonly string[]): Promise<CatalogProduct[]> => this.gateway.catalog.findForImport(slugs, ids);

  /** The market lists hold products this may change: their caches are dropped, chunk by chunk as a failure may come halfway. */
  applyBulkChanges = async (
    jobId: string,
    changes: readonly BulkChange[],
    onProgress?: (progress: BulkProgress) => void,
  ): Promise<BulkApplyResult> => {
    try {
      return await this.gateway.catalog.applyBulkChanges(jobId, changes, onProgress);
    } finally {
      this.market.forgetProductCaches();
    }
  };

  listMaterialDocuments = (): Promise<CatalogProduct[]> => this.gateway.catalog.listMaterialDocuments();

  /** The market's materials list holds what this may change: it is reloaded when next shown. */
  applyMaterialChanges = async (
    jobId: string,
    changes: readonly BulkChange[],
    onProgress?: (progress: BulkProgress) => void,
  ): Promise<BulkApplyResult> => {
    try {
      return await this.gateway.catalog.applyMaterialChanges(jobId, changes, onProgress);
    } finally {
      this.market.forgetMaterialCaches();
    }
  };

  listUsers = (options?: { after?: string | null; prefix?: string }): Promise<UsersPage> => this.gateway.users.list(options);

  setUserRole = (uid: string, role: GrantableRole): Promise<UserDocument> => this.gateway.users.setRole(uid, role);

  loadRoleHistory = (): Promise<RoleAuditEntry[]> => this.gateway.audit.roleHistory();

  loadTelemetryHours = (sinceHour: string): Promise<TelemetryHour[]> => this.gateway.telemetry.getHours(sinceHour);

  loadMaterialForEdit = (name: string): Promise<VersionedMaterial | null> => this.gateway.materials.getForEdit(name);

  updateMaterial = async (
    name: string,
    fields: Record<string, unknown>,
    options?: { expectedVersion?: string; action?: 'update' | 'restore' },
  ): Promise<VersionedMaterial> => {
    const result = await this.gateway.materials.update(name, fields, options);
    this.market.applyMaterialChange(result.material);
    return result;
  };

  loadMaterialHistory = (name: string): Promise<MaterialAuditEntry[]> => this.gateway.audit.materialHistory(name);

  addMaterial = async (name: string, fields: NewMaterialDocument): Promise<Material> => {
    const material = await this.gateway.materials.add(name, fields);
    this.market.applyMaterialAdded(material);
    return material;
  };
}
