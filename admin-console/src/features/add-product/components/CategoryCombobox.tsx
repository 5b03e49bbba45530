import { useEffect, useId, useRef, useState } from 'react';
import { CATEGORY_DROPDOWN_HIDE_DELAY_MS, filterCategories, NO_CATEGORY_FOUND } from '@sbc/domain';

interface Props {
  label: string;
  value: string;
  categories: readonly string[];
  error?: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/**
 * Category text with autocomplete (SPEC section 5): case-insensitive substring matches while the text is
 * non-empty, hidden 200 ms after blur (so a click on an option still lands), 'Nessuna categoria trovata'
 * when nothing matches, a clear button, and the ARIA combobox keyboard pattern.
 */
export function CategoryCombobox({ label, value, categories, error, onChange, onBlur }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(hideTimer.current), []);
  const matches = value.trim() ? filterCategories(categories, value) : [];
  const showList = open && value.trim() !== '';

  const choose = (category: string) => {
    onChange(category);
    setOpen(false);
    setActive(-1);
  };

  return (
    <div className="ac-field ac-combobox">
      <label htmlFor={`${id}-input`}>{label}</label>
      <div className="ac-input-with-button">
        <input
          id={`${id}-input`}
          role="combobox"
          aria-expanded={showList && matches.length > 0}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? `${id}-opt-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          value={value}
          autoComplete="off"
          onChange={(e) => {
            onChange(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            onBlur();
            hideTimer.current = setTimeout(() => setOpen(false), CATEGORY_DROPDOWN_HIDE_DELAY_MS);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && matches.length) {
              e.preventDefault();
              setOpen(true);
              setActive((i) => (i + 1) % matches.length);
            } else if (e.key === 'ArrowUp' && matches.length) {
              e.preventDefault();
              setActive((i) => (i <= 0 ? matches.length - 1 : i - 1));
            } else if (e.key === 'Enter' && showList && active >= 0) {
              e.preventDefault();
              choose(matches[active]);
            } else if (e.key === 'Escape' && showList) {
              e.stopPropagation();
              setOpen(false);
            }
          }}
        />
        <button type="button" className="ac-btn" aria-label="Cancella categoria" disabled={!value} onClick={() => choose('')}>
          ×
        </button>
      </div>
      {showList &&
        (matches.length > 0 ? (
          // The WAI-ARIA combobox pattern: a listbox of options, driven from the input with aria-activedescendant.
          <div id={`${id}-list`} role="listbox" className="ac-listbox" aria-label="Categorie esistenti">
            {matches.map((category, index) => (
              // biome-ignore lint/a11y/useFocusableInteractive: options are not focused; the input keeps focus and points at them with aria-activedescendant (keys handled there)
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works on the input (arrows, Enter), as the combobox pattern asks
              <div
                key={category}
                id={`${id}-opt-${index}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(category)}
              >
                {category}
              </div>
            ))}
          </div>
        ) : (
          <p className="ac-listbox" role="status">
            {NO_CATEGORY_FOUND}
          </p>
        ))}
      {error && (
        <p id={`${id}-error`} className="ac-error">
          {error}
        </p>
      )}
    </div>
  );
}
