/**
 * Results a server render (and the browser's replay before hydration) loaded before rendering, for
 * components whose data lives in component state rather than in a store (the detail pages' record): they
 * start from it instead of 'loading', so the server HTML holds the record and hydration matches it.
 * Kept per RootStore (one per page, shared by the shell and the remotes since @sbc/shared is a singleton).
 */
import type { RootStore } from '../stores/root-store';

const preloaded = new WeakMap<RootStore, Map<string, unknown>>();

export function setPreloaded(root: RootStore, key: string, value: unknown): void {
  const entries = preloaded.get(root) ?? new Map<string, unknown>();
  preloaded.set(root, entries);
  entries.set(key, value);
}

export function getPreloaded<T>(root: RootStore, key: string): T | undefined {
  return preloaded.get(root)?.get(key) as T | undefined;
}
