/**
 * The materials import's calls of the fake gateway (./fake-gateway.ts), with the rules callers see in ./materials.ts:
 * chunks that skip what an earlier run of the job applied (its entry `bulk_{jobId}_{name}` exists) and what changed
 * since the preview, one materialAudit entry per material written. `data.bulkFailAfterChunks` fails the next run once
 * after that many chunks, as for products (./fake-catalog.ts).
 */
import { BULK_CHUNK_PRODUCTS, bulkAuditEntryId, chunk, readMaterial, type Material } from '@sbc/domain';
import type { BulkApplyResult } from './admin-catalog-types';
import type { MaterialAuditEntry } from './audit-entries';
import { GatewayError, GatewayErrorCode } from './errors';
import type { FakeCallLog } from './fake-calls';
import type { AuthUser, CatalogGateway, GatewayMethod } from './gateway';
import type { PlainJson } from './plain-json';

export interface FakeMaterialImportData {
  materials: Material[];
  materialAudit: MaterialAuditEntry[];
  bulkFailAfterChunks?: number | null;
}

const rawOf = (material: Material): Record<string, PlainJson> => {
  const { name: _name, ...raw } = material;
  return JSON.parse(JSON.stringify(raw)) as Record<string, PlainJson>;
};

export function fakeMaterialImportMethods(
  data: FakeMaterialImportData,
  enter: FakeCallLog<GatewayMethod>['enter'],
  signedIn: () => AuthUser | null,
): Pick<CatalogGateway, 'listMaterialDocuments' | 'applyMaterialChanges'> {
  return {
    async listMaterialDocuments() {
      await enter('catalog.listMaterialDocuments', []);
      return data.materials.map((m) => ({ id: m.name, fields: rawOf(m) }));
    },
    async applyMaterialChanges(jobId, changes, onProgress) {
      await enter('catalog.applyMaterialChanges', [jobId, changes]);
      const result: BulkApplyResult = { applied: [], alreadyApplied: [], conflicts: [] };
      let done = 0;
      let chunks = 0;
      for (const part of chunk(changes, BULK_CHUNK_PRODUCTS)) {
        if (data.bulkFailAfterChunks != null && chunks >= data.bulkFailAfterChunks) {
          data.bulkFailAfterChunks = null;
          throw new GatewayError(GatewayErrorCode.unavailable, 'Failed to fetch');
        }
        for (const change of part) {
          const entryId = bulkAuditEntryId(jobId, change.productId);
          if (data.materialAudit.some((e) => e.id === entryId)) {
            result.alreadyApplied.push(change.productId);
            continue;
          }
          const index = data.materials.findIndex((m) => m.name === change.productId);
          const stored = index === -1 ? null : rawOf(data.materials[index] as Material);
          const asPreviewed = stored !== null && Object.entries(change.before).every(([k, v]) => JSON.stringify(stored[k] ?? null) === JSON.stringify(v));
          if (change.create ? stored !== null : !asPreviewed) {
            result.conflicts.push(change.productId);
            continue;
          }
          const next: Record<string, unknown> = { ...(stored ?? {}) };
          for (const [field, value] of Object.entries(change.after)) {
            if (value === null) delete next[field];
            else next[field] = value;
          }
          const material = readMaterial(change.productId, next);
          if (index === -1) data.materials.push(material);
          else data.materials[index] = material;
          const after = rawOf(material);
          const user = signedIn();
          data.materialAudit.unshift({
            id: entryId,
            materialId: change.productId,
            action: change.create ? 'create' : 'update',
            uid: user?.uid ?? '',
            email: user?.email ?? null,
            at: new Date(),
            before: stored,
            after,
            changedFields: Object.keys({ ...stored, ...after }).filter((k) => JSON.stringify(stored?.[k]) !== JSON.stringify(after[k])).sort(),
          });
          result.applied.push(change.productId);
        }
        chunks += 1;
        done += part.length;
        onProgress?.({ done, total: changes.length });
      }
      return result;
    },
  };
}
