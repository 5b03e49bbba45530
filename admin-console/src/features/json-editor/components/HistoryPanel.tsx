import { lazy, Suspense } from 'react';
import { observer } from 'mobx-react-lite';
import type { AuditAction, AuditEntry } from '@sbc/shared';
import { formatDateTimeIt } from '@sbc/domain';
import type { JsonEditorStore } from '../stores/json-editor-store';
import { FallbackOnError } from './EditorFrame';

const MonacoDiffView = lazy(() => import('./MonacoDiffView'));

export const ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Creazione',
  update: 'Modifica',
  restore: 'Ripristino',
};

const when = (entry: AuditEntry) => (entry.at ? formatDateTimeIt(entry.at) : '—');
const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** Plain side-by-side text while Monaco's diff editor loads (or where it cannot). */
function PlainDiff({ original, modified }: { original: string; modified: string }) {
  return (
    <div className="ac-diff-plain">
      <figure>
        <figcaption className="ac-visually-hidden">Versione selezionata</figcaption>
        <pre>{original}</pre>
      </figure>
      <figure>
        <figcaption className="ac-visually-hidden">Testo attuale</figcaption>
        <pre>{modified}</pre>
      </figure>
    </div>
  );
}

/**
 * The selected product's audit trail (who, when, which fields changed), newest first, with a diff of any
 * version against the current text and "Ripristina" (a normal conflict-checked save of that version).
 */
export const HistoryPanel = observer(function HistoryPanel({
  editor,
  confirmRestore,
}: {
  editor: JsonEditorStore;
  confirmRestore: (entry: AuditEntry) => void;
}) {
  if (!editor.loaded) return null;
  const comparing = editor.comparing;
  return (
    <section className="ac-card ac-history" aria-labelledby="ac-history-title">
      <h2 id="ac-history-title">Cronologia modifiche</h2>
      {editor.historyFailed && <p role="alert">Impossibile caricare la cronologia del prodotto.</p>}
      {editor.history === null && !editor.historyFailed && <p>Caricamento cronologia…</p>}
      {editor.history?.length === 0 && <p>Nessuna modifica registrata per questo prodotto.</p>}
      {editor.history && editor.history.length > 0 && (
        <ol className="ac-history-list">
          {editor.history.map((entry) => (
            <li key={entry.id} className="ac-history-entry">
              <div>
                <strong>{ACTION_LABELS[entry.action]}</strong> · <time dateTime={entry.at?.toISOString()}>{when(entry)}</time>
              </div>
              <div className="ac-history-who">{entry.email ?? entry.uid}</div>
              <div>
                Campi modificati: {entry.changedFields.length ? entry.changedFields.join(', ') : 'nessuno'}
              </div>
              <div className="ac-row">
                <button
                  type="button"
                  className="ac-btn"
                  aria-pressed={comparing?.id === entry.id}
                  onClick={() => editor.compare(comparing?.id === entry.id ? null : entry)}
                >
                  Confronta
                </button>
                <button type="button" className="ac-btn" disabled={editor.saving} onClick={() => confirmRestore(entry)}>
                  Ripristina
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {comparing && (
        <section className="ac-diff-wrap" aria-label={`Confronto con la versione del ${when(comparing)}`}>
          <p>
            Sinistra: versione del {when(comparing)} · destra: testo attuale
          </p>
          <FallbackOnError fallback={<PlainDiff original={pretty(comparing.after)} modified={editor.text} />}>
            <Suspense fallback={<PlainDiff original={pretty(comparing.after)} modified={editor.text} />}>
              <MonacoDiffView original={pretty(comparing.after)} modified={editor.text} label="Confronto versioni" />
            </Suspense>
          </FallbackOnError>
        </section>
      )}
    </section>
  );
});
