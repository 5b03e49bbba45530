import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { paths, usePageMeta, useRootStore } from '@sbc/shared';
import { ADD_MATERIAL_LABELS, IMAGE_URL_MAX_LENGTH, MATERIAL_NAME_MAX_LENGTH, MATERIAL_UNIT_MAX_LENGTH, type AddMaterialField } from '@sbc/domain';
import { FormField as Field } from '../../../components/FormField';
import { useAddMaterialForm } from '../hooks/use-add-material-form';
import '../../../components/admin.css';

const TEXT_LIMITS: Partial<Record<AddMaterialField, number>> = { name: MATERIAL_NAME_MAX_LENGTH, unit: MATERIAL_UNIT_MAX_LENGTH, image_url: IMAGE_URL_MAX_LENGTH };
const NUMBER_FIELDS: AddMaterialField[] = ['value', 'amount', 'spaceRequired'];

/** /admin/add-material (Italian): a new material for the stock ledger; its name is its document id. */
export const AddMaterialPage = observer(function AddMaterialPage() {
  const root = useRootStore();
  const navigate = useNavigate();
  const form = useAddMaterialForm(root);
  usePageMeta({ title: 'Aggiungi materiale · SBC Tycoon', description: 'Nuovo materiale del registro scorte.', robots: 'noindex, nofollow' });

  // The ledger's names and ids: to refuse a taken name before sending and to number the new material.
  useEffect(() => {
    void root.market.loadMaterials();
  }, [root]);

  const inputProps = (field: AddMaterialField, hint?: boolean) => {
    const error = form.visibleError(field);
    const described = [hint ? `ac-m-${field}-hint` : '', error ? `ac-m-${field}-error` : ''].filter(Boolean).join(' ');
    return {
      id: `ac-m-${field}`,
      name: field,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': described || undefined,
      onBlur: () => form.touch(field),
      value: String(form.values[field] ?? ''),
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => form.setField(field, e.target.value),
    };
  };

  return (
    <div className="ac-page">
      <h1>Aggiungi materiale</h1>
      {form.status && (
        <div role={form.status.kind === 'error' ? 'alert' : 'status'} className={`ac-alert ac-alert-${form.status.kind}`}>
          {form.status.text}
        </div>
      )}
      <form
        className="ac-card ac-form"
        noValidate
        aria-busy={root.market.materialsState === 'loading' || undefined}
        onSubmit={(e) => {
          e.preventDefault();
          void form.submit();
        }}
      >
        <Field id="ac-m-name" label={ADD_MATERIAL_LABELS.name} error={form.visibleError('name')} hint="Il nome è l'identificativo del materiale e non si può cambiare.">
          <input {...inputProps('name', true)} type="text" maxLength={TEXT_LIMITS.name} autoComplete="off" />
        </Field>
        <Field id="ac-m-unit" label={ADD_MATERIAL_LABELS.unit} error={form.visibleError('unit')} hint="Per esempio kg, t, unità.">
          <input {...inputProps('unit', true)} type="text" maxLength={TEXT_LIMITS.unit} autoComplete="off" />
        </Field>
        {NUMBER_FIELDS.map((field) => (
          <Field key={field} id={`ac-m-${field}`} label={ADD_MATERIAL_LABELS[field]} error={form.visibleError(field)}>
            <input {...inputProps(field)} type="number" min={0} step="any" inputMode="decimal" />
          </Field>
        ))}
        <Field id="ac-m-image_url" label={ADD_MATERIAL_LABELS.image_url} error={form.visibleError('image_url')}>
          <input {...inputProps('image_url')} type="url" maxLength={TEXT_LIMITS.image_url} />
        </Field>
        <div className="ac-row ac-wide">
          <button type="submit" className="ac-btn ac-btn-primary" disabled={form.submitting}>
            {form.submitting ? 'Aggiungendo...' : 'Aggiungi Materiale'}
          </button>
          <button type="button" className="ac-btn" onClick={() => navigate(paths.admin)}>
            Annulla
          </button>
        </div>
      </form>
    </div>
  );
});
