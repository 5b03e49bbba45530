/**
 * The products of the fake gateway (./fake-gateway.ts), with the rules callers see in ./products.ts: versions
 * and conflicts, whole-document replaces that keep the protected fields, duplicate and empty slugs, bounded
 * prefix search, and an audit entry for every write (./audit.ts).
 */
import { duplicateSlugMessage, EMPTY_SLUG_MESSAGE, productNotFoundMessage, readProduct, reservedSlugError, SLUG_CHANGE_MESSAGE, takenIdMessage } from '@sbc/domain';
import { recipeMaterialNames, USED_IN_LIMIT, type Material, type Product } from '@sbc/domain';
import { GatewayError, GatewayErrorCode } from './errors';
import { changedFields, snapshotForAudit, type AuditAction, type AuditEntry } from './audit';
import type { AuditGateway, AuthUser, GatewayMethod, ProductsGateway, VersionedProduct } from './gateway';
import type { FakeCallLog } from './fake-calls';
import { usedInFirstView } from './used-in-first-view';

export interface FakeProductData {
  products: Product[];
  /** Version counter per product id; bump it to simulate a concurrent change. */
  versions: Map<string, number>;
  /** Audit entries written with product writes, oldest first (the Firebase gateway's productAudit). */
  audit: AuditEntry[];
  /** The ledger, for the margins of a "Used in" first view. */
  materials: Material[];
}

const PROTECTED = new Set(['slug', 'createdAt', 'migratedAt', 'id']);

