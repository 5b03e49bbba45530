import { makeAutoObservable, runInAction } from 'mobx';
import {
  exportFileName,
  filterProducts,
  formatJson,
  isGatewayError,
  JSON_EDITOR_MESSAGE_TIMEOUT_MS,
  JSON_EDITOR_MESSAGES,
  jsonEditorButtons,
  jsonStatusLabel,
  jsonTextError,
  minifyJson,
  parseJsonText,
  validateProductForUpdate,
  type RootStoreApi,
  type VersionedProduct,
} from '@sbc/shared';

export type EditorMessage = { kind: 'success' | 'error'; text: string };

/** Shown when the stored product changed since it was loaded: the admin's text is kept. */
export const CONFLICT_MESSAGE =
  'Il prodotto è stato modificato da qualcun altro dopo il caricamento. Le tue modifiche sono ancora qui: ricarica per vedere la versione salvata o sovrascrivila.';
export const DRAFT_RESTORED_MESSAGE = 'Bozza non salvata ripristinata per questo prodotto.';
export const draftKey = (slug: string) => `app.jsonEditor.draft.${slug}`;

const pretty = (raw: Record<string, unknown>) => JSON.stringify(raw, null, 2);

/**
 * The JSON editor's state machine (SPEC section 4 "JSON editor"), independent of Monaco so that it is unit
 * tested with a fake gateway. Never loses an edit: saves carry the loaded version (a concurrent change is a
 * conflict, not an overwrite) and unsaved text is kept as a per-product draft in session storage.
 */
