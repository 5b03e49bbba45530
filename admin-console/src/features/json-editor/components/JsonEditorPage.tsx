import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { usePageMeta, useRootStore } from '@sbc/shared';
import { formatCountIt, formatDateTimeIt, formatEur } from '@sbc/domain';
import { AdminNotes } from '../../../components/AdminNotes';
import { useConfirm } from '../../../components/ConfirmDialog';
import { useUnsavedChangesGuard } from '../../../hooks/use-unsaved-changes-guard';
import { JsonEditorStore } from '../stores/json-editor-store';
import { EditorFrame } from './EditorFrame';
import { HistoryPanel } from './HistoryPanel';
import { confirmReload, confirmReset, useEditorShortcuts } from '../hooks/use-editor-shortcuts';
import '../../../components/admin.css';
import { BackToDashboard } from '../../../components/BackToDashboard';

export const RESTORE_QUESTION = 'Ripristinare questa versione? Il prodotto verrà salvato con quei valori.';

function downloadFile(fileName: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** /admin/json-editor: edit a whole product record as JSON (SPEC sections 2, 4, 5). */
export const JsonEditorPage = observer(function JsonEditorPage() {
  const root = useRootStore();
  const [editor] = useState(() => new JsonEditorStore(root));
  usePageMeta({ title: 'JSON Editor · SBC Tycoon', description: 'Modifica dei prodotti come JSON.', robots: 'noindex, nofollow' });
  const confirm = useConfirm();
  useEditorShortcuts(editor, confirm);
  useUnsavedChangesGuard(editor.dirty, confirm);

  useEffect(() => {
    void editor.loadProducts();
    return () => editor.dispose();
  }, [editor]);

  const product = editor.loaded?.product;
  const buttons = editor.buttons;
  return (
    <div className="ac-page">
      <BackToDashboard />
      <h1>JSON Editor</h1>

      <section className="ac-card ac-row" aria-label="Selezione prodotto">
        <div className="ac-field">
          <label htmlFor="ac-product-search">Cerca prodotto</label>
          <div className="ac-row">
            <input
              id="ac-product-search"
              type="search"
              placeholder="Cerca prodotti per nome o slug…"
              value={editor.query}
              onChange={(e) => editor.setQuery(e.target.value)}
            />
            <button type="button" className="ac-btn" onClick={() => editor.setQuery('')} disabled={!editor.query}>
              Cancella ricerca
            </button>
          </div>
        </div>
        <div className="ac-field">
          <label htmlFor="ac-product-select">Prodotto</label>
          <select
            id="ac-product-select"
            value={editor.selectedSlug ?? ''}
            onChange={(e) => void editor.select(e.target.value || null)}
          >
            <option value="">{editor.products.length ? '— Seleziona un prodotto —' : 'Prodotto non trovato'}</option>
            {editor.products.map((p) => (
              <option key={p.id} value={p.slug}>
                {p.name} ({p.slug})
              </option>
            ))}
          </select>
        </div>
      </section>

      {editor.message && (
        <div role={editor.message.kind === 'error' ? 'alert' : 'status'} className={`ac-alert ac-alert-${editor.message.kind}`}>
          {editor.message.text}
          {editor.conflict && (
            <div className="ac-row" style={{ marginTop: 8 }}>
              <button type="button" className="ac-btn" onClick={() => void confirmReload(editor, confirm)}>
                Ricarica
              </button>
              <button type="button" className="ac-btn ac-btn-danger" onClick={() => void editor.overwrite()}>
                Sovrascrivi
              </button>
            </div>
          )}
        </div>
      )}

      <div className="ac-editor-layout">
        <section className="ac-card" aria-label="Editor JSON">
          <div className="ac-row" role="toolbar" aria-label="Strumenti JSON">
            <button type="button" className="ac-btn" disabled={!buttons.format} onClick={() => editor.format()}>
              Formatta
            </button>
            <button type="button" className="ac-btn" disabled={!buttons.minify} onClick={() => editor.minify()}>
              Minifica
            </button>
            <button type="button" className="ac-btn" disabled={!buttons.validate} onClick={() => editor.validate()}>
              Valida
            </button>
          </div>
          {editor.error && (
            <p role="alert" className="ac-alert ac-alert-error">
              Errore di sintassi: {editor.error}
            </p>
          )}
          <EditorFrame value={editor.text} onChange={(text) => editor.edit(text)} />
          <div className="ac-status" aria-live="polite">
            <span>
              Stato: <span className="ac-status-label">{editor.statusLabel}</span>
            </span>
            <span>{editor.text.length} caratteri</span>
            {editor.wellFormatted && <span>✓ JSON valido e ben formattato</span>}
            {editor.dirty && <span>Modifiche non salvate</span>}
          </div>
          <div className="ac-row" style={{ marginTop: 12 }}>
            <button type="button" className="ac-btn" disabled={!buttons.reload} onClick={() => void confirmReload(editor, confirm)}>
              Ricarica JSON
            </button>
            <button
              type="button"
              className="ac-btn ac-btn-primary"
              disabled={!buttons.save || editor.saving}
              onClick={() => void editor.save()}
            >
              {editor.saving ? 'Aggiornando...' : 'Aggiorna Prodotto'}
            </button>
            <button type="button" className="ac-btn" onClick={() => void confirmReset(editor, confirm)}>
              Reset
            </button>
            <button type="button" className="ac-btn" disabled={!buttons.export} onClick={() => editor.exportJson(downloadFile)}>
              Esporta JSON
            </button>
          </div>
          <p className="ac-status">
            Scorciatoie: <span className="ac-kbd">Ctrl/⌘+S</span> aggiorna · <span className="ac-kbd">Ctrl/⌘+R</span> ricarica ·{' '}
            <span className="ac-kbd">Ctrl/⌘+F</span> formatta · <span className="ac-kbd">Esc</span> reset
          </p>
        </section>

        <aside className="ac-card ac-details" aria-labelledby="ac-details-title">
          <h2 id="ac-details-title">Dettagli prodotto</h2>
          {product ? (
            <dl>
              <dt>Nome</dt>
              <dd>{product.name}</dd>
              <dt>Slug</dt>
              <dd>{product.slug}</dd>
              <dt>Categoria</dt>
              <dd>{product.category}</dd>
              <dt>Tipo</dt>
              <dd>{product.type}</dd>
              <dt>Prezzo medio di mercato</dt>
              <dd>{formatEur(product.average_market_price)}</dd>
              <dt>Pezzi sul mercato</dt>
              <dd>{formatCountIt(product.pieces_on_market)}</dd>
              <dt>Produzione</dt>
              <dd>{product.enabled ? 'Abilitata' : 'Sospesa'}</dd>
              <dt>Aggiornato</dt>
              <dd>{product.updatedAt ? formatDateTimeIt(product.updatedAt) : '—'}</dd>
            </dl>
          ) : (
            <p>Nessun prodotto selezionato.</p>
          )}
        </aside>
      </div>
      <HistoryPanel
        editor={editor}
        confirmRestore={(entry) => {
          void confirm({ message: RESTORE_QUESTION, confirmLabel: 'Ripristina' }).then((yes) => {
            if (yes) void editor.restore(entry);
          });
        }}
      />
      <AdminNotes />
    </div>
  );
});
