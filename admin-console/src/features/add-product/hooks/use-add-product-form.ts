import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RootStoreApi } from '@sbc/shared';
import { ADD_PRODUCT_DEFAULTS, ADD_PRODUCT_LABELS, addProductErrorMessage, addProductSuccessMessage, buildNewProductDocument, productDocumentId, SUCCESS_MESSAGE_RESET_MS, toNewProductInput, validateAddProduct, type AddProductField, type AddProductFormValues } from '@sbc/domain';

type Status = { kind: 'success' | 'error'; text: string } | null;
const ALL_FIELDS = Object.keys(ADD_PRODUCT_LABELS) as AddProductField[];

/**
 * The add-product form state (SPEC sections 4, 5, 7): messages once a field is touched, submit touches all,
 * the document written with the fixed values and the category_name document id, reset 3 s after success.
 */
export function useAddProductForm(root: RootStoreApi) {
  const [values, setValues] = useState<AddProductFormValues>({ ...ADD_PRODUCT_DEFAULTS, requested_materials: {} });
  const [touched, setTouched] = useState<Partial<Record<AddProductField, boolean>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const errors = useMemo(() => validateAddProduct(values), [values]);
  const valid = Object.keys(errors).length === 0;

  const setField = useCallback(<K extends keyof AddProductFormValues>(field: K, value: AddProductFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
  }, []);
  const touch = useCallback((field: AddProductField) => setTouched((t) => ({ ...t, [field]: true })), []);
  const visibleError = (field: AddProductField) => (touched[field] ? errors[field] : undefined);

  const submit = async () => {
    if (submitting) return;
    if (!valid) {
      setTouched(Object.fromEntries(ALL_FIELDS.map((f) => [f, true])));
      return;
    }
    setSubmitting(true);
    setStatus(null);
    const input = toNewProductInput(values);
    try {
      await root.admin.addProduct(buildNewProductDocument(input), { explicitId: productDocumentId(input.category, input.name) });
      setStatus({ kind: 'success', text: addProductSuccessMessage(input.name) });
      // The public pages read the same store: the new product shows in its sector without a reload.
      void root.market.refresh();
      clearTimeout(resetTimer.current);
      resetTimer.current = setTimeout(() => {
        setValues({ ...ADD_PRODUCT_DEFAULTS, requested_materials: {} });
        setTouched({});
        setStatus(null);
      }, SUCCESS_MESSAGE_RESET_MS);
    } catch (error) {
      setStatus({ kind: 'error', text: addProductErrorMessage(error) });
    } finally {
      setSubmitting(false);
    }
  };

  return { values, setField, touch, visibleError, valid, submitting, status, submit };
}
