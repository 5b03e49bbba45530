/** Public API of the project's Firestore-compatible REST emulator. */
export { startFirestoreEmulator } from './emulator';
export type { FirestoreEmulatorOptions, RunningFirestoreEmulator } from './emulator';
export { encodeValue, decodeValue, encodeFields, decodeFields, compareValues } from './values';
export type { RestValue, RestFields } from './values';
export type { PlainDocument, ExportedDatabase, ExportedDocument } from './persistence';
export { DATA_FILE_NAME, LOG_FILE_NAME } from './journal';
export type { CounterSnapshot } from './counters';
export type { FirestoreTrigger } from './triggers';
export { loadIndexesFile } from './index-requirements';
