/**
 * The materials import's calls of the fake gateway (./fake-gateway.ts), with the rules callers see in ./materials.ts:
 * chunks that skip what an earlier run of the job applied (its entry `bulk_{jobId}_{name}` exists) and what changed
 * since the preview, one materialAudit entry per material written. `data.bulkFailAfterChunks` fails the next run once
 * after that many chunks, as for products (./fake-catalog.ts).
 */
import { bulkAuditEntryId, readMaterial, type Material } from '@sbc/domain';
import type { MaterialAuditEntry } from './audit-entries';
import type { FakeCallLog } from './fake-calls';
import type { AuthUser, CatalogGateway, GatewayMethod } from './gateway';
import type { PlainJson } from './plain-json';
import { storedAsPreviewed } from './bulk-job-writes';
import { runFakeJob } from './fake-bulk-job';

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
      return runFakeJob(
        data,
        changes,
        {
          written: (change) => data.materialAudit.some((e) => e.id === bulkAuditEntryId(jobId, change.productId)),
          write: (change) => {
            const index = data.materials.findIndex((m) => m.name === change.productId);
            const stored = index === -1 ? null : rawOf(data.materials[index] as Material);
            if (change.create ? stored !== null : !storedAsPreviewed(stored, change.before)) return 'conflict';
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
              id: bulkAuditEntryId(jobId, change.productId),
              materialId: change.productId,
              action: change.create ? 'create' : 'update',
              uid: user?.uid ?? '',
              email: user?.email ?? null,
              at: new Date(),
              before: stored,
              after,
              changedFields: Object.keys({ ...stored, ...after }).filter((k) => JSON.stringify(stored?.[k]) !== JSON.stringify(after[k])).sort(),
            });
            return 'applied';
          },
        },
        onProgress,
      );
    },
  };
}
