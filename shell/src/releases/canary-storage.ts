/**
 * Where a session keeps its canary pins (./canary.ts), in a module with no imports: the shell's main script looks
 * for a public-site pin before mobx or any shared module is loaded (../remotes/server-page-remote.ts).
 */
export const CANARY_STORAGE_KEY = 'sbc:canary-pins';

/** The stored pins as written, unchecked; null when there are none or the text is not a JSON object. */
export function storedCanaryPins(storage: Pick<Storage, 'getItem'> | null): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(storage?.getItem(CANARY_STORAGE_KEY) ?? 'null');
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Whether the session's pins name a public-site release at all (valid or not: ./canary.ts judges and applies them). */
export function pinsPublicSite(storage: Pick<Storage, 'getItem'> | null): boolean {
  return storedCanaryPins(storage)?.publicSite !== undefined;
}
