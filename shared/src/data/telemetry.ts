import { collection, getDocs, limit, query, where, type Firestore } from 'firebase/firestore/lite';
import { readTelemetryHour, type TelemetryHour } from '@sbc/domain';
import { COLLECTIONS } from './collections';

/**
 * The most hour documents one read returns: 3 apps × a few live releases × 48 hours stays far below it; past it the
 * oldest hours of the window are missing (the Salute page compares releases, it does not need them all).
 */
export const TELEMETRY_READ_LIMIT = 500;

/**
 * The Salute page's data (admins only: firestore.rules): the telemetry hour documents from `sinceHour` on, one
 * range query on `hour` (one document per app × release × hour). Reads: one per document returned, at most
 * TELEMETRY_READ_LIMIT; the page reads its 48-hour window once, then only the current and previous hour
 * (≤ 3 apps × live releases × 2 documents) at each refresh.
 */
export async function getTelemetryHours(db: Firestore, sinceHour: string): Promise<TelemetryHour[]> {
  const snapshot = await getDocs(query(collection(db, COLLECTIONS.telemetry), where('hour', '>=', sinceHour), limit(TELEMETRY_READ_LIMIT)));
  return snapshot.docs.flatMap((d) => readTelemetryHour(d.data()) ?? []);
}
