/**
 * The page's sessionStorage, or null when the browser refuses access (e.g. some privacy modes throw). In a module
 * with no imports: the shell's main script asks for it before any shared module is loaded
 * (shell/src/remotes/server-page-remote.ts); ./session-cache.ts exports it with the cache.
 */
export function defaultSessionStorage(): Storage | null {
  try {
    const storage = globalThis.sessionStorage;
    return storage ?? null;
  } catch {
    return null;
  }
}
