import { useCallback, useSyncExternalStore } from 'react';

/** Must match the breakpoint of `.ps-only-wide` / `.ps-only-narrow` in components/ps-table.css. */
export const NARROW_LAYOUT_QUERY = '(max-width: 720px)';

/** Which of a list's two layouts to render: the table, the cards, or both when the width is unknown. */
export type ResponsiveLayout = 'wide' | 'narrow' | 'both';

function mediaQueryList(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

/**
 * Rendering one layout instead of both halves the DOM of a long list (a 500-product sector is about
 * 20,000 elements with both). Where matchMedia is missing both are rendered and the CSS breakpoint,
 * which stays in place, picks one, so no environment ever shows an empty list.
 */
export function useResponsiveLayout(query: string = NARROW_LAYOUT_QUERY): ResponsiveLayout {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQueryList(query);
      if (!list) return () => undefined;
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const getSnapshot = (): ResponsiveLayout => {
    const list = mediaQueryList(query);
    if (!list) return 'both';
    return list.matches ? 'narrow' : 'wide';
  };
  return useSyncExternalStore(subscribe, getSnapshot, () => 'both');
}
