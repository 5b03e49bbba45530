import type { AuditEntry } from '../data/audit';
import type { UsersPage } from '../data/users';
import type { BulkApplyResult, BulkProgress, CatalogPage, CatalogProduct } from '../data/admin-catalog-types';
import type { BulkChange, CatalogCursor, CatalogQuery } from '@sbc/domain';
import type { DataGateway, ProductWrite, VersionedMaterial, VersionedProduct } from '../data/gateway';
import type { MaterialAuditEntry } from '../data/audit-entries';
import type { Material, Product, TelemetryHour } from '@sbc/domain';
import type { GrantableRole, NewMaterialDocument, UserDocument } from '@sbc/domain';
import type { RoleAuditEntry } from '../data/role-entries';
import type { AdminStoreApi } from './contract';
import type { MarketStore } from './market-store';

/**
 * Admin writes. Errors from the gateway pass through unchanged: their message is the spec's text
 * (duplicate slug, not found) and `code` is 'conflict' for a concurrent JSON edit. After a successful
 * write the market lists replace the product and drop their product caches.
 */
export class AdminStore implements AdminStoreApi {
  constructor(
    private readonly gateway: DataGateway,
    private readonly market: MarketStore,
  ) {}

  addProduct = async (product: ProductWrite, options?: { explicitId?: string }): Promise<string> => {
    const id = await this.gateway.addProduct(product, options);
    this.market.forgetProductCaches();
    return id;
  };

  loadForEdit = (slug: string): Promise<VersionedProduct | null> => this.gateway.getProductForEdit(slug);

  updateProduct = async (
    slug: string,
    fields: Record<string, unknown>,
    options?: { expectedVersion?: string; action?: 'update' | 'restore' },
  ): Promise<VersionedProduct> => {
    const result = await this.gateway.updateProduct(slug, fields, options);
    this.market.applyProductChange(result.product);
    return result;
  };

  searchProducts = (text: string): Promise<Product[]> => this.gateway.searchProducts(text);

  loadHistory = (productId: string): Promise<AuditEntry[]> => this.gateway.getProductHistory(productId);

  listCatalogPage = (query: CatalogQuery, after: CatalogCursor | null): Promise<CatalogPage> => this.gateway.listCatalogPage(query, after);

  countCatalog = (query: CatalogQuery): Promise<number> => this.gateway.countCatalog(query);

  listAllMatching = (query: CatalogQuery): Promise<CatalogProduct[]> => this.gateway.listAllMatching(query);

  findProductsForImport = (slugs: readonly string[], ids: readonly string[]): Promise<CatalogProduct[]> => this.gateway.findProductsForImport(slugs, ids);

  /** The market lists hold products this may change: their caches are dropped, chunk by chunk as a failure may come halfway. */
  applyBulkChanges = async (
    jobId: string,
    changes: readonly BulkChange[],
    onProgress?: (progress: BulkProgress) => void,
  ): Promise<BulkApplyResult> => {
    try {
      return await this.gateway.applyBulkChanges(jobId, changes, onProgress);
    } finally {
      this.market.forgetProductCaches();
    }
  };

  listMaterialDocuments = (): Promise<CatalogProduct[]> => this.gateway.listMaterialDocuments();

  /** The market's materials list holds what this may change: it is reloaded when next shown. */
  applyMaterialChanges = async (
    jobId: string,
    changes: readonly BulkChange[],
    onProgress?: (progress: BulkProgress) => void,
  ): Promise<BulkApplyResult> => {
    try {
      return await this.gateway.applyMaterialChanges(jobId, changes, onProgress);
    } finally {
      this.market.forgetMaterialCaches();
    }
  };

  listUsers = (options?: { after?: string | null; prefix?: string }): Promise<UsersPage> => this.gateway.listUsers(options);

  setUserRole = (uid: string, role: GrantableRole): Promise<UserDocument> => this.gateway.setUserRole(uid, role);

  loadRoleHistory = (): Promise<RoleAuditEntry[]> => this.gateway.getRoleHistory();

  loadTelemetryHours = (sinceHour: string): Promise<TelemetryHour[]> => this.gateway.getTelemetryHours(sinceHour);

  loadMaterialForEdit = (name: string): Promise<VersionedMaterial | null> => this.gateway.getMaterialForEdit(name);

  updateMaterial = async (
    name: string,
    fields: Record<string, unknown>,
    options?: { expectedVersion?: string; action?: 'update' | 'restore' },
  ): Promise<VersionedMaterial> => {
    const result = await this.gateway.updateMaterial(name, fields, options);
    this.market.applyMaterialChange(result.material);
    return result;
  };

  loadMaterialHistory = (name: string): Promise<MaterialAuditEntry[]> => this.gateway.getMaterialHistory(name);

  addMaterial = async (name: string, fields: NewMaterialDocument): Promise<Material> => {
    const material = await this.gateway.addMaterial(name, fields);
    this.market.applyMaterialAdded(material);
    return material;
  };
}
