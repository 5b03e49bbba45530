import type { InputHTMLAttributes, ReactNode } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-invalid' | 'aria-describedby'>;

/**
 * A labelled input of the watchlist's forms, tied to the form's error paragraph (FormError with `errorId`): while
 * there is an error the input is marked invalid and the error is its description, so a screen reader says why when
 * focus comes back to it. The paragraph stays the form's to place: the webhook form puts it under its optional name
 * field, below both inputs.
 */
export function LabelledInput({ id, label, error, errorId, ...input }: InputProps & { id: string; label: ReactNode; error: string | null; errorId: string }) {
  return (
    <label htmlFor={id}>
      {label}
      <input id={id} {...input} aria-invalid={error !== null} aria-describedby={error ? errorId : undefined} />
    </label>
  );
}

/** A form's error, read out as it appears (role alert); nothing while there is none. */
export function FormError({ id, error }: { id?: string; error: string | null }) {
  if (!error) return null;
  return (
    <p id={id} className="ps-alert-editor__error" role="alert">
      {error}
    </p>
  );
}
