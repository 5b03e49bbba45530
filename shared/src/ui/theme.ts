/**
 * Light and dark theme. By default the site follows the system (`prefers-color-scheme`, handled in tokens.css);
 * a visitor who picks a theme with the header toggle gets `data-theme` on <html>, remembered in localStorage.
 * Pure rules first (tested with tables of examples), then the two DOM effects.
 */
export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'sbc-theme';

/** A stored value is honoured only when it is one of the two themes; anything else means "follow the system". */
export function parseStoredTheme(value: string | null | undefined): Theme | null {
  return value === 'light' || value === 'dark' ? value : null;
}

/** The theme shown: the visitor's choice, else the system's. */
export function effectiveTheme(stored: Theme | null, systemPrefersDark: boolean): Theme {
  return stored ?? (systemPrefersDark ? 'dark' : 'light');
}

/** The toggle switches to the other theme of what is shown. */
export function nextTheme(shown: Theme): Theme {
  return shown === 'dark' ? 'light' : 'dark';
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked (privacy settings): the choice lasts for this page only
  }
}

export function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

export function readStoredTheme(): Theme | null {
  try {
    return parseStoredTheme(storage()?.getItem(THEME_STORAGE_KEY));
  } catch {
    return null;
  }
}

/** Applies a remembered choice before the first paint (no flash of the other theme). */
export function applyStoredTheme(root: HTMLElement = document.documentElement): void {
  const stored = readStoredTheme();
  if (stored) root.dataset.theme = stored;
}

/** Shows and remembers `theme`. */
export function chooseTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
  try {
    storage()?.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // quota or blocked storage: the theme still applies to this page
  }
}
