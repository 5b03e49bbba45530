import { useEffect, useState } from 'react';
import type { HistoryPoint, HistoryRange } from '@sbc/domain';
import { getRecordedHistory, type HistoryItemsQuery } from '../lib/open-data-client';

/** The series by item key (historyItemKey: `p/<slug>`, `m/<name>`). */
export type RecordedHistoryState = { state: 'loading' } | { state: 'error' } | { state: 'ready'; series: Record<string, HistoryPoint[]> };

/**
 * The recorded history of `items` (products by slug, materials by name) over `range`, read in the browser after
 * hydration through the open data API (../lib/open-data-client.ts: no Firebase, no Firestore read of the visitor's
 * own), once per range and comparison; not again when the market moves while the page is open (a reload or another
 * range reads the new points).
 */
export function useRecordedHistory(items: HistoryItemsQuery, range: HistoryRange): RecordedHistoryState {
  const [result, setResult] = useState<RecordedHistoryState>({ state: 'loading' });
  const products = items.products ?? [];
  const materials = items.materials ?? [];
  const signature = JSON.stringify([products, materials]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the items are compared by their signature
  useEffect(() => {
    let current = true;
    getRecordedHistory({ products, materials }, range, Date.now())
      .then((series) => current && setResult({ state: 'ready', series }))
      .catch((error: unknown) => {
        console.error('Failed to load the recorded history', error);
        if (current) setResult({ state: 'error' });
      });
    return () => {
      current = false;
    };
  }, [signature, range]);
  return result;
}
