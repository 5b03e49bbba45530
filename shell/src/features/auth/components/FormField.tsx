import { useId, type HTMLInputTypeAttribute } from 'react';

interface FormFieldProps {
  label: string;
  name: string;
  type: HTMLInputTypeAttribute;
  autoComplete: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** The server's upper limit, so that a reply the spec would map to a misleading message cannot be reached. */
  maxLength?: number;
}

/** A labelled input whose validation message is tied to it with aria-invalid and aria-describedby. */
export function FormField({ label, name, type, autoComplete, value, error, onChange, onBlur, maxLength }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="shell-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={value}
        maxLength={maxLength}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={error ? 'shell-input shell-input-invalid' : 'shell-input'}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {error && (
        <p id={errorId} className="shell-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
