import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { paths, usePageMeta, useRootStore } from '@sbc/shared';
import { ADD_PRODUCT_LABELS, IMAGE_URL_MAX_LENGTH, MATERIAL_ID_MAX_LENGTH, ORIGINAL_PATH_MAX_LENGTH, PRICE_STEP, PRODUCT_NAME_MAX_LENGTH, PRODUCT_TYPE_OPTIONS, TALENT_MAX_LENGTH, TALENT_NONE_LABEL, type AddProductField, type AddProductFormValues } from '@sbc/domain';
import { FormField as Field } from '../../../components/FormField';
import { useAddProductForm } from '../hooks/use-add-product-form';
import { CategoryCombobox } from './CategoryCombobox';
import { MaterialsPicker } from './MaterialsPicker';
import '../../../components/admin.css';

const NUMBER_FIELDS: AddProductField[] = [
  'price_max',
  'price_min',
  'production_cost',
  'production_time',
  'production_request_index',
  'space_required',
];
const TEXT_LIMITS: Partial<Record<AddProductField, number>> = {
  name: PRODUCT_NAME_MAX_LENGTH,
  talent_required: TALENT_MAX_LENGTH,
  materialId: MATERIAL_ID_MAX_LENGTH,
  image_url: IMAGE_URL_MAX_LENGTH,
  originalPath: ORIGINAL_PATH_MAX_LENGTH,
};
const NONE = '__none__';

/** /admin/add-product (Italian, SPEC section 5 "Add product"). */
export const AddProductPage = observer(function AddProductPage() {
  const root = useRootStore();
  const navigate = useNavigate();
  const form = useAddProductForm(root);
  usePageMeta({ title: 'Aggiungi prodotto · SBC Tycoon', description: 'Nuovo prodotto del catalogo.', robots: 'noindex, nofollow' });

  useEffect(() => {
    void root.talents.load();
    void root.market.loadMarketStats();
    void root.market.loadMaterials();
  }, [root]);

  const inputProps = (field: AddProductField) => ({
    id: `ac-${field}`,
    name: field,
    'aria-invalid': form.visibleError(field) ? true : undefined,
    'aria-describedby': form.visibleError(field) ? `ac-${field}-error` : undefined,
    onBlur: () => form.touch(field),
  });
  const text = (field: AddProductField & keyof AddProductFormValues, type = 'text') => (
    <Field id={`ac-${field}`} label={ADD_PRODUCT_LABELS[field]} error={form.visibleError(field)}>
      <input
        {...inputProps(field)}
        type={type}
        maxLength={TEXT_LIMITS[field]}
        value={String(form.values[field] ?? '')}
        onChange={(e) => form.setField(field, e.target.value as never)}
      />
    </Field>
  );
  const number = (field: AddProductField & keyof AddProductFormValues) => (
    <Field id={`ac-${field}`} label={ADD_PRODUCT_LABELS[field]} error={form.visibleError(field)}>
      <input
        {...inputProps(field)}
        type="number"
        min={0}
        step={field === 'increase' ? 'any' : PRICE_STEP}
        inputMode="decimal"
        value={String(form.values[field] ?? '')}
        onChange={(e) => form.setField(field, e.target.value as never)}
      />
    </Field>
  );

  const talentValue = form.values.talent_required === null ? NONE : form.values.talent_required;
  return (
    <div className="ac-page">
      <h1>Aggiungi prodotto</h1>
      {form.status && (
        <div role={form.status.kind === 'error' ? 'alert' : 'status'} className={`ac-alert ac-alert-${form.status.kind}`}>
          {form.status.text}
        </div>
      )}
      <form
        className="ac-card ac-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void form.submit();
        }}
        onKeyDown={(e) => {
          // With the submit button disabled the browser drops Enter; the spec wants an invalid submit to
          // show every message, so Enter in a field submits (and touches all) here.
          const target = e.target as HTMLElement;
          if (e.key === 'Enter' && target.tagName === 'INPUT' && target.getAttribute('role') !== 'combobox' && (target as HTMLInputElement).type !== 'checkbox') {
            e.preventDefault();
            void form.submit();
          }
        }}
      >
        {text('name')}
        <CategoryCombobox
          label={ADD_PRODUCT_LABELS.category}
          value={form.values.category}
          categories={root.market.categories}
          error={form.visibleError('category')}
          onChange={(value) => form.setField('category', value)}
          onBlur={() => form.touch('category')}
        />
        <Field id="ac-type" label={ADD_PRODUCT_LABELS.type} error={form.visibleError('type')}>
          <select {...inputProps('type')} value={form.values.type} onChange={(e) => form.setField('type', e.target.value)}>
            {PRODUCT_TYPE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </Field>
        {NUMBER_FIELDS.map((field) => (
          <div key={field}>{number(field as AddProductField & keyof AddProductFormValues)}</div>
        ))}
        <Field id="ac-talent_required" label={ADD_PRODUCT_LABELS.talent_required} error={form.visibleError('talent_required')}>
          <select
            {...inputProps('talent_required')}
            value={talentValue}
            onChange={(e) => form.setField('talent_required', e.target.value === NONE ? null : e.target.value)}
          >
            <option value="" />
            <option value={NONE}>{TALENT_NONE_LABEL}</option>
            {root.talents.talents.map((talent) => (
              <option key={`${talent.type}/${talent.name}`} value={talent.name}>
                {talent.name}
              </option>
            ))}
          </select>
        </Field>
        {text('materialId')}
        {text('image_url', 'url')}
        {number('increase')}
        {text('originalPath')}
        <div className="ac-field">
          <label className="ac-check">
            <input type="checkbox" checked={form.values.enabled} onChange={(e) => form.setField('enabled', e.target.checked)} />
            Produzione abilitata (enabled)
          </label>
        </div>
        <MaterialsPicker
          materials={root.market.materials.map((m) => m.name)}
          value={form.values.requested_materials}
          onChange={(value) => form.setField('requested_materials', value)}
        />
        <div className="ac-row ac-wide">
          <button type="submit" className="ac-btn ac-btn-primary" disabled={form.submitting || !form.valid}>
            {form.submitting ? 'Aggiungendo...' : 'Aggiungi Prodotto'}
          </button>
          <button type="button" className="ac-btn" onClick={() => navigate(paths.admin)}>
            Annulla
          </button>
        </div>
      </form>
    </div>
  );
});
