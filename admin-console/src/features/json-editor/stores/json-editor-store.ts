import { makeAutoObservable, runInAction } from 'mobx';
import { isGatewayError, type AuditEntry, type RootStoreApi, type VersionedProduct } from '@sbc/shared';
import { exportFileName, filterProducts, formatJson, JSON_EDITOR_MESSAGE_TIMEOUT_MS, JSON_EDITOR_MESSAGES, jsonEditorButtons, jsonStatusLabel, jsonTextError, minifyJson, parseJsonText, slugEditError, updateErrorMessage, validateProductForUpdate, type Product } from '@sbc/domain';
import { DraftStorage } from './drafts';

/** Typing in the search box queries after this pause (each search costs up to 18 reads). */
export const SEARCH_DEBOUNCE_MS = 250;
export const HISTORY_FAILED_MESSAGE = 'Impossibile caricare la cronologia del prodotto';
export const RESTORE_SUCCESS_MESSAGE = 'Versione ripristinata: il prodotto è stato salvato con quei valori.';

export type EditorMessage = { kind: 'success' | 'error'; text: string };

/** Shown when the stored product changed since it was loaded: the admin's text is kept. */
export const CONFLICT_MESSAGE =
  'Il prodotto è stato modificato da qualcun altro dopo il caricamento. Le tue modifiche sono ancora qui: ricarica per vedere la versione salvata o sovrascrivila.';
/** Saving text typed while no stored version was loaded (the load failed) could overwrite anything. */
export const NOT_LOADED_MESSAGE =
  'Il prodotto non è stato caricato, quindi non si può sapere cosa verrebbe sovrascritto: ricarica per vedere la versione salvata o sovrascrivila.';
export const DRAFT_RESTORED_MESSAGE = 'Bozza non salvata ripristinata per questo prodotto.';

const pretty = (raw: Record<string, unknown>) => JSON.stringify(raw, null, 2);

