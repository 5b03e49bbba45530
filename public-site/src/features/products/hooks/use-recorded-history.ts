import { useEffect, useState } from 'react';
import { useRootStore } from '@sbc/shared';
import type { HistoryPoint, HistoryRange } from '@sbc/domain';
import { getRecordedHistory } from '../../../lib/open-data-client';

export type RecordedHistoryState = { state: 'loading' } | { state: 'error' } | { state: 'ready'; series: Record<string, HistoryPoint[]> };

/**
 * The recorded history of products `slugs` over `range`, read in the browser after hydration through the open data
 * API (../../../lib/open-data-client.ts: no Firebase, no Firestore read of the visitor's own), again when the market
 * moves (the root store's refreshGeneration).
 */
export function useRecordedHistory(slugs: readonly string[], range: HistoryRange): RecordedHistoryState {
  const store = useRootStore();
  const [result, setResult] = useState<RecordedHistoryState>({ state: 'loading' });
  const signature = slugs.join(',');
  const generation = store.refreshGeneration;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the slugs are compared by their signature; a market update (generation) reads again
  useEffect(() => {
    let current = true;
    getRecordedHistory(slugs, range, Date.now())
      .then((series) => current && setResult({ state: 'ready', series }))
      .catch((error: unknown) => {
        console.error('Failed to load the recorded history', error);
        if (current) setResult({ state: 'error' });
      });
    return () => {
      current = false;
    };
  }, [signature, range, generation]);
  return result;
}
