/**
 * The telemetry endpoint's writes under npm start: firebase-admin against our emulator, as the Cloud Function writes
 * in production (functions/src/telemetry/store.ts). `ssl: false` makes firebase-admin send `Bearer owner`, the
 * emulator's admin path (rules bypassed, as for the function's service account).
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { firestoreTelemetryStore, type TelemetryStore } from '../../../functions/src/telemetry';

export function emulatorTelemetryStore(projectId: string, firestoreHost: string, firestorePort: number): TelemetryStore {
  const host = `${firestoreHost}:${firestorePort}`;
  const name = `sbc-telemetry-${host}`;
  const app = getApps().find((existing) => existing.name === name) ?? initializeApp({ projectId }, name);
  const db = getFirestore(app);
  try {
    db.settings({
      host,
      ssl: false,
      preferRest: true,
      // Offline, without it firebase-admin looks for Google credentials (see functions/src/index.ts).
      authClient: { getRequestHeaders: async () => ({}), universeDomain: 'googleapis.com' },
    } as FirebaseFirestore.Settings);
  } catch {
    // Already set up by an earlier server of this process on the same emulator.
  }
  return firestoreTelemetryStore(db);
}