/**
 * The JSON editor's state machine (SPEC section 4 "JSON editor"), independent of Monaco so that it is unit
 * tested with a fake gateway. Never loses an edit: saves carry the loaded version (a concurrent change is a
 * conflict, not an overwrite) and unsaved text is kept as a per-product draft in session storage (./drafts.ts).
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
  /** The version the text on screen is based on: the loaded one, or a restored draft's older one. */
  baseVersion: string | undefined = undefined;
  loading = false;
  saving = false;
  conflict = false;
  productsFailed = false;
  /** The picker's products: the last prefix search's results (never the whole catalogue). */
  results: Product[] = [];
  /** The selected product's audit entries, newest first; null until loaded. */
  history: AuditEntry[] | null = null;
  historyFailed = false;
  /** The entry whose `after` is compared with the current text in the diff view. */
  comparing: AuditEntry | null = null;
  private messageTimer: ReturnType<typeof setTimeout> | undefined;
  private searchTimer: ReturnType<typeof setTimeout> | undefined;
  private searchSeq = 0;
  private readonly drafts: DraftStorage;

  constructor(
    private readonly root: RootStoreApi,
    storage: Storage | null = typeof sessionStorage === 'undefined' ? null : sessionStorage,
  ) {
    this.drafts = new DraftStorage(storage);
    makeAutoObservable<this, 'root' | 'drafts' | 'messageTimer' | 'searchTimer' | 'searchSeq'>(this, {
      root: false,
      drafts: false,
      messageTimer: false,
      searchTimer: false,
      searchSeq: false,
    });
  }

  /** The search results, plus the selected product if the current search does not list it (the select shows it). */
  get products(): Product[] {
    const listed = filterProducts(this.results, this.query);
    const selected = this.loaded?.product;
    return selected && !listed.some((p) => p.id === selected.id) ? [selected, ...listed] : listed;
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

  /** Opening the editor: the first products by name (one bounded query, not the whole catalogue). */
  async loadProducts(): Promise<void> {
    await this.search(this.query);
  }

  /** Searches by prefix after a short pause, so typing a word costs one search, not one per key. */
  setQuery(query: string): void {
    this.query = query;
    clearTimeout(this.searchTimer);
    this.searchTimer = setTimeout(() => void this.search(query), SEARCH_DEBOUNCE_MS);
  }

  async search(text: string): Promise<void> {
    const seq = ++this.searchSeq;
    try {
      const found = await this.root.admin.searchProducts(text);
      runInAction(() => {
        if (seq !== this.searchSeq) return; // a later search is under way: its results win
        this.results = found;
        this.productsFailed = false;
      });
    } catch {
      runInAction(() => {
        if (seq !== this.searchSeq) return;
        this.productsFailed = true;
        this.flash('error', JSON_EDITOR_MESSAGES.loadProductsFailed);
      });
    }
  }

  /** The selected product's history (≤ 20 reads); called after a load and after every save. */
  async loadHistory(): Promise<void> {
    const productId = this.loaded?.product.id;
    if (!productId) return;
    try {
      const entries = await this.root.admin.loadHistory(productId);
      runInAction(() => {
        if (this.loaded?.product.id !== productId) return;
        this.history = entries;
        this.historyFailed = false;
      });
    } catch {
      runInAction(() => {
        if (this.loaded?.product.id !== productId) return;
        this.historyFailed = true;
      });
    }
  }

  compare(entry: AuditEntry | null): void {
    this.comparing = entry;
  }

  /**
   * "Ripristina": the version's fields become the text and are saved as a normal, conflict-checked save (against
   * the version on screen) that writes its own audit entry (action 'restore').
   */
  async restore(entry: AuditEntry): Promise<void> {
    if (!this.selectedSlug || this.saving) return;
    this.text = pretty(entry.after);
    this.error = null;
    this.comparing = null;
    await this.write(this.baseVersion, 'restore');
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
    // The previous product's text must not stay on screen (and savable) under the new selection.
    if (slug !== this.selectedSlug) this.clearLoaded();
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
    this.clearLoaded();
    this.clearMessage();
  }

  async save(): Promise<void> {
    if (this.baseVersion === undefined && this.selectedSlug && this.buttons.save && !this.saving) {
      this.conflict = true;
      this.flash('error', NOT_LOADED_MESSAGE, { sticky: true });
      return;
    }
    await this.write(this.baseVersion);
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
    // Re-checked here: the button state follows the last edit, the file must be valid JSON whatever happened.
    if ('error' in parseJsonText(this.text)) return this.flash('error', JSON_EDITOR_MESSAGES.invalidJson);
    try {
      download(exportFileName(this.selectedSlug), this.text);
      this.flash('success', JSON_EDITOR_MESSAGES.exportSuccess);
    } catch {
      this.flash('error', JSON_EDITOR_MESSAGES.exportFailed);
    }
  }

  dispose(): void {
    clearTimeout(this.messageTimer);
    clearTimeout(this.searchTimer);
  }

  private async write(expectedVersion: string | undefined, action: 'update' | 'restore' = 'update'): Promise<void> {
    if (!this.buttons.save || !this.selectedSlug || this.saving) return;
    const parsed = parseJsonText(this.text);
    if ('error' in parsed) {
      this.error = parsed.error;
      return;
    }
    const invalid = validateProductForUpdate(parsed.value);
    if (invalid) return this.flash('error', invalid);
    const loadedSlug = this.loaded?.product.slug;
    const slugError = loadedSlug === undefined ? null : slugEditError((parsed.value as Record<string, unknown>).slug, loadedSlug);
    if (slugError !== null) return this.flash('error', slugError, { sticky: true });
    const slug = this.selectedSlug;
    this.saving = true;
    try {
      const saved = await this.root.admin.updateProduct(slug, parsed.value as Record<string, unknown>, { expectedVersion, action });
      this.clearDraft();
      runInAction(() => this.applyLoaded(saved));
      void this.loadHistory();
      runInAction(() => this.flash('success', action === 'restore' ? RESTORE_SUCCESS_MESSAGE : JSON_EDITOR_MESSAGES.updateSuccess));
    } catch (error) {
      runInAction(() => {
        if (isGatewayError(error) && error.code === 'conflict') {
          this.conflict = true;
          this.flash('error', CONFLICT_MESSAGE, { sticky: true });
        } else {
          this.flash('error', updateErrorMessage(error));
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
          this.clearLoaded();
          this.flash('error', JSON_EDITOR_MESSAGES.productNotFound);
          return;
        }
        this.applyLoaded(product);
        void this.loadHistory();
        const draft = preferDraft ? this.drafts.read(slug) : null;
        if (draft !== null && draft.text !== this.loadedText) {
          this.text = draft.text;
          this.baseVersion = draft.version;
          this.error = jsonTextError(draft.text);
          this.flash('success', DRAFT_RESTORED_MESSAGE);
        }
      });
    } catch {
      runInAction(() => {
        if (this.selectedSlug !== slug) return;
        // As for an unknown product: nothing of the previously shown product may remain (nor be saved here).
        // The stored draft, if any, stays for the next successful load.
        this.clearLoaded();
        this.flash('error', JSON_EDITOR_MESSAGES.productNotFound);
      });
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  private applyLoaded(product: VersionedProduct): void {
    this.loaded = product;
    this.baseVersion = product.version;
    this.loadedText = pretty(product.raw);
    this.text = this.loadedText;
    this.error = null;
    this.validated = false;
    this.conflict = false;
  }

  private clearLoaded(): void {
    this.loaded = null;
    this.history = null;
    this.historyFailed = false;
    this.comparing = null;
    this.baseVersion = undefined;
    this.loadedText = '';
    this.text = '';
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
    // Without a base version (nothing loaded) a draft could not be checked for conflicts later: none is kept.
    if (!this.selectedSlug || this.baseVersion === undefined) return;
    if (this.dirty) this.drafts.write(this.selectedSlug, { text: this.text, version: this.baseVersion });
    else this.drafts.remove(this.selectedSlug);
  }

  private clearDraft(): void {
    if (this.selectedSlug) this.drafts.remove(this.selectedSlug);
  }
}
