/**
 * The elements the render server writes into a page for the browser. In a module with no imports: the shell's main
 * script reads them before any shared module is loaded (shell/src/remotes/server-page-remote.ts).
 */

/** The page's state: its recorded reads, page id and render time (the JSON of ./snapshot.ts serializeState). */
export const SSR_STATE_ELEMENT_ID = 'sbc-ssr-state';

/** The runtime configuration the page was rendered with (shell/src/ssr/inline-config.ts). */
export const RUNTIME_CONFIG_ELEMENT_ID = 'sbc-runtime-config';
