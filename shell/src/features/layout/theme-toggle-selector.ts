/**
 * The attribute that marks the header's theme toggle, so that the page's inline early-input script
 * (shell/src/ssr/early-input.ts) can switch the theme on a tap before the page is hydrated.
 */
export const THEME_TOGGLE_ATTRIBUTE = 'data-theme-toggle';
export const THEME_TOGGLE_SELECTOR = `[${THEME_TOGGLE_ATTRIBUTE}]`;
