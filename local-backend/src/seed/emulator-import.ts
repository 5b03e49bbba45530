/**
 * The dataset in Firestore's REST document shape ({name, fields} with typed values, see
 * shared/design/firestore-rest-protocol.md "Values"), ready for a `:commit` body or for the emulator's
 * `--import` / `importFile` (which reads full `name`s of its own project). Integers become integerValue strings
 * and other numbers doubleValue, as the Firebase SDKs encode them; Dates stay timestamps (plain JSON would
 * turn them into strings).
 */
import type { DemoEconomy } from './generate';

import { encodeFields, encodeValue, type RestFields, type RestValue } from '../firestore/values';

/** The emulator's own encoder, so that an import file and a live import type values identically. */
export type FirestoreValue = RestValue;

export interface FirestoreRestDocument {
  /** projects/{project}/databases/(default)/documents/{path} */
  name: string;
  fields: RestFields;
}

export const toFirestoreValue: (value: unknown) => FirestoreValue = encodeValue;
export const toFirestoreFields: (data: Record<string, unknown>) => RestFields = encodeFields;

export function toEmulatorImport(
  dataset: DemoEconomy,
  projectId = 'demo-sbc-tycoon',
): { documents: FirestoreRestDocument[] } {
  const root = `projects/${projectId}/databases/(default)/documents`;
  return {
    documents: dataset.documents.map((d) => ({ name: `${root}/${d.path}`, fields: toFirestoreFields(d.data) })),
  };
}
