/**
 * Batches of writes checked by firestore.rules the way the emulator checks them (local-backend/src/firestore/authorizer.ts):
 * each write is decided with `getAfter` seeing the whole batch applied, and the batch lands only if every write is
 * allowed. Used by the rules tests of the watchlist and of the alert webhooks.
 */
import type { RestFields, RulesEngine, RulesMethod } from '../../src/rules';
import { type Plain, toRestFields } from './rules-harness';

export const NOW = new Date('2026-11-22T10:00:00.000Z');

export type Who = 'guest' | 'alice' | 'bob' | 'admin';
/** A write of a batch: `data` null deletes; `merge` merges into the stored fields (setDoc merge / updateDoc). */
export interface Write {
  path: string;
  data: Record<string, Plain> | null;
  merge?: boolean;
}

export class BatchEnvironment {
  private readonly docs = new Map<string, RestFields>();
  constructor(private readonly engine: RulesEngine) {}

  seed(path: string, data: Record<string, Plain>): this {
    this.docs.set(path, toRestFields(data));
    return this;
  }

  has(path: string): boolean {
    return this.docs.has(path);
  }

  private decide(who: Who, method: RulesMethod, path: string, after: RestFields | null, finalState: Map<string, RestFields | null>): boolean {
    const before = this.docs.get(path);
    const stored = (p: string) => {
      const fields = this.docs.get(p);
      return fields ? { path: p, fields } : null;
    };
    return this.engine.authorize(
      {
        method,
        path,
        auth: who === 'guest' ? null : { uid: who, token: { sub: who, user_id: who } },
        time: NOW,
        resource: before ? { path, fields: before } : null,
        requestResource: after ? { path, fields: after } : null,
      },
      {
        get: stored,
        getAfter: (p) => {
          if (!finalState.has(p)) return stored(p);
          const fields = finalState.get(p);
          return fields ? { path: p, fields } : null;
        },
      },
    ).allowed;
  }

  get(who: Who, path: string): boolean {
    return this.decide(who, 'get', path, null, new Map());
  }

  /** A query on the whole collection (no filters). */
  list(who: Who, collection: string): boolean {
    return this.engine.authorize(
      {
        method: 'list',
        path: collection,
        auth: who === 'guest' ? null : { uid: who, token: {} },
        time: NOW,
        resource: null,
        query: { parent: collection, collectionId: collection.split('/').pop()!, allDescendants: false, equalities: [] },
      },
      { get: () => null, getAfter: () => null },
    ).allowed;
  }

  /** Commits the writes together: all allowed → applied and true; any denied → nothing changes, false. */
  commit(who: Who, writes: Write[]): boolean {
    const finalState = new Map<string, RestFields | null>();
    const planned = writes.map((w) => {
      const before = finalState.has(w.path) ? finalState.get(w.path) : this.docs.get(w.path);
      const after = w.data === null ? null : w.merge && before ? { ...before, ...toRestFields(w.data) } : toRestFields(w.data);
      finalState.set(w.path, after);
      const method: RulesMethod = after === null ? 'delete' : this.docs.has(w.path) ? 'update' : 'create';
      return { path: w.path, after, method };
    });
    const allowed = planned.every((p) => this.decide(who, p.method, p.path, p.after, finalState));
    if (allowed) {
      for (const [path, fields] of finalState) {
        if (fields) this.docs.set(path, fields);
        else this.docs.delete(path);
      }
    }
    return allowed;
  }
}

