import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStoreApi } from '@sbc/shared';
import {
  checkProductFile,
  exportMaterialFile,
  exportProductFile,
  parseMaterialFile,
  parseProductFile,
  planImport,
  planMaterialImport,
  ProductFileError,
  rowToNewDocument,
  type BulkJobKind,
  type CatalogQuery,
  type ImportOutcome,
  type ImportPlanRow,
  type ProductFileFormat,
} from '@sbc/domain';
import { EXPORT_FAILED, EXPORT_MATERIALS_FAILED, IMPORT_READ_FAILED, importFileError, MATERIALS_READ_FAILED } from '../texts';
import { BulkJob } from './bulk-job';

/** What the import needs of a chosen file (a File in the browser). */
export type ImportFile = Blob & { name: string };

/** The file's text (Blob.text where the browser has it, else a FileReader). */
function readText(file: ImportFile): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/**
 * Import: the file is checked before it is read (size, .csv/.json: domain checkProductFile), parsed row by row
 * with line numbers, compared with the products it names (one read per product found) or with the materials'
 * ledger (one read a material) → the dry run, row by row; applying is a BulkJob like a bulk edit's (batches,
 * progress, resumable, one audit entry per product or material).
 * Export: the products matching the list's query (N reads), or every material, in the same format.
 */
export class ImportStore {
  /** What the files hold: products or materials (the choice beside the file input). */
  kind: BulkJobKind = 'products';
  fileName: string | null = null;
  state: 'idle' | 'reading' | 'planned' | 'error' = 'idle';
  fileError: string | null = null;
  plan: ImportPlanRow[] = [];
  job: BulkJob | null = null;
  exportError: string | null = null;
  exporting = false;

  constructor(private readonly root: RootStoreApi) {
    makeAutoObservable<ImportStore, 'root'>(this, { root: false }, { autoBind: true });
  }

  get counts(): Record<ImportOutcome, number> {
    const counts = { create: 0, update: 0, unchanged: 0, refused: 0 };
    for (const row of this.plan) counts[row.outcome] += 1;
    return counts;
  }

  setKind(kind: BulkJobKind): void {
    if (this.job?.state === 'applying' || this.state === 'reading') return;
    this.kind = kind;
    this.discard();
    this.fileError = null;
    this.exportError = null;
  }

  async dryRun(file: ImportFile): Promise<void> {
    this.fileName = file.name;
    this.plan = [];
    this.job = null;
    this.fileError = null;
    let format: ProductFileFormat;
    try {
      format = checkProductFile(file);
    } catch (error) {
      this.refuse(error);
      return;
    }
    this.state = 'reading';
    if (this.kind === 'materials') {
      await this.dryRunMaterials(file, format);
      return;
    }
    try {
      const rows = parseProductFile(await readText(file), format);
      const valid = rows.flatMap((r) => (r.values ? [r.values] : []));
      const found = await this.root.admin.findProductsForImport(
        valid.map((v) => v.slug),
        valid.map((v) => rowToNewDocument(v).id),
      );
      const stored = new Map(found.map((p) => [String(p.fields.slug ?? p.id), p]));
      const plan = planImport(rows, stored);
      runInAction(() => {
        this.plan = plan;
        this.job = new BulkJob(this.root, plan.flatMap((row) => (row.change ? [row.change] : [])));
        this.state = 'planned';
      });
    } catch (error) {
      runInAction(() => this.refuse(error));
    }
  }

  private async dryRunMaterials(file: ImportFile, format: ProductFileFormat): Promise<void> {
    try {
      const rows = parseMaterialFile(await readText(file), format);
      const ledger = await this.root.admin.listMaterialDocuments();
      const plan = planMaterialImport(rows, new Map(ledger.map((m) => [m.id, m.fields])));
      runInAction(() => {
        this.plan = plan;
        this.job = new BulkJob(this.root, plan.flatMap((row) => (row.change ? [row.change] : [])), { kind: 'materials' });
        this.state = 'planned';
      });
    } catch (error) {
      runInAction(() => this.refuse(error, MATERIALS_READ_FAILED));
    }
  }

  discard(): void {
    if (this.job?.state === 'applying') return;
    this.plan = [];
    this.job = null;
    this.state = 'idle';
    this.fileName = null;
  }

  /** The file's text for the products matching `query`, or for every material; null when they cannot be read. */
  async exportMatching(query: CatalogQuery, format: ProductFileFormat): Promise<{ text: string; count: number } | null> {
    this.exporting = true;
    this.exportError = null;
    const kind = this.kind;
    try {
      if (kind === 'materials') {
        const materials = await this.root.admin.listMaterialDocuments();
        return { text: exportMaterialFile(materials, format), count: materials.length };
      }
      const products = await this.root.admin.listAllMatching(query);
      return { text: exportProductFile(products.map((p) => p.fields), format), count: products.length };
    } catch {
      runInAction(() => {
        this.exportError = kind === 'materials' ? EXPORT_MATERIALS_FAILED : EXPORT_FAILED;
      });
      return null;
    } finally {
      runInAction(() => {
        this.exporting = false;
      });
    }
  }

  private refuse(error: unknown, otherwise = IMPORT_READ_FAILED): void {
    this.state = 'error';
    this.fileError = error instanceof ProductFileError ? importFileError(error.message, error.line) : otherwise;
  }
}
