import type { HistoryPoint, HistoryRange } from '@sbc/domain';
import { getRecordedHistory, type HistoryItemsQuery } from '../lib/open-data-client';
import { useMarketFollowedRead } from './use-market-followed-read';

/** The series by item key (historyItemKey: `p/<slug>`, `m/<name>`). */
export type RecordedHistoryState = { state: 'loading' } | { state: 'error' } | { state: 'ready'; series: Record<string, HistoryPoint[]> };

/** Whether any series has a point at or after the market update at `updateAt` (the recording has written it). */
export function seriesHoldUpdate(series: Record<string, HistoryPoint[]>, updateAt: number): boolean {
  return Object.values(series).some((points) => points.some((p) => p.at.getTime() >= updateAt));
}

/**
 * The recorded history of `items` (products by slug, materials by name) over `range`, read in the browser after
 * hydration through the open data API (../lib/open-data-client.ts: no Firebase, no Firestore read of the visitor's
 * own), once per range and comparison, and again when the market updates while the page is open
 * (./use-market-followed-read.ts: the new point joins the chart). Call it from a MobX observer.
 */
export function useRecordedHistory(items: HistoryItemsQuery, range: HistoryRange): RecordedHistoryState {
  const products = items.products ?? [];
  const materials = items.materials ?? [];
  const key = JSON.stringify([products, materials, range]);
  const result = useMarketFollowedRead(
    key,
    (variant) => getRecordedHistory({ products, materials }, range, Date.now(), variant),
    seriesHoldUpdate,
    'the recorded history',
  );
  return result.state === 'ready' ? { state: 'ready', series: result.value } : result;
}
