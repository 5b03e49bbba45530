/** The hour documents in Firestore, written with admin rights (firestore.rules let no client write them). */
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { addToHour, emptyHour, readTelemetryHour, TELEMETRY_COLLECTION, telemetryDocId } from '@sbc/domain';
import type { TelemetryStore } from './handler';

/**
 * One transaction per report: read its (at most three) hour documents, add, write them back. A read-modify-write
 * rather than field increments, because the top-errors list is capped (@sbc/domain addToHour). Cost per report: ≤ 3
 * reads and ≤ 3 writes. A busy hour document takes about one write a second (Firestore's sustained rate per
 * document): beyond that, lower TELEMETRY_SAMPLE_RATE (errors stay unsampled) or shard the hour (docs/telemetry.md).
 */
export function firestoreTelemetryStore(db: Firestore): TelemetryStore {
  return {
    add: (deltas) =>
      db.runTransaction(async (tx) => {
        const refs = deltas.map((delta) => db.collection(TELEMETRY_COLLECTION).doc(telemetryDocId(delta.app, delta.release, delta.hour)));
        const snapshots = await tx.getAll(...refs);
        snapshots.forEach((snapshot, i) => {
          const delta = deltas[i];
          const stored = snapshot.exists ? readTelemetryHour(snapshot.data() ?? {}) : null;
          const hour = addToHour(stored ?? emptyHour(delta.app, delta.release, delta.hour), delta);
          tx.set(refs[i], { ...hour, updatedAt: FieldValue.serverTimestamp() });
        });
      }),
  };
}
