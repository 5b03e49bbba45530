/**
 * jsdom has no window.matchMedia. This one answers `(max-width: Npx)` / `(min-width: Npx)` queries for a
 * viewport width the test sets, and notifies listeners when `resize` changes the answer.
 */
export function installViewport(initialWidth: number) {
  let width = initialWidth;
  const lists = new Set<{ query: string; matches: boolean; listeners: Set<(e: MediaQueryListEvent) => void> }>();
  const evaluate = (query: string) => {
    const max = /\(max-width:\s*(\d+)px\)/.exec(query);
    const min = /\(min-width:\s*(\d+)px\)/.exec(query);
    return (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
  };
  const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => {
      const entry = { query, matches: evaluate(query), listeners: new Set<(e: MediaQueryListEvent) => void>() };
      lists.add(entry);
      return {
        media: query,
        get matches() {
          return evaluate(query);
        },
        addEventListener: (_type: 'change', listener: (e: MediaQueryListEvent) => void) => entry.listeners.add(listener),
        removeEventListener: (_type: 'change', listener: (e: MediaQueryListEvent) => void) => entry.listeners.delete(listener),
      } as unknown as MediaQueryList;
    },
  });
  return {
    resize(next: number) {
      width = next;
      for (const entry of lists) {
        const matches = evaluate(entry.query);
        if (matches === entry.matches) continue;
        entry.matches = matches;
        for (const listener of entry.listeners) listener({ matches, media: entry.query } as MediaQueryListEvent);
      }
    },
    uninstall() {
      if (original) Object.defineProperty(window, 'matchMedia', original);
      else delete (window as { matchMedia?: unknown }).matchMedia;
    },
  };
}
