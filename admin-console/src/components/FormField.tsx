import type { ReactNode } from 'react';

/**
 * A labelled field of the console's forms: the label, the control, an optional hint and the field's message.
 * The control names them itself with aria-describedby (`${id}-hint`, `${id}-error`).
 */
export function FormField({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="ac-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <small id={`${id}-hint`} className="ac-hint">
          {hint}
        </small>
      )}
      {error && (
        <p id={`${id}-error`} className="ac-error">
          {error}
        </p>
      )}
    </div>
  );
}
