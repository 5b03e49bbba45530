/**
 * The one place where the Firestore-compatible emulator asks the security rules whether a browser request
 * may proceed. The emulator (../firestore) calls `authorize` for every document a request touches; the rules
 * engine (this folder) parses `firestore.rules` and evaluates it. Requests made with the admin SDK's owner
 * credentials ("Bearer owner") never reach this hook, as in Firestore.
 */

/** A Firestore REST v1 `Value` (e.g. `{ integerValue: "3" }`, `{ mapValue: { fields: {...} } }`): lossless typing for `is int`, `is timestamp`... */
export type RestValue = Record<string, unknown>;
/** A document's fields in REST form. */
export type RestFields = Record<string, RestValue>;

export type RulesMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

export interface RulesAuth {
  uid: string;
  /** Decoded ID token claims (email, email_verified, firebase.sign_in_provider, ...). */
  token: Record<string, unknown>;
}

export interface RulesDocument {
  /** Document path below `.../documents/`, e.g. `products/abc` or `users/u1/notes/n1`. */
  path: string;
  fields: RestFields;
}

/** Reads used by `get()`, `exists()` and `getAfter()` inside rules. Paths are relative to `.../documents/`. */
export interface RulesDocumentLookup {
  /** The committed state before this request. */
  get(path: string): RulesDocument | null;
  /** The state as it would be after the request's writes (commit); equals `get` for reads. */
  getAfter(path: string): RulesDocument | null;
}

export interface RulesRequest {
  method: RulesMethod;
  /** The document path the decision is about (for `list`, each candidate document of the query). */
  path: string;
  auth: RulesAuth | null;
  time: Date;
  /** `resource`: the stored document, null when it does not exist. */
  resource: RulesDocument | null;
  /** `request.resource`: the document after the write (create/update only). */
  requestResource?: RulesDocument | null;
  /** For `list`: the query's limit, if any (`request.query.limit`). */
  queryLimit?: number;
}

export interface RulesDecision {
  allowed: boolean;
  /** Why it was denied (no matching allow, or the evaluation error), for the PERMISSION_DENIED message. */
  reason?: string;
}

export interface RulesEngine {
  authorize(request: RulesRequest, lookup: RulesDocumentLookup): RulesDecision;
}