/** The product methods over `data`; `signedIn` names the author of each audit entry. */
export function fakeProductMethods(
  data: FakeProductData,
  enter: FakeCallLog<GatewayMethod>['enter'],
  signedIn: () => AuthUser | null,
): { products: ProductsGateway; productHistory: AuditGateway['productHistory'] } {
  const usingMaterial = (name: string) =>
    data.products
      .filter((p) => (p.requested_materials[name] ?? 0) > 0)
      .sort((a, b) => a.name.localeCompare(b.name))
      .slice(0, USED_IN_LIMIT + 1);
  const version = (product: Product) => `fake-v${data.versions.get(product.id) ?? 0}`;
  const rawOf = (product: Product): Record<string, unknown> => {
    const { id: _id, ...rest } = product;
    return JSON.parse(JSON.stringify(rest)) as Record<string, unknown>;
  };
  const versioned = (product: Product): VersionedProduct => ({ product, version: version(product), raw: rawOf(product) });
  const findBySlug = (slug: string) =>
    data.products.find((p) => p.id === slug) ?? data.products.find((p) => p.slug === slug);

  /** Like the Firebase gateway: every product write leaves an entry naming the signed-in user. */
  const record = (product: Product, action: AuditAction, before: Product | null) => {
    const beforeRaw = before ? snapshotForAudit(rawOf(before)) : null;
    const after = snapshotForAudit(rawOf(product));
    const user = signedIn();
    data.audit.push({
      id: `audit-${data.audit.length + 1}`,
      productId: product.id,
      slug: product.slug,
      action,
      uid: user?.uid ?? '',
      email: user?.email ?? null,
      at: new Date(Date.now() + data.audit.length),
      before: beforeRaw,
      after,
      changedFields: changedFields(beforeRaw, after),
    });
  };

  const products: ProductsGateway = {
    async getAll() {
      await enter('products.getAll', []);
      return [...data.products].sort((a, b) => a.name.localeCompare(b.name));
    },
    async getByCategory(category) {
      await enter('products.getByCategory', [category]);
      return data.products.filter((p) => p.category === category).sort((a, b) => a.name.localeCompare(b.name));
    },
    async getFirstPageOfCategory(category, count) {
      await enter('products.getFirstPageOfCategory', [category, count]);
      return data.products
        .filter((p) => p.category === category)
        .sort((a, b) => a.name.localeCompare(b.name))
        .slice(0, count);
    },
    async countInCategory(category) {
      await enter('products.countInCategory', [category]);
      return data.products.filter((p) => p.category === category).length;
    },
    async getUsingMaterial(name) {
      await enter('products.getUsingMaterial', [name]);
      return usingMaterial(name);
    },
    // As ./products.ts: ranked over the whole list and the materials its recipes name.
    async getUsingMaterialFirstView(name, count) {
      await enter('products.getUsingMaterialFirstView', [name, count]);
      const products = usingMaterial(name);
      const names = new Set(recipeMaterialNames(products));
      return usedInFirstView(products, name, data.materials.filter((m) => names.has(m.name)), count);
    },
    async getBySlug(slug) {
      await enter('products.getBySlug', [slug]);
      return findBySlug(slug) ?? data.products.find((p) => p.name === slug) ?? null;
    },
    async getForEdit(slug) {
      await enter('products.getForEdit', [slug]);
      const product = findBySlug(slug);
      return product ? versioned(product) : null;
    },
    async add(write, options) {
      await enter('products.add', [write, options]);
      const product = write as Record<string, unknown>;
      const slug = typeof product.slug === 'string' ? product.slug : '';
      if (slug.trim() === '') throw new GatewayError(GatewayErrorCode.invalidData, EMPTY_SLUG_MESSAGE);
      const reserved = reservedSlugError(slug);
      if (reserved !== null) throw new GatewayError(GatewayErrorCode.invalidData, reserved);
      if (data.products.some((p) => p.slug === slug)) {
        throw new GatewayError(GatewayErrorCode.duplicateSlug, duplicateSlugMessage(slug));
      }
      // Like the Firebase gateway: an explicit id already in use is refused, never replaced.
      const taken = options?.explicitId ? data.products.find((p) => p.id === options.explicitId) : undefined;
      if (taken) throw new GatewayError(GatewayErrorCode.duplicateSlug, takenIdMessage(taken.slug, slug));
      const id = options?.explicitId ?? `auto-${data.products.length + 1}`;
      const now = new Date();
      const added = readProduct(id, { ...product, enabled: product.enabled ?? true, createdAt: now, updatedAt: now });
      data.products.push(added);
      record(added, 'create', null);
      return id;
    },
    async update(slug, fields, options) {
      await enter('products.update', [slug, fields, options]);
      const existing = findBySlug(slug);
      if (!existing) throw new GatewayError(GatewayErrorCode.notFound, productNotFoundMessage(slug));
      if (options?.expectedVersion !== undefined && options.expectedVersion !== version(existing)) {
        throw new GatewayError(GatewayErrorCode.conflict, `Il prodotto "${slug}" è stato modificato da un'altra sessione`);
      }
      if (typeof fields.slug === 'string' && fields.slug !== existing.slug) {
        throw new GatewayError(GatewayErrorCode.invalidData, SLUG_CHANGE_MESSAGE);
      }
      // A whole-document replace: what `fields` leaves out is gone; the protected fields stay as stored.
      const kept = Object.fromEntries(Object.entries(rawOf(existing)).filter(([key]) => PROTECTED.has(key)));
      const changes = Object.fromEntries(Object.entries(fields).filter(([key]) => !PROTECTED.has(key)));
      const updated = readProduct(existing.id, { ...changes, ...kept, updatedAt: new Date() });
      data.products = data.products.map((p) => (p.id === existing.id ? updated : p));
      data.versions.set(existing.id, (data.versions.get(existing.id) ?? 0) + 1);
      record(updated, options?.action ?? 'update', existing);
      return versioned(updated);
    },
    async search(text) {
      await enter('products.search', [text]);
      const q = text.trim().toLowerCase();
      return data.products
        .filter((p) => q === '' || p.name.toLowerCase().startsWith(q) || p.slug.toLowerCase().startsWith(q))
        .sort((a, b) => a.name.localeCompare(b.name))
        .slice(0, q === '' ? 6 : 18);
    },
  };
  return {
    products,
    async productHistory(productId) {
      await enter('audit.productHistory', [productId]);
      return data.audit.filter((e) => e.productId === productId).reverse().slice(0, 20);
    },
  };
}
