/**
 * A small in-memory stand-in for `@firebase/rules-unit-testing`: seed documents (bypassing rules), then ask, as a
 * given user, whether an operation would be allowed. Requests are built exactly as the emulator builds them
 * (contract.ts): `resource` is the stored document, `request.resource` the document after the write.
 */
import type { RestFields, RestValue, RulesDecision, RulesDocument, RulesEngine, RulesMethod, RulesQuery } from '../../src/rules';

export type Plain = null | boolean | number | string | Date | Plain[] | { [key: string]: Plain } | { doubleValue: number };

/** Plain JS to Firestore REST values: whole numbers become ints (as the SDK sends them), Dates timestamps. */
export function toRest(value: Plain): RestValue {
  if (value === null) return { nullValue: 'NULL_VALUE' };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  if (typeof value === 'string') return { stringValue: value };
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(toRest) } };
  if ('doubleValue' in value && Object.keys(value).length === 1) return { doubleValue: value.doubleValue };
  return { mapValue: { fields: toRestFields(value as Record<string, Plain>) } };
}

export function toRestFields(data: Record<string, Plain>): RestFields {
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, toRest(v)]));
}

export interface User {
  uid: string;
  token?: Record<string, unknown>;
}

export class RulesTestEnvironment {
  private readonly docs = new Map<string, RestFields>();
  /** Documents written by the same batch as the decided write: seen by getAfter/existsAfter only. */
  private readonly batchDocs = new Map<string, RestFields>();
  constructor(
    private readonly engine: RulesEngine,
    readonly now = new Date('2026-11-22T10:00:00.000Z'),
  ) {}

  /** Writes a document without rules, like `withSecurityRulesDisabled`. */
  seed(path: string, data: Record<string, Plain>): this {
    this.docs.set(path, toRestFields(data));
    return this;
  }

  /** Adds a document to the batch of the next decided writes (visible to getAfter/existsAfter, not to get). */
  alongside(path: string, data: Record<string, Plain>): this {
    this.batchDocs.set(path, toRestFields(data));
    return this;
  }

  unauthenticatedContext(): RulesContext {
    return new RulesContext(this, null);
  }

  authenticatedContext(uid: string, token: Record<string, unknown> = {}): RulesContext {
    return new RulesContext(this, { uid, token: { sub: uid, user_id: uid, ...token } });
  }

  stored(path: string): RulesDocument | null {
    const fields = this.docs.get(path);
    return fields ? { path, fields } : null;
  }

  /** A query on `collection` whose filters pin `equalities` (`where(field, '==', value)`), or the id. */
  decideQuery(user: User | null, collection: string, equalities: Record<string, Plain>, documentId?: string): RulesDecision {
    const query: RulesQuery = {
      parent: collection,
      collectionId: collection.split('/').pop()!,
      allDescendants: false,
      equalities: Object.entries(equalities).map(([field, value]) => ({ fieldPath: field.split('.'), value: toRest(value) })),
      ...(documentId ? { documentId } : {}),
    };
    const auth = user ? { uid: user.uid, token: user.token ?? {} } : null;
    return this.engine.authorize({ method: 'list', path: collection, auth, time: this.now, resource: null, query }, { get: (p) => this.stored(p), getAfter: (p) => this.stored(p) });
  }

  decide(user: User | null, method: RulesMethod, path: string, after: RestFields | null): RulesDecision {
    const before = this.stored(path);
    const requestResource = after ? { path, fields: after } : null;
    return this.engine.authorize(
      { method, path, auth: user ? { uid: user.uid, token: user.token ?? {} } : null, time: this.now, resource: before, requestResource },
      {
        get: (p) => this.stored(p),
        getAfter: (p) => {
          if (p === path) return requestResource;
          const inBatch = this.batchDocs.get(p);
          return inBatch ? { path: p, fields: inBatch } : this.stored(p);
        },
      },
    );
  }
}

export class RulesContext {
  constructor(
    private readonly env: RulesTestEnvironment,
    private readonly user: User | null,
  ) {}

  get(path: string): boolean {
    return this.env.decide(this.user, 'get', path, null).allowed;
  }

  /** A collection query, allowed only if the rules hold for every document it could return, whatever is stored. */
  list(collection: string, where: Record<string, Plain> = {}): boolean {
    return this.env.decideQuery(this.user, collection, where).allowed;
  }

  /** A query pinned to one document id (`where(documentId(), '==', id)`). */
  listById(collection: string, id: string): boolean {
    return this.env.decideQuery(this.user, collection, {}, id).allowed;
  }

  /** setDoc: a create when the document is missing, otherwise a full replace. */
  set(path: string, data: Record<string, Plain>): boolean {
    return this.env.decide(this.user, this.env.stored(path) ? 'update' : 'create', path, toRestFields(data)).allowed;
  }

  /** updateDoc / setDoc with merge: the fields given are merged into the stored document. */
  update(path: string, changes: Record<string, Plain>): boolean {
    const before = this.env.stored(path);
    if (!before) throw new Error(`update of missing document ${path}`);
    return this.env.decide(this.user, 'update', path, { ...before.fields, ...toRestFields(changes) }).allowed;
  }

  /** updateDoc with deleteField(): the named fields are removed. */
  /** An update that deletes `fields` (and sets `changes`, e.g. updatedAt). */
  removeFields(path: string, fields: string[], changes: Record<string, Plain> = {}): boolean {
    const before = this.env.stored(path);
    if (!before) throw new Error(`update of missing document ${path}`);
    const after = { ...Object.fromEntries(Object.entries(before.fields).filter(([k]) => !fields.includes(k))), ...toRestFields(changes) };
    return this.env.decide(this.user, 'update', path, after).allowed;
  }

  delete(path: string): boolean {
    return this.env.decide(this.user, 'delete', path, null).allowed;
  }
}
