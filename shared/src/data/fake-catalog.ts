/**
 * The catalogue calls of the fake gateway (./fake-gateway.ts), with the rules callers see in ./admin-catalog.ts:
 * the same query plan, pages of CATALOG_PAGE_SIZE with a value cursor, bulk changes in chunks that skip what an
 * earlier run of the job applied and what changed since the preview, one audit entry per product written.
 * `data.bulkFailAfterChunks` makes the next bulk run fail once after that many committed chunks (a network
 * failure halfway).
 */
import {
  bulkAuditEntryId,
  CATALOG_PAGE_SIZE,
  catalogQueryPlan,
  compareCatalog,
  matchesCatalogQuery,
  readProduct,
  type CatalogQuery,
} from '@sbc/domain';
import type { Product } from '@sbc/domain';
import { changedFields, snapshotForAudit } from './audit';
import type { CatalogProduct } from './admin-catalog-types';
import type { FakeCallLog } from './fake-calls';
import type { FakeProductData } from './fake-products';
import type { AuthUser, CatalogGateway, GatewayMethod } from './gateway';
import type { PlainJson } from './plain-json';
import { storedAsPreviewed } from './bulk-job-writes';
import { runFakeJob, type FakeJobData } from './fake-bulk-job';

export interface FakeCatalogData extends FakeProductData, FakeJobData {}

const fieldsOf = (product: Product): Record<string, PlainJson> => {
  const { id: _id, ...rest } = product;
  return JSON.parse(JSON.stringify(rest)) as Record<string, PlainJson>;
};

export function fakeCatalogMethods(
  data: FakeCatalogData,
  enter: FakeCallLog<GatewayMethod>['enter'],
  signedIn: () => AuthUser | null,
): Omit<CatalogGateway, 'listMaterialDocuments' | 'applyMaterialChanges'> {
  const matching = (q: CatalogQuery): CatalogProduct[] =>
    data.products
      .map((p) => ({ id: p.id, fields: fieldsOf(p) }))
      .filter((p) => matchesCatalogQuery(p.fields, q))
      .sort(compareCatalog(q));
  return {
    async listPage(q, after) {
      await enter('catalog.listPage', [q, after]);
      const all = matching(q);
      const compare = compareCatalog(q);
      const rest = after ? all.filter((p) => compare(p, { id: after.id, fields: { ...cursorFields(q, after.value) } }) > 0) : all;
      return { products: rest.slice(0, CATALOG_PAGE_SIZE), hasMore: rest.length > CATALOG_PAGE_SIZE };
    },
    async count(q) {
      await enter('catalog.count', [q]);
      return matching(q).length;
    },
    async listAllMatching(q) {
      await enter('catalog.listAllMatching', [q]);
      return matching(q);
    },
    async findForImport(slugs, ids) {
      await enter('catalog.findForImport', [slugs, ids]);
      return data.products.filter((p) => slugs.includes(p.slug) || ids.includes(p.id)).map((p) => ({ id: p.id, fields: fieldsOf(p) }));
    },
    async applyBulkChanges(jobId, changes, onProgress) {
      await enter('catalog.applyBulkChanges', [jobId, changes]);
      return runFakeJob(
        data,
        changes,
        {
          written: (change) => data.audit.some((e) => e.id === bulkAuditEntryId(jobId, change.productId)),
          write: (change) => {
            const entryId = bulkAuditEntryId(jobId, change.productId);
            const stored = data.products.find((p) => p.id === change.productId);
            const user = signedIn();
            if (change.create) {
              if (stored) return 'conflict';
              const now = new Date().toISOString();
              const created = readProduct(change.productId, { ...change.after, createdAt: now, updatedAt: now });
              data.products.push(created);
              const after = snapshotForAudit(fieldsOf(created));
              data.audit.push({ id: entryId, productId: created.id, slug: created.slug, action: 'create', uid: user?.uid ?? '', email: user?.email ?? null, at: new Date(Date.now() + data.audit.length), before: null, after, changedFields: changedFields(null, after) });
              return 'applied';
            }
            const fields = stored ? fieldsOf(stored) : null;
            if (!stored || !storedAsPreviewed(fields, change.before)) return 'conflict';
            const updated = readProduct(stored.id, { ...fields, ...change.after, updatedAt: new Date().toISOString() });
            data.products = data.products.map((p) => (p.id === stored.id ? updated : p));
            data.versions.set(stored.id, (data.versions.get(stored.id) ?? 0) + 1);
            const before = snapshotForAudit(fields ?? {});
            const after = snapshotForAudit(fieldsOf(updated));
            data.audit.push({
              id: entryId,
              productId: stored.id,
              slug: stored.slug,
              action: 'update',
              uid: user?.uid ?? '',
              email: user?.email ?? null,
              at: new Date(Date.now() + data.audit.length),
              before,
              after,
              changedFields: changedFields(before, after),
            });
            return 'applied';
          },
        },
        onProgress,
      );
    },
  };
}

/** The fields a cursor stands for, to compare against (the order field only). */
function cursorFields(q: CatalogQuery, value: string | number): Record<string, PlainJson> {
  return { [catalogQueryPlan(q).orderField]: value };
}
