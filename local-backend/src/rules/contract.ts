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

/**
 * What a `list` request (a query) guarantees about every document it can return. Firestore decides a query
 * from this, never from the documents that happen to match now ("rules are not filters"): a rule that needs
 * something the query does not pin (the document id, a field without an equality filter) denies the query,
 * even when it would return nothing.
 */
export interface RulesQuery {
  /** For a collection query, the collection path (`products`, `users/u1/notes`); for a collection group, the
   *  parent path under which it searches ('' for the whole database). */
  parent: string;
  collectionId: string;
  /** A collection-group query (`collectionGroup()`): the documents' parent paths are unknown. */
  allDescendants: boolean;
  /** `field == value` constraints the query applies to every result (top-level AND of equality filters). */
  equalities: Array<{ fieldPath: string[]; value: RestValue }>;
  /** The document id, when the query pins it with `__name__ ==`. */
  documentId?: string;
  limit?: number;
  offset?: number;
}

export interface RulesRequest {
  method: RulesMethod;
  /** The document path the decision is about (for `list`, the collection path; `query` says the rest). */
  path: string;
  auth: RulesAuth | null;
  time: Date;
  /**
   * The commit time in nanoseconds, for writes: `request.time` is then exactly the value serverTimestamp()
   * fields receive in that commit (as in Firestore), so a rule can require `data.at == request.time`.
   */
  timeNanos?: bigint;
  /** `resource`: the stored document, null when it does not exist. */
  resource: RulesDocument | null;
  /** `request.resource`: the document after the write (create/update only). */
  requestResource?: RulesDocument | null;
  /** For `list`: the query's constraints (required for `list`). */
  query?: RulesQuery;
}

export interface RulesDecision {
  allowed: boolean;
  /** Why it was denied (no matching allow, or the evaluation error), for the PERMISSION_DENIED message. */
  reason?: string;
}

export interface RulesEngine {
  authorize(request: RulesRequest, lookup: RulesDocumentLookup): RulesDecision;
}