export class JsonEditorStore {
  text = '';
  error: string | null = null;
  validated = false;
  message: EditorMessage | null = null;
  query = '';
  selectedSlug: string | null = null;
  loaded: VersionedProduct | null = null;
  loadedText = '';
  loading = false;
  saving = false;
  conflict = false;
  productsFailed = false;
  private messageTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly root: RootStoreApi,
    private readonly storage: Storage | null = typeof sessionStorage === 'undefined' ? null : sessionStorage,
  ) {
    makeAutoObservable<this, 'root' | 'storage' | 'messageTimer'>(this, { root: false, storage: false, messageTimer: false });
  }

  get products() {
    return filterProducts(this.root.market.products, this.query);
  }

  get buttons() {
    return jsonEditorButtons({ hasSelection: this.selectedSlug !== null, text: this.text, hasError: this.error !== null });
  }

  get statusLabel() {
    return jsonStatusLabel(this.text);
  }

  get dirty(): boolean {
    return this.selectedSlug !== null && this.text !== this.loadedText;
  }

  /** 'valid and well formatted': parses and is exactly the 2-space pretty print. */
  get wellFormatted(): boolean {
    if (this.text.trim() === '' || this.error) return false;
    try {
      return formatJson(this.text) === this.text;
    } catch {
      return false;
    }
  }

  async loadProducts(): Promise<void> {
    await this.root.market.loadProducts();
    runInAction(() => {
      this.productsFailed = this.root.market.productsState === 'error';
      if (this.productsFailed) this.flash('error', JSON_EDITOR_MESSAGES.loadProductsFailed);
    });
  }

  setQuery(query: string): void {
    this.query = query;
  }

  edit(text: string): void {
    this.text = text;
    this.validated = false;
    this.clearMessage();
    this.error = jsonTextError(text);
    this.saveDraft();
  }

  format(): void {
    if (this.buttons.format) this.rewrite(formatJson, JSON_EDITOR_MESSAGES.formatSuccess, JSON_EDITOR_MESSAGES.formatFailed);
  }

  minify(): void {
    if (this.buttons.minify) this.rewrite(minifyJson, JSON_EDITOR_MESSAGES.minifySuccess, JSON_EDITOR_MESSAGES.minifyFailed);
  }

  private rewrite(transform: (text: string) => string, success: string, failure: string): void {
    try {
      this.text = transform(this.text);
      this.validated = true;
      this.saveDraft();
      this.flash('success', success);
    } catch {
      this.flash('error', failure);
    }
  }

  validate(): void {
    if (!this.buttons.validate) return;
    const result = parseJsonText(this.text);
    if ('error' in result) {
      this.error = result.error;
      this.validated = false;
    } else {
      this.error = null;
      this.validated = true;
      this.flash('success', JSON_EDITOR_MESSAGES.validSuccess);
    }
  }

  async select(slug: string | null): Promise<void> {
    if (!slug) return this.reset();
    this.selectedSlug = slug;
    await this.load(slug, { preferDraft: true });
  }

  async reload(): Promise<void> {
    if (!this.buttons.reload || !this.selectedSlug) return;
    this.clearDraft();
    await this.load(this.selectedSlug, { preferDraft: false });
  }

  /** Esc: clears the selection and the editor (the draft goes too: the admin asked to start over). */
  reset(): void {
    if (this.selectedSlug) this.clearDraft();
    this.selectedSlug = null;
    this.loaded = null;
    this.loadedText = '';
    this.text = '';
    this.error = null;
    this.validated = false;
    this.conflict = false;
    this.clearMessage();
  }

  async save(): Promise<void> {
    await this.write(this.loaded?.version);
  }

  /** After a conflict: save this text over the newer stored version, knowingly. */
  async overwrite(): Promise<void> {
    if (!this.selectedSlug) return;
    const current = await this.root.admin.loadForEdit(this.selectedSlug);
    await this.write(current?.version);
  }

  /** Returns the file to download, or null when export is not possible. */
  exportJson(download: (fileName: string, content: string) => void): void {
    if (!this.buttons.export) return;
    try {
      download(exportFileName(this.selectedSlug), this.text);
      this.flash('success', JSON_EDITOR_MESSAGES.exportSuccess);
    } catch {
      this.flash('error', JSON_EDITOR_MESSAGES.exportFailed);
    }
  }

  dispose(): void {
    clearTimeout(this.messageTimer);
  }

  private async write(expectedVersion: string | undefined): Promise<void> {
    if (!this.buttons.save || !this.selectedSlug || this.saving) return;
    const parsed = parseJsonText(this.text);
    if ('error' in parsed) {
      this.error = parsed.error;
      return;
    }
    const invalid = validateProductForUpdate(parsed.value);
    if (invalid) return this.flash('error', invalid);
    const slug = this.selectedSlug;
    this.saving = true;
    try {
      const saved = await this.root.admin.updateProduct(slug, parsed.value as Record<string, unknown>, { expectedVersion });
      this.clearDraft();
      runInAction(() => this.applyLoaded(saved));
      await this.root.market.loadProducts({ force: true });
      runInAction(() => this.flash('success', JSON_EDITOR_MESSAGES.updateSuccess));
    } catch (error) {
      runInAction(() => {
        if (isGatewayError(error) && error.code === 'conflict') {
          this.conflict = true;
          this.flash('error', CONFLICT_MESSAGE, { sticky: true });
        } else {
          this.flash('error', error instanceof Error && error.message ? error.message : JSON_EDITOR_MESSAGES.updateFailed);
        }
      });
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  private async load(slug: string, { preferDraft }: { preferDraft: boolean }): Promise<void> {
    this.loading = true;
    this.clearMessage();
    try {
      const product = await this.root.admin.loadForEdit(slug);
      runInAction(() => {
        if (this.selectedSlug !== slug) return;
        if (!product) {
          this.loaded = null;
          this.text = '';
          this.loadedText = '';
          this.flash('error', JSON_EDITOR_MESSAGES.productNotFound);
          return;
        }
        this.applyLoaded(product);
        const draft = preferDraft ? this.readDraft(slug) : null;
        if (draft !== null && draft !== this.loadedText) {
          this.text = draft;
          this.error = jsonTextError(draft);
          this.flash('success', DRAFT_RESTORED_MESSAGE);
        }
      });
    } catch {
      runInAction(() => this.flash('error', JSON_EDITOR_MESSAGES.productNotFound));
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  private applyLoaded(product: VersionedProduct): void {
    this.loaded = product;
    this.loadedText = pretty(product.raw);
    this.text = this.loadedText;
    this.error = null;
    this.validated = false;
    this.conflict = false;
  }

  private flash(kind: EditorMessage['kind'], text: string, { sticky = false } = {}): void {
    clearTimeout(this.messageTimer);
    this.message = { kind, text };
    if (!sticky) this.messageTimer = setTimeout(() => runInAction(() => (this.message = null)), JSON_EDITOR_MESSAGE_TIMEOUT_MS);
  }

  private clearMessage(): void {
    clearTimeout(this.messageTimer);
    this.message = null;
  }

  private saveDraft(): void {
    if (!this.selectedSlug || !this.storage) return;
    try {
      if (this.dirty) this.storage.setItem(draftKey(this.selectedSlug), this.text);
      else this.storage.removeItem(draftKey(this.selectedSlug));
    } catch {
      // Storage full or unavailable: the beforeunload prompt still guards the edit.
    }
  }

  private readDraft(slug: string): string | null {
    try {
      return this.storage?.getItem(draftKey(slug)) ?? null;
    } catch {
      return null;
    }
  }

  private clearDraft(): void {
    if (!this.selectedSlug) return;
    try {
      this.storage?.removeItem(draftKey(this.selectedSlug));
    } catch {
      // ignored: see saveDraft
    }
  }
}
