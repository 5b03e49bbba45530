import { useId } from 'react';
import { observer } from 'mobx-react-lite';
import { BULK_EDIT_LABELS, PERCENT_LABEL, PRODUCT_TYPE_OPTIONS } from '@sbc/domain';
import { ChoiceField } from '../../../components/ChoiceField';
import { ChangesPreview } from './ChangesPreview';
import { JobProgress } from './JobProgress';
import type { BulkEditStore } from '../stores/bulk-edit-store';
import type { CatalogStore } from '../stores/catalog-store';
import { NO_CHANGES, previewTitle, TALENT_NONE, UNCHANGED } from '../texts';

const TALENT_NONE_VALUE = '\u0000none';

/** Bulk edit of the selection: the edit, the preview of every change as a diff, the batched write with progress and resume. */
export const BulkEditPanel = observer(function BulkEditPanel({ bulk, catalog, talents }: { bulk: BulkEditStore; catalog: CatalogStore; talents: string[] }) {
  const headingId = useId();
  const previewId = useId();
  const busy = bulk.preparing || bulk.job?.state === 'applying';
  const talentValue = bulk.input.talent_required === null ? TALENT_NONE_VALUE : (bulk.input.talent_required ?? '');

  return (
    <section className="ac-card ac-catalog-bulk" aria-labelledby={headingId}>
      <h2 id={headingId}>Modifica in blocco</h2>
      <form
        className="ac-catalog-bulk-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
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
        <ChoiceField
          id="ac-bulk-type"
          label={BULK_EDIT_LABELS.type}
          value={bulk.input.type ?? ''}
          choices={[{ value: '', label: UNCHANGED }, ...PRODUCT_TYPE_OPTIONS.map((o) => ({ ...o, lang: 'en' }))]}
          onChange={(type) => bulk.setInput({ type })}
        />
        <ChoiceField
          id="ac-bulk-talent"
          label={BULK_EDIT_LABELS.talent_required}
          value={talentValue}
          choices={[{ value: '', label: UNCHANGED }, { value: TALENT_NONE_VALUE, label: TALENT_NONE, lang: 'en' }, ...talents.map((t) => ({ value: t, label: t }))]}
          onChange={(value) => bulk.setInput({ talent_required: value === TALENT_NONE_VALUE ? null : value })}
        />
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
            {bulk.preparing ? 'Preparazione…' : 'Anteprima modifiche'}
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

      {bulk.job && (
        <section aria-labelledby={previewId} className="ac-catalog-preview">
          <h3 id={previewId}>{previewTitle(bulk.job.changes.length, bulk.job.changedFieldCount)}</h3>
          {bulk.job.changes.length === 0 ? <p>{NO_CHANGES}</p> : <ChangesPreview changes={bulk.job.changes} />}
          <JobProgress job={bulk.job} onCancel={bulk.discard} onWritten={() => void catalog.refresh()} />
        </section>
      )}
    </section>
  );
});
