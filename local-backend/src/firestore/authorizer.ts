/**
 * The ONE place where the emulator consults the security rules (see ../rules/contract.ts).
 * - Admin callers (`Bearer owner`) and an emulator started without rules skip every check.
 * - get: every document a batchGet asks for (missing ones with `resource` null).
 * - list: once per query, from the query's constraints (query-constraints.ts), never from the documents it
 *   returns: "rules are not filters", so a query the rules cannot prove safe is denied even when it would
 *   return nothing, and one they can is allowed whatever it returns.
 * - create/update/delete: each write of a commit; `resource` is the committed document, `requestResource` the
 *   document right after that write, and `getAfter` sees the whole batch applied. `verify` writes are reads
 *   already authorized by the transaction's get, so they are not checked again.
 * - listCollectionIds: no rule can grant it; in Firestore it needs IAM credentials (server libraries), so a
 *   browser's request is PERMISSION_DENIED whatever the rules say, and so it is here, with or without rules.
 */
import type { RulesDocument, RulesDocumentLookup, RulesEngine, RulesMethod, RulesQuery, RulesRequest } from '../rules/contract';
import type { Caller } from './auth-tokens';
import type { CommitPlan } from './commit-engine';
import { permissionDenied } from './errors';
import type { DocumentStore, StoredDocument } from './store';

function toRules(doc: StoredDocument | null | undefined): RulesDocument | null {
  return doc ? { path: doc.path, fields: doc.fields } : null;
}

export class Authorizer {
  constructor(
    private readonly rules: RulesEngine | undefined,
    private readonly store: DocumentStore,
  ) {}

  private skip(caller: Caller): boolean {
    return !this.rules || caller.kind === 'admin';
  }

  private check(caller: Caller, request: Omit<RulesRequest, 'auth' | 'time'>, lookup: RulesDocumentLookup): void {
    const time = request.timeNanos !== undefined ? new Date(Number(request.timeNanos / 1_000_000n)) : new Date();
    const full: RulesRequest = { ...request, auth: caller.kind === 'user' ? caller.auth : null, time };
    const decision = this.rules!.authorize(full, lookup);
    if (!decision.allowed) {
      throw permissionDenied(
        `Missing or insufficient permissions (${request.method} on ${request.path}${decision.reason ? `: ${decision.reason}` : ''})`,
      );
    }
  }

  private readLookup(): RulesDocumentLookup {
    const get = (path: string) => toRules(this.store.get(path));
    return { get, getAfter: get };
  }

  authorizeGets(caller: Caller, paths: string[]): void {
    if (this.skip(caller)) return;
    const lookup = this.readLookup();
    for (const path of paths) this.check(caller, { method: 'get', path, resource: lookup.get(path) }, lookup);
  }

  authorizeList(caller: Caller, query: RulesQuery): void {
    if (this.skip(caller)) return;
    const path = query.allDescendants ? `${query.parent ? `${query.parent}/` : ''}**/${query.collectionId}` : query.parent;
    this.check(caller, { method: 'list', path, resource: null, query }, this.readLookup());
  }

  authorizeListCollectionIds(caller: Caller): void {
    if (caller.kind === 'admin') return;
    throw permissionDenied('Missing or insufficient permissions (listCollectionIds is for the admin SDK only)');
  }

  authorizeCommit(caller: Caller, plan: CommitPlan): void {
    if (this.skip(caller)) return;
    const lookup: RulesDocumentLookup = {
      get: (path) => toRules(this.store.get(path)),
      getAfter: (path) => (plan.finalState.has(path) ? toRules(plan.finalState.get(path)) : toRules(this.store.get(path))),
    };
    for (const write of plan.writes) {
      if (write.kind === 'verify') continue;
      const method: RulesMethod = write.kind === 'delete' ? 'delete' : write.before ? 'update' : 'create';
      this.check(
        caller,
        // request.time is the commit time, the value of this commit's serverTimestamp() fields.
        { method, path: write.path, resource: toRules(write.before), requestResource: toRules(write.after), timeNanos: plan.commitTime },
        lookup,
      );
    }
  }
}
