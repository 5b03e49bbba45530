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
  return {
    values,
    isValid: Object.keys(errors).length === 0,
    setValue: (field: F, value: string) => setValues((current) => ({ ...current, [field]: value })),
    touch: (field: F) => setTouched((current) => (current[field] ? current : { ...current, [field]: true })),
    touchAll: () => setTouched(Object.fromEntries(Object.keys(initial).map((field) => [field, true])) as Record<F, boolean>),
    /** The message to show now: only for a touched field. */
    visibleError: (field: F): string | undefined => (touched[field] ? errors[field] : undefined),
  };
}
