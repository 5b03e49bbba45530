/**
 * The server build replaces each CSS import with a registration here (webpack.server.base.js, ssr-css-loader.js), so
 * the render server can put each app's styles in the page head: the server HTML is styled before any
 * JavaScript runs (no flash of unstyled content, no layout shift when the browser's styles arrive).
 */
const sheets = new Map<string, string>();

export function registerCss(id: string, css: string): void {
  if (!sheets.has(id)) sheets.set(id, css);
}

/** Every registered sheet, in import order (the order the browser build's style-loader inserts them). */
export function collectedCss(): string {
  return [...sheets.values()].join('\n');
}
