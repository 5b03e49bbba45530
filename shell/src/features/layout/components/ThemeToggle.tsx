import { useSyncExternalStore } from 'react';
import { chooseTheme, effectiveTheme, nextTheme, readStoredTheme, systemPrefersDark, type Theme } from '@sbc/shared';
import { THEME_TOGGLE_ATTRIBUTE } from '../theme-toggle-selector';

/** Said on `window` when the toggle changes the theme, so that every toggle re-reads it. */
const THEME_CHANGE_EVENT = 'sbc-theme-change';

function subscribe(onChange: () => void): () => void {
  const query = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
  query?.addEventListener?.('change', onChange);
  window.addEventListener(THEME_CHANGE_EVENT, onChange);
  return () => {
    query?.removeEventListener?.('change', onChange);
    window.removeEventListener(THEME_CHANGE_EVENT, onChange);
  };
}

const themeShown = (): Theme => effectiveTheme(readStoredTheme(), systemPrefersDark());
/** What the server renders: it knows neither the visitor's choice nor the system's. */
const serverTheme = (): Theme => effectiveTheme(null, false);

/**
 * The header's light/dark switch: shows the theme it switches to, remembers the choice (shared/src/ui/theme.ts).
 * Until the visitor chooses, the page follows the system, and so does the button's label.
 *
 * On a server-rendered page it works before hydration too: the page's early-input script switches the theme on a
 * tap (shell/src/ssr/early-input.ts). Hydration starts from what the server rendered (getServerSnapshot, so the
 * markup matches) and then renders the theme shown, whoever chose it. Its two icons are both in the markup and CSS
 * shows the one that fits the theme shown (layout.css), so the icon is right before any script as well.
 */
export function ThemeToggle() {
  const shown = useSyncExternalStore(subscribe, themeShown, serverTheme);
  const next = nextTheme(shown);
  return (
    <button
      type="button"
      className="shell-theme-toggle"
      {...{ [THEME_TOGGLE_ATTRIBUTE]: '' }}
      aria-label={next === 'dark' ? 'Switch to dark theme' : 'Switch to light theme'}
      title={next === 'dark' ? 'Dark theme' : 'Light theme'}
      onClick={() => {
        chooseTheme(next);
        window.dispatchEvent(new Event(THEME_CHANGE_EVENT));
      }}
    >
      <svg className="shell-theme-toggle__moon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" fill="currentColor" />
      </svg>
      <svg className="shell-theme-toggle__sun" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="4.5" fill="currentColor" />
        <g stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8" />
        </g>
      </svg>
    </button>
  );
}
