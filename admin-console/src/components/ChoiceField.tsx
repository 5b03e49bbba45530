/** One choice of a select: its value, its label, and the label's language when it is not Italian (the spec's English types). */
export interface Choice {
  value: string;
  label: string;
  lang?: string;
  /** React's key when two choices share a value (talents of two kinds with one name); the value otherwise. */
  key?: string;
}

/**
 * A labelled select of the console (filters, bulk edit, import): the label, the select and its options, the
 * same markup everywhere (FormField's `ac-field`). `onChange` receives the chosen value.
 */
export function ChoiceField({
  id,
  label,
  value,
  choices,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  choices: readonly Choice[];
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  return (
    <div className="ac-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {choices.map((c) => (
          <option key={c.key ?? c.value} value={c.value} lang={c.lang}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}
