import { useEffect, useState } from 'react';
import { chooseTheme, effectiveTheme, nextTheme, readStoredTheme, systemPrefersDark, type Theme } from '@sbc/shared';

/** The header's light/dark switch: shows the theme it switches to, remembers the choice (shared/src/ui/theme.ts). */
export function ThemeToggle() {
  const [shown, setShown] = useState<Theme>(() => effectiveTheme(readStoredTheme(), systemPrefersDark()));

  // Until the visitor chooses, the page follows the system, and so does the button's label.
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia('(prefers-color-scheme: dark)');
    const follow = () => setShown(effectiveTheme(readStoredTheme(), query.matches));
    query.addEventListener?.('change', follow);
    return () => query.removeEventListener?.('change', follow);
  }, []);

  const next = nextTheme(shown);
  return (
    <button
      type="button"
      className="shell-theme-toggle"
      aria-label={next === 'dark' ? 'Switch to dark theme' : 'Switch to light theme'}
      title={next === 'dark' ? 'Dark theme' : 'Light theme'}
      onClick={() => {
        chooseTheme(next);
        setShown(next);
      }}
    >
      {next === 'dark' ? (
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" fill="currentColor" />
        </svg>
      ) : (
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="4.5" fill="currentColor" />
          <g stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8" />
          </g>
        </svg>
      )}
    </button>
  );
}
