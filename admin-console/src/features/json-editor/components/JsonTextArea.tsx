import { useRef } from 'react';

/** "1\n2\n…" for as many lines as the text has (an empty text still has line 1). */
export function lineNumbers(text: string): string {
  const count = text.split('\n').length;
  return Array.from({ length: count }, (_, i) => i + 1).join('\n');
}

/**
 * The plain editor used while Monaco loads or when it cannot load: editing is always possible. It has line
 * numbers too (SPEC section 2): a gutter that screen readers skip (the numbers are a visual aid) and that
 * scrolls with the text. Lines do not wrap, so that each number stays beside its line.
 */
export function JsonTextArea({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) {
  const gutter = useRef<HTMLPreElement>(null);
  return (
    <div className="ac-plain-editor">
      <pre ref={gutter} className="ac-gutter" aria-hidden="true" data-testid="json-line-numbers">
        {lineNumbers(value)}
      </pre>
      <textarea
        aria-label={label}
        value={value}
        spellCheck={false}
        wrap="off"
        onChange={(event) => onChange(event.target.value)}
        onScroll={(event) => {
          if (gutter.current) gutter.current.scrollTop = event.currentTarget.scrollTop;
        }}
      />
    </div>
  );
}
