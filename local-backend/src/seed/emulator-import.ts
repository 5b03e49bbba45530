/**
 * The dataset in Firestore's REST document shape ({name, fields} with typed values, see
 * shared/design/firestore-rest-protocol.md "Values"), ready for a `:commit` body or a file import.
 * Integers become integerValue strings and other numbers doubleValue, as the Firebase SDKs encode them.
 */
import type { DemoEconomy } from './generate';

export type FirestoreValue =
  | { nullValue: 'NULL_VALUE' }
  | { booleanValue: boolean }
  | { integerValue: string }
  | { doubleValue: number | string }
  | { stringValue: string }
  | { timestampValue: string }
  | { arrayValue: { values: FirestoreValue[] } }
  | { mapValue: { fields: Record<string, FirestoreValue> } };

export interface FirestoreRestDocument {
  /** projects/{project}/databases/(default)/documents/{path} */
  name: string;
  fields: Record<string, FirestoreValue>;
}

export function toFirestoreValue(value: unknown): FirestoreValue {
  if (value === null || value === undefined) return { nullValue: 'NULL_VALUE' };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value) && !Object.is(value, -0)) return { integerValue: String(value) };
    return { doubleValue: Number.isFinite(value) ? value : String(value) };
  }
  if (typeof value === 'string') return { stringValue: value };
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(toFirestoreValue) } };
  if (typeof value === 'object') return { mapValue: { fields: toFirestoreFields(value as Record<string, unknown>) } };
  throw new TypeError(`cannot encode a ${typeof value} as a Firestore value`);
}

export function toFirestoreFields(data: Record<string, unknown>): Record<string, FirestoreValue> {
  const fields: Record<string, FirestoreValue> = {};
  for (const [key, value] of Object.entries(data)) {
    // Firestore has no undefined: an undefined field is simply absent, as with ignoreUndefinedProperties.
    if (value !== undefined) fields[key] = toFirestoreValue(value);
  }
  return fields;
}

export function toEmulatorImport(
  dataset: DemoEconomy,
  projectId = 'demo-sbc-tycoon',
): { documents: FirestoreRestDocument[] } {
  const root = `projects/${projectId}/databases/(default)/documents`;
  return {
    documents: dataset.documents.map((d) => ({ name: `${root}/${d.path}`, fields: toFirestoreFields(d.data) })),
  };
}
