import { useState } from 'react';

/**
 * Form values plus the "touched" rule of SPEC section 5: a field's message shows once the field was left
 * (blur) or a submit was attempted. The messages themselves come from the shared validators.
 */
export function useValidatedForm<F extends string>(
  initial: Record<F, string>,
  validate: (values: Record<F, string>) => Partial<Record<F, string>>,
) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const errors = validate(values);
  const setValue = (field: F, value: string) => setValues((current) => ({ ...current, [field]: value }));
  const touch = (field: F) => setTouched((current) => (current[field] ? current : { ...current, [field]: true }));
  /** The message to show now: only for a touched field. */
  const visibleError = (field: F): string | undefined => (touched[field] ? errors[field] : undefined);
  return {
    values,
    isValid: Object.keys(errors).length === 0,
    setValue,
    touch,
    touchAll: () => setTouched(Object.fromEntries(Object.keys(initial).map((field) => [field, true])) as Record<F, boolean>),
    visibleError,
    /** The props that bind one FormField to this form. */
    field: (name: F) => ({
      name,
      value: values[name],
      error: visibleError(name),
      onChange: (value: string) => setValue(name, value),
      onBlur: () => touch(name),
    }),
  };
}
