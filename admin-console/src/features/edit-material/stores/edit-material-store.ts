import { makeAutoObservable, runInAction } from 'mobx';
import type { MaterialAuditEntry, RootStoreApi, VersionedMaterial } from '@sbc/shared';
import {
  editMaterialMessages,
  parseNumericInput,
  validateAddMaterial,
  type AddMaterialField,
  type AddMaterialFormValues,
} from '@sbc/domain';

/** The form's fields: Add Material's, without the name (the document id, which never changes). */
export type EditMaterialField = Exclude<AddMaterialField, 'name'>;
export const EDIT_MATERIAL_FIELDS: EditMaterialField[] = ['unit', 'value', 'amount', 'spaceRequired', 'image_url'];

export const RESTORE_MATERIAL_SUCCESS = 'Versione ripristinata: il materiale è stato salvato con quei valori.';
export const INVALID_MATERIAL_JSON = 'JSON non valido';

/**
 * Editing one material (issue 38) from its form or its JSON, with its history (who, when, which fields, before and
 * after) and Ripristina. Every save is the shared store's updateMaterial: the editable fields only, conflict-checked
 * against the version loaded, with its materialAudit entry. The form's rules are Add Material's
 * (domain/src/validation/add-material.ts), the whole document's validateMaterialEdit (checked by the gateway).
 */
export class EditMaterialStore {
  selected: string | null = null;
  loaded: VersionedMaterial | null = null;
  values: Omit<AddMaterialFormValues, 'name'> = { unit: '', spaceRequired: '', value: '', amount: '', image_url: '' };
  json = '';
  history: MaterialAuditEntry[] = [];
  /** The entry whose before/after is shown. */
  comparing: string | null = null;
  saving = false;
  status: { kind: 'success' | 'error'; text: string } | null = null;

  constructor(private readonly root: RootStoreApi) {
    makeAutoObservable<EditMaterialStore, 'root'>(this, { root: false }, { autoBind: true });
  }

  /** The form's first failing rule per field (Add Material's rules; the name is not the form's). */
  get errors(): Partial<Record<EditMaterialField, string>> {
    const { name: _name, ...errors } = validateAddMaterial({ name: this.selected ?? 'xx', ...this.values });
    return errors;
  }

  async select(name: string): Promise<void> {
    this.selected = name === '' ? null : name;
    this.loaded = null;
    this.history = [];
    this.status = null;
    this.comparing = null;
    if (!this.selected) return;
    const loaded = await this.root.admin.loadMaterialForEdit(this.selected);
    runInAction(() => this.show(loaded));
    await this.loadHistory();
  }

  setField(field: EditMaterialField, value: string): void {
    this.values = { ...this.values, [field]: value };
  }

  setJson(text: string): void {
    this.json = text;
  }

  compare(entryId: string | null): void {
    this.comparing = this.comparing === entryId ? null : entryId;
  }

  /** Saves the form's fields over the loaded document. */
  saveForm(): Promise<void> {
    if (!this.loaded || Object.keys(this.errors).length > 0) return Promise.resolve();
    const num = (raw: string) => parseNumericInput(raw) ?? 0;
    const image = this.values.image_url.trim();
    const { image_url: _image, ...rest } = this.loaded.raw;
    const fields: Record<string, unknown> = {
      ...rest,
      unit: this.values.unit.trim(),
      value: num(String(this.values.value)),
      amount: num(String(this.values.amount)),
      spaceRequired: num(String(this.values.spaceRequired)),
      ...(image === '' ? {} : { image_url: image }),
    };
    return this.save(fields, 'update', editMaterialMessages.success(this.selected!));
  }

  /** Saves the JSON text as the whole document. */
  saveJson(): Promise<void> {
    let fields: unknown;
    try {
      fields = JSON.parse(this.json);
    } catch {
      this.status = { kind: 'error', text: INVALID_MATERIAL_JSON };
      return Promise.resolve();
    }
    if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) {
      this.status = { kind: 'error', text: INVALID_MATERIAL_JSON };
      return Promise.resolve();
    }
    return this.save(fields as Record<string, unknown>, 'update', editMaterialMessages.success(this.selected!));
  }

  /** Ripristina: saves the entry's version (its "after") as a restore, conflict-checked like any save. */
  restore(entry: MaterialAuditEntry): Promise<void> {
    return this.save({ ...entry.after }, 'restore', RESTORE_MATERIAL_SUCCESS);
  }

  private async save(fields: Record<string, unknown>, action: 'update' | 'restore', success: string): Promise<void> {
    if (!this.selected || !this.loaded) return;
    this.saving = true;
    this.status = null;
    try {
      const saved = await this.root.admin.updateMaterial(this.selected, fields, { expectedVersion: this.loaded.version, action });
      runInAction(() => {
        this.show(saved);
        this.status = { kind: 'success', text: success };
      });
      await this.loadHistory();
    } catch (error) {
      runInAction(() => {
        this.status = { kind: 'error', text: error instanceof Error && error.message ? error.message : editMaterialMessages.failed };
      });
    } finally {
      runInAction(() => {
        this.saving = false;
      });
    }
  }

  private async loadHistory(): Promise<void> {
    if (!this.selected) return;
    const name = this.selected;
    try {
      const history = await this.root.admin.loadMaterialHistory(name);
      runInAction(() => {
        if (this.selected === name) this.history = history;
      });
    } catch {
      runInAction(() => {
        this.history = [];
      });
    }
  }

  private show(loaded: VersionedMaterial | null): void {
    this.loaded = loaded;
    if (!loaded) {
      this.status = { kind: 'error', text: editMaterialMessages.notFound(this.selected ?? '') };
      return;
    }
    const raw = loaded.raw;
    const text = (key: string) => (raw[key] === undefined || raw[key] === null ? '' : String(raw[key]));
    this.values = { unit: text('unit'), spaceRequired: text('spaceRequired'), value: text('value'), amount: text('amount'), image_url: text('image_url') };
    const { updatedAt: _u, auditId: _a, ...shown } = raw;
    this.json = JSON.stringify(shown, null, 2);
  }
}
