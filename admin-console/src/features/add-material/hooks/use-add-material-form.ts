import { useCallback, useMemo, useState } from 'react';
import { isGatewayError, type RootStoreApi } from '@sbc/shared';
import { ADD_MATERIAL_DEFAULTS, ADD_MATERIAL_LABELS, addMaterialMessages, toNewMaterial, validateAddMaterial, type AddMaterialField, type AddMaterialFormValues } from '@sbc/domain';

type Status = { kind: 'success' | 'error'; text: string } | null;
const ALL_FIELDS = Object.keys(ADD_MATERIAL_LABELS) as AddMaterialField[];

/**
 * The add-material form (issue 18), in the add-product form's manner: a message once a field is touched, submit
 * touches all, an existing name refused before sending (from the loaded ledger) and again by the write itself.
 * After success the form empties for the next material and the message stays until the next edit.
 */
export function useAddMaterialForm(root: RootStoreApi) {
  const [values, setValues] = useState<AddMaterialFormValues>({ ...ADD_MATERIAL_DEFAULTS });
  const [touched, setTouched] = useState<Partial<Record<AddMaterialField, boolean>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  const existing = root.market.materials;
  const names = useMemo(() => new Set(existing.map((m) => m.name)), [existing]);
  const errors = useMemo(() => validateAddMaterial(values, names), [values, names]);
  const valid = Object.keys(errors).length === 0;

  const setField = useCallback(<K extends AddMaterialField>(field: K, value: AddMaterialFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setStatus((current) => (current?.kind === 'success' ? null : current));
  }, []);
  const touch = useCallback((field: AddMaterialField) => setTouched((t) => ({ ...t, [field]: true })), []);
  const visibleError = (field: AddMaterialField) => (touched[field] ? errors[field] : undefined);

  const submit = async () => {
    if (submitting) return;
    if (!valid) {
      setTouched(Object.fromEntries(ALL_FIELDS.map((f) => [f, true])));
      return;
    }
    setSubmitting(true);
    setStatus(null);
    const { name, fields } = toNewMaterial(values, existing.map((m) => m.id));
    try {
      await root.admin.addMaterial(name, fields);
      setStatus({ kind: 'success', text: addMaterialMessages.success(name) });
      setValues({ ...ADD_MATERIAL_DEFAULTS });
      setTouched({});
    } catch (error) {
      // The write's own refusal of a taken name (another admin, another tab) has the Italian text already.
      setStatus({ kind: 'error', text: isGatewayError(error) && error.code === 'already-exists' ? error.message : addMaterialMessages.failed });
    } finally {
      setSubmitting(false);
    }
  };

  return { values, setField, touch, visibleError, valid, submitting, status, submit };
}
