import { useId, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { BULK_EDIT_LABELS, PERCENT_LABEL, PRODUCT_TYPE_OPTIONS, type BulkEditField, type BulkValue } from '@sbc/domain';
import { useConfirm } from '../../../components/ConfirmDialog';
import type { BulkEditStore } from '../stores/bulk-edit-store';
import type { CatalogStore } from '../stores/catalog-store';
import {
  APPLY_QUESTION,
  applyFailedText,
  applyLabel,
  doneText,
  NO_CHANGES,
  previewTitle,
  progressText,
  RESUME,
  TALENT_NONE,
  UNCHANGED,
} from '../texts';

/** Products per page of the preview (every change is shown, a page at a time). */
const PREVIEW_PAGE = 100;
const TALENT_NONE_VALUE = '\u0000none';

const shown = (value: BulkValue | undefined) => (value === null || value === undefined ? 'None' : typeof value === 'number' ? value.toFixed(2) : value);

/** Bulk edit of the selection: the edit, the preview of every change as a diff, the batched write with progress and resume. */
export const BulkEditPanel = observer(function BulkEditPanel({ bulk, catalog, talents }: { bulk: BulkEditStore; catalog: CatalogStore; talents: string[] }) {
  const confirm = useConfirm();
  const headingId = useId();
  const previewId = useId();
  const [previewPage, setPreviewPage] = useState(0);
  const busy = bulk.state === 'preparing' || bulk.state === 'applying';
  const talentValue = bulk.input.talent_required === null ? TALENT_NONE_VALUE : (bulk.input.talent_required ?? '');
  const pages = Math.max(1, Math.ceil(bulk.changes.length / PREVIEW_PAGE));
  const page = Math.min(previewPage, pages - 1);

  const apply = async () => {
    if (bulk.state === 'preview' && !(await confirm({ message: APPLY_QUESTION, confirmLabel: applyLabel(bulk.changes.length) }))) return;
    await bulk.apply();
    await catalog.refresh();
  };

  return (
    <section className="ac-card ac-catalog-bulk" aria-labelledby={headingId}>
      <h2 id={headingId}>Modifica in blocco</h2>
      <form
        className="ac-catalog-bulk-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setPreviewPage(0);
          void bulk.preview(catalog.targets);
        }}
      >
        <div className="ac-field">
          <label htmlFor="ac-bulk-category">{BULK_EDIT_LABELS.category}</label>
          <input
            id="ac-bulk-category"
            value={bulk.input.category ?? ''}
            placeholder={UNCHANGED}
            aria-invalid={bulk.errors.category ? true : undefined}
            aria-describedby={bulk.errors.category ? 'ac-bulk-category-error' : undefined}
            onChange={(e) => bulk.setInput({ category: e.target.value })}
          />
          {bulk.errors.category && (
            <p className="ac-error" id="ac-bulk-category-error">
              {bulk.errors.category}
            </p>
          )}
        </div>
        <div className="ac-field">
          <label htmlFor="ac-bulk-type">{BULK_EDIT_LABELS.type}</label>
          <select id="ac-bulk-type" value={bulk.input.type ?? ''} onChange={(e) => bulk.setInput({ type: e.target.value })}>
            <option value="">{UNCHANGED}</option>
            {PRODUCT_TYPE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value} lang="en">
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="ac-field">
          <label htmlFor="ac-bulk-talent">{BULK_EDIT_LABELS.talent_required}</label>
          <select
            id="ac-bulk-talent"
            value={talentValue}
            onChange={(e) => bulk.setInput({ talent_required: e.target.value === TALENT_NONE_VALUE ? null : e.target.value })}
          >
            <option value="">{UNCHANGED}</option>
            <option value={TALENT_NONE_VALUE} lang="en">
              {TALENT_NONE}
            </option>
            {talents.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div className="ac-field">
          <label htmlFor="ac-bulk-percent">{PERCENT_LABEL}</label>
          <input
            id="ac-bulk-percent"
            inputMode="decimal"
            placeholder="es. 10 o -5"
            value={bulk.input.pricePercent ?? ''}
            aria-invalid={bulk.errors.pricePercent ? true : undefined}
            aria-describedby={bulk.errors.pricePercent ? 'ac-bulk-percent-error' : 'ac-bulk-percent-hint'}
            onChange={(e) => bulk.setInput({ pricePercent: e.target.value })}
          />
          {bulk.errors.pricePercent ? (
            <p className="ac-error" id="ac-bulk-percent-error">
              {bulk.errors.pricePercent}
            </p>
          ) : (
            <p className="ac-note" id="ac-bulk-percent-hint">
              Prezzo minimo e massimo, arrotondati al centesimo.
            </p>
          )}
        </div>
        <div className="ac-row ac-catalog-wide">
          <button type="submit" className="ac-btn ac-btn-primary" disabled={busy}>
            {bulk.state === 'preparing' ? 'Preparazione…' : 'Anteprima modifiche'}
          </button>
        </div>
        {bulk.errors.form && (
          <p className="ac-error ac-catalog-wide" role="alert">
            {bulk.errors.form}
          </p>
        )}
        {bulk.previewError && (
          <p className="ac-error ac-catalog-wide" role="alert">
            {bulk.previewError}
          </p>
        )}
      </form>

      {bulk.state !== 'editing' && bulk.state !== 'preparing' && (
        <section aria-labelledby={previewId} className="ac-catalog-preview">
          <h3 id={previewId}>{previewTitle(bulk.changes.length, bulk.changedFieldCount)}</h3>
          {bulk.changes.length === 0 ? (
            <p>{NO_CHANGES}</p>
          ) : (
            <>
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard (axe: scrollable-region-focusable) */}
              {/* biome-ignore lint/a11y/useSemanticElements: a labelled scroll container around the table, not a document section */}
              <div className="ac-catalog-table-wrap" role="region" aria-label="Modifiche in anteprima" tabIndex={0}>
                <table className="ac-catalog-table">
                  <caption className="ac-visually-hidden">Ogni modifica: prodotto, campo, prima e dopo</caption>
                  <thead>
                    <tr>
                      <th scope="col">Prodotto</th>
                      <th scope="col">Campo</th>
                      <th scope="col">Prima</th>
                      <th scope="col">Dopo</th>
                    </tr>
                  </thead>
                  <tbody>
                    {bulk.changes.slice(page * PREVIEW_PAGE, (page + 1) * PREVIEW_PAGE).flatMap((change) =>
                      (Object.keys(change.after) as BulkEditField[]).map((field, i) => (
                        <tr key={`${change.productId}/${field}`}>
                          {i === 0 ? (
                            <th scope="row" rowSpan={Object.keys(change.after).length}>
                              {change.name}
                            </th>
                          ) : null}
                          <td>{BULK_EDIT_LABELS[field]}</td>
                          <td>
                            <del>{shown(change.before[field])}</del>
                          </td>
                          <td>
                            <ins>{shown(change.after[field])}</ins>
                          </td>
                        </tr>
                      )),
                    )}
                  </tbody>
                </table>
              </div>
              {pages > 1 && (
                <nav className="ac-row ac-catalog-pager" aria-label="Pagine dell'anteprima">
                  <button type="button" className="ac-btn" disabled={page === 0} onClick={() => setPreviewPage(page - 1)}>
                    Modifiche precedenti
                  </button>
                  <span>
                    {page + 1} / {pages}
                  </span>
                  <button type="button" className="ac-btn" disabled={page >= pages - 1} onClick={() => setPreviewPage(page + 1)}>
                    Modifiche successive
                  </button>
                </nav>
              )}
              {(bulk.state === 'preview' || bulk.state === 'applying') && (
                <div className="ac-row">
                  <button type="button" className="ac-btn ac-btn-primary" disabled={bulk.state === 'applying'} onClick={() => void apply()}>
                    {applyLabel(bulk.changes.length)}
                  </button>
                  <button type="button" className="ac-btn" disabled={bulk.state === 'applying'} onClick={bulk.backToEditing}>
                    Annulla
                  </button>
                </div>
              )}
            </>
          )}
          {(bulk.state === 'applying' || bulk.state === 'failed') && (
            <div className="ac-catalog-progress">
              <label htmlFor="ac-bulk-progress">{progressText(bulk.progress.done, bulk.progress.total)}</label>
              <progress id="ac-bulk-progress" max={bulk.progress.total} value={bulk.progress.done} />
            </div>
          )}
          {bulk.state === 'failed' && bulk.failure !== null && (
            <div role="alert" className="ac-catalog-failure">
              <p>{applyFailedText(bulk.progress.done, bulk.progress.total, bulk.failure)}</p>
              <button type="button" className="ac-btn ac-btn-primary" onClick={() => void apply()}>
                {RESUME}
              </button>
            </div>
          )}
          {bulk.state === 'done' && bulk.result && (
            <p role="status">{doneText(bulk.result.applied.length, bulk.result.alreadyApplied.length, bulk.result.conflicts.length)}</p>
          )}
        </section>
      )}
    </section>
  );
});
