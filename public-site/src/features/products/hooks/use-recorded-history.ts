import { useEffect, useState } from 'react';
import { useRootStore } from '@sbc/shared';
import { historyDocIds, historyShardOf, historyWindow, seriesOf, type HistoryPoint, type HistoryRange } from '@sbc/domain';

export type RecordedHistoryState =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'ready'; from: number; to: number; series: Record<string, HistoryPoint[]> };

/**
 * The recorded history of `keys` (`p/<slug>`, `m/<name>`) over `range`, read in the browser after hydration (the
 * server render does not read it: the charts are below the fold). Reads: each key's shard documents of the range
 * (docs/market-history.md#reading-it-back-costs-per-page-and-per-api-call), once per range, keys and market update.
 */
export function useRecordedHistory(keys: readonly string[], range: HistoryRange): RecordedHistoryState {
  const store = useRootStore();
  const [result, setResult] = useState<RecordedHistoryState>({ state: 'loading' });
  const signature = keys.join(',');
  const generation = store.refreshGeneration;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys are compared by their signature; a market update (generation) reads again
  useEffect(() => {
    let current = true;
    const window = historyWindow(range, Date.now());
    const ids = [...new Set(keys.flatMap((key) => historyDocIds(historyShardOf(key), window.from, window.to, window.interval)))];
    store.gateway
      .getMarketHistory(ids, keys)
      .then((points) => {
        if (!current) return;
        const series: Record<string, HistoryPoint[]> = {};
        for (const key of keys) series[key] = seriesOf(points, key, window.from, window.to);
        setResult({ state: 'ready', from: window.from, to: window.to, series });
      })
      .catch((error: unknown) => {
        console.error('Failed to load the recorded history', error);
        if (current) setResult({ state: 'error' });
      });
    return () => {
      current = false;
    };
  }, [signature, range, generation, store]);
  return result;
}
