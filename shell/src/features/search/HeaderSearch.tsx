import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { paths, useRootStore } from '@sbc/shared';
import { NO_RESULTS, searchCatalog, SEARCH_MIN_CHARS, type SearchResult } from '@sbc/domain';
import { catalogSearchStoreFor } from './catalog-search-store';
import { isSearchShortcut } from './search-shortcut';
import './header-search.css';

/** Where a result leads: the detail page, or the products dashboard showing the sector. */
export function searchResultPath(result: SearchResult): string {
  if (result.kind === 'product') return paths.product(result.slug);
  if (result.kind === 'material') return paths.material(result.slug);
  return `${paths.products}?sector=${encodeURIComponent(result.slug)}`;
}

const GROUPS = [
  { key: 'products', label: 'Products' },
  { key: 'materials', label: 'Materials' },
  { key: 'sectors', label: 'Sectors' },
] as const;

const KIND_LABEL: Record<SearchResult['kind'], string> = { product: 'Product', material: 'Material', sector: 'Sector' };

/**
 * The header search (WAI-ARIA combobox with a grouped listbox): finds products, materials and sectors as the
 * user types. ↑/↓ move through the results, Enter opens the highlighted one (the first when none is), Esc closes
 * the list and a second Esc clears the text; '/' or Ctrl/⌘+K focus it from anywhere. The index loads on first
 * focus (4 reads), so a page that is only read pays nothing.
 */
export const HeaderSearch = observer(function HeaderSearch() {
  const root = useRootStore();
  const search = catalogSearchStoreFor(root);
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const listboxId = `${id}-results`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const results = useMemo(() => (search.catalog && open ? searchCatalog(search.catalog, text) : NO_RESULTS), [search.catalog, text, open]);
  const flat = useMemo(() => [...results.products, ...results.materials, ...results.sectors], [results]);
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isSearchShortcut(event, event.target)) return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const go = (result: SearchResult) => {
    setText('');
    setOpen(false);
    setActive(-1);
    inputRef.current?.blur();
    navigate(searchResultPath(result));
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        setOpen(true);
        if (flat.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => (current === -1 ? (step === 1 ? 0 : flat.length - 1) : (current + step + flat.length) % flat.length));
        return;
      }
      case 'Enter': {
        const target = flat[active] ?? flat[0];
        if (!target) return;
        event.preventDefault();
        go(target);
        return;
      }
      case 'Escape':
        if (open && text !== '') {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text !== '') {
          event.preventDefault();
          setText('');
        } else {
          inputRef.current?.blur();
        }
        return;
      default:
    }
  };

  const typed = text.trim();
  const showList = open && typed.length >= SEARCH_MIN_CHARS;
  let status = '';
  if (showList) {
    if (search.state === 'loading' || search.state === 'idle') status = 'Loading the catalogue…';
    else if (search.state === 'error') status = 'Search is unavailable right now.';
    else if (flat.length === 0) status = `No matches for “${typed}”.`;
    else status = `${results.total} ${results.total === 1 ? 'match' : 'matches'}${results.total > flat.length ? `, the best ${flat.length} shown` : ''}.`;
  }

  let index = -1;
  return (
    // biome-ignore lint/a11y/useSemanticElements: the search landmark around the field; <search> is not in React's typings yet
    <div className="shell-search" role="search">
      <label htmlFor={`${id}-input`} className="visually-hidden">
        Search the market
      </label>
      <svg className="shell-search-icon" aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
        <circle cx="7" cy="7" r="4.8" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M10.6 10.6L14 14" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <input
        ref={inputRef}
        id={`${id}-input`}
        className="shell-search-input"
        type="search"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="go"
        placeholder="Products, materials, sectors"
        aria-autocomplete="list"
        aria-expanded={showList && flat.length > 0}
        aria-controls={listboxId}
        aria-activedescendant={showList && active >= 0 && active < flat.length ? optionId(active) : undefined}
        aria-keyshortcuts="/ Control+K Meta+K"
        value={text}
        onFocus={() => {
          void search.load();
          setOpen(true);
        }}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
      />
      <span className="shell-search-hint" aria-hidden="true">
        /
      </span>
      <div className="shell-search-popup" hidden={!showList}>
        <div id={listboxId} role="listbox" aria-label="Search results" className="shell-search-results" hidden={flat.length === 0}>
          {GROUPS.map(({ key, label }) =>
            results[key].length === 0 ? null : (
              // biome-ignore lint/a11y/useSemanticElements: an ARIA group of options inside the listbox, not a form fieldset
              <div key={key} role="group" aria-labelledby={`${id}-${key}`} className="shell-search-group">
                <div id={`${id}-${key}`} role="presentation" className="shell-search-group-label">
                  {label}
                </div>
                {results[key].map((result) => {
                  index += 1;
                  const mine = index;
                  return (
                    // biome-ignore lint/a11y/useFocusableInteractive: options are not focused; the input keeps focus and points at them with aria-activedescendant (keys handled there)
                    <div
                      key={result.key}
                      id={optionId(mine)}
                      role="option"
                      aria-selected={mine === active}
                      className={mine === active ? 'shell-search-option shell-search-option-active' : 'shell-search-option'}
                      // mousedown, not click: the input's blur would close the list before a click lands.
                      onMouseDown={(event) => {
                        event.preventDefault();
                        go(result);
                      }}
                      onMouseMove={() => setActive(mine)}
                    >
                      <span className="shell-search-option-name">{result.name}</span>
                      <span className="shell-search-option-meta">{result.sector ? `${KIND_LABEL[result.kind]} · ${result.sector}` : KIND_LABEL[result.kind]}</span>
                    </div>
                  );
                })}
              </div>
            ),
          )}
        </div>
        {/* What the live region below announces, shown; hidden from screen readers so it is read once. */}
        <p className="shell-search-note" aria-hidden="true">
          {status}
        </p>
        {search.state === 'error' ? (
          <button
            type="button"
            className="shell-search-retry"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              void search.load();
              inputRef.current?.focus();
            }}
          >
            Retry
          </button>
        ) : null}
      </div>
      <div id={`${id}-status`} role="status" aria-label="Search status" className="visually-hidden">
        {status}
      </div>
    </div>
  );
});
