import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { usePageMeta, useRootStore, type MaterialAuditEntry } from '@sbc/shared';
import { ADD_MATERIAL_LABELS, formatDateTimeIt, IMAGE_URL_MAX_LENGTH, MATERIAL_UNIT_MAX_LENGTH } from '@sbc/domain';
import { useConfirm } from '../../../components/ConfirmDialog';
import { FormField as Field } from '../../../components/FormField';
import { EDIT_MATERIAL_FIELDS, EditMaterialStore, type EditMaterialField } from '../stores/edit-material-store';
import '../../../components/admin.css';
import './edit-material.css';
import { BackToDashboard } from '../../../components/BackToDashboard';

export const RESTORE_MATERIAL_QUESTION = 'Ripristinare questa versione? Il materiale verrà salvato con quei valori.';
const ACTION_LABELS = { create: 'Creazione', update: 'Modifica', restore: 'Ripristino' } as const;
const show = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

/**
 * /admin/materials (issue 38, Italian): a material of the ledger edited from its form or as JSON, by admins and
 * editors; its history (who, when, which fields) with each version's before and after ("Confronta") and
 * "Ripristina" (a conflict-checked save of that version, recorded as a restore).
 */
export const EditMaterialPage = observer(function EditMaterialPage() {
  const root = useRootStore();
  const confirm = useConfirm();
  const [editor] = useState(() => new EditMaterialStore(root));
  usePageMeta({ title: 'Modifica materiale · SBC Tycoon', description: 'Modifica di un materiale del registro scorte.', robots: 'noindex, nofollow' });

  useEffect(() => {
    void root.market.loadMaterials();
  }, [root]);

  const restore = async (entry: MaterialAuditEntry) => {
    if (await confirm({ message: RESTORE_MATERIAL_QUESTION, confirmLabel: 'Ripristina' })) await editor.restore(entry);
  };

  const input = (field: EditMaterialField) => ({
    id: `ac-em-${field}`,
    name: field,
    value: String(editor.values[field] ?? ''),
    'aria-invalid': editor.errors[field] ? true : undefined,
    'aria-describedby': editor.errors[field] ? `ac-em-${field}-error` : undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => editor.setField(field, e.target.value),
  });

  return (
    <div className="ac-page">
      <BackToDashboard />
      <h1>Modifica materiale</h1>
      <div className="ac-card ac-field">
        <label htmlFor="ac-em-select">Materiale</label>
        <select id="ac-em-select" value={editor.selected ?? ''} onChange={(e) => void editor.select(e.target.value)}>
          <option value="">Seleziona un materiale…</option>
          {root.market.materials.map((m) => (
            <option key={m.name} value={m.name}>
              {m.name}
            </option>
          ))}
        </select>
      </div>
      {editor.status && (
        <div role={editor.status.kind === 'error' ? 'alert' : 'status'} className={`ac-alert ac-alert-${editor.status.kind}`}>
          {editor.status.text}
        </div>
      )}
      {editor.loaded && (
        <>
          <form
            className="ac-card ac-form"
            aria-label="Campi del materiale"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void editor.saveForm();
            }}
          >
            {EDIT_MATERIAL_FIELDS.map((field) => (
              <Field key={field} id={`ac-em-${field}`} label={ADD_MATERIAL_LABELS[field]} error={editor.errors[field]}>
                {field === 'unit' || field === 'image_url' ? (
                  <input {...input(field)} type={field === 'image_url' ? 'url' : 'text'} maxLength={field === 'unit' ? MATERIAL_UNIT_MAX_LENGTH : IMAGE_URL_MAX_LENGTH} />
                ) : (
                  <input {...input(field)} type="number" min={0} step="any" inputMode="decimal" />
                )}
              </Field>
            ))}
            <div className="ac-row ac-wide">
              <button type="submit" className="ac-btn ac-btn-primary" disabled={editor.saving || Object.keys(editor.errors).length > 0}>
                Salva Materiale
              </button>
            </div>
          </form>
          <section className="ac-card" aria-labelledby="ac-em-json-title">
            <h2 id="ac-em-json-title">JSON del materiale</h2>
            <textarea className="ac-em-json" aria-labelledby="ac-em-json-title" spellCheck={false} value={editor.json} onChange={(e) => editor.setJson(e.target.value)} rows={14} />
            <div className="ac-row">
              <button type="button" className="ac-btn ac-btn-primary" disabled={editor.saving} onClick={() => void editor.saveJson()}>
                Salva JSON
              </button>
            </div>
          </section>
          <section className="ac-card" aria-labelledby="ac-em-history-title">
            <h2 id="ac-em-history-title">Cronologia modifiche</h2>
            {editor.history.length === 0 && <p>Nessuna modifica registrata.</p>}
            <ol className="ac-em-history">
              {editor.history.map((entry) => (
                <li key={entry.id} className="ac-em-entry">
                  <p>
                    <strong>{ACTION_LABELS[entry.action]}</strong> · {entry.at ? formatDateTimeIt(entry.at) : '—'} ·{' '}
                    <span className="ac-history-who">{entry.email ?? entry.uid}</span>
                  </p>
                  <p>Campi modificati: {entry.changedFields.join(', ') || '—'}</p>
                  <div className="ac-row">
                    <button type="button" className="ac-btn" aria-expanded={editor.comparing === entry.id} onClick={() => editor.compare(entry.id)}>
                      Confronta
                    </button>
                    <button type="button" className="ac-btn" disabled={editor.saving} onClick={() => void restore(entry)}>
                      Ripristina
                    </button>
                  </div>
                  {editor.comparing === entry.id && (
                    <table className="ac-table" aria-label="Prima e dopo">
                      <thead>
                        <tr>
                          <th scope="col">Campo</th>
                          <th scope="col">Prima</th>
                          <th scope="col">Dopo</th>
                        </tr>
                      </thead>
                      <tbody>
                        {entry.changedFields.map((field) => (
                          <tr key={field}>
                            <th scope="row">{field}</th>
                            <td>{show(entry.before?.[field])}</td>
                            <td>{show(entry.after[field])}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  )}
                </li>
              ))}
            </ol>
          </section>
        </>
      )}
    </div>
  );
});
