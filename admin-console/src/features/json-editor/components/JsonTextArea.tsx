/** The plain editor used while Monaco loads or when it cannot load: editing is always possible. */
export function JsonTextArea({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) {
  return (
    <textarea
      aria-label={label}
      value={value}
      spellCheck={false}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
