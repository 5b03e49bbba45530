import { useState, type FormEvent } from 'react';

interface SubmittableForm {
  isValid: boolean;
  touchAll: () => void;
}

/**
 * The forms' submit cycle (SPEC section 4 "Forms"): an invalid submit only touches every field; otherwise
 * idle → submitting (ignored if already running) → success or the error's message (else `fallback`).
 */
export function useSubmit(form: SubmittableForm, action: () => Promise<void>, fallback: string) {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    if (!form.isValid) {
      form.touchAll();
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : fallback);
    } finally {
      setSubmitting(false);
    }
  };
  return { submit, submitting, error };
}
