/**
 * The Firestore v1 RPCs (`:batchGet`, `:runQuery`, `:runAggregationQuery`, `:commit`, ...) over the store.
 * Transport-free: the HTTP server parses the request and hands over the caller, the parent path and the body.
 * Reads answer JSON arrays, as the SDKs require.
 */
import { runAggregations } from './aggregation';
import type { Caller } from './auth-tokens';
import type { Authorizer } from './authorizer';
import { applyPlan, commitResponse, planCommit } from './commit-engine';
import type { Counters } from './counters';
import { entryOf, type Journal } from './journal';
import { invalidArgument, missingIndex, notFound } from './errors';
import { missingIndexMessage, queryShapeOf, servedByIndexes, type DeclaredIndex } from './index-requirements';
import { parseStructuredQuery, type ParsedQuery } from './parsed-query';
import { rulesQueryOf, wholeCollectionQuery } from './query-constraints';
import { projectFields, runStructuredQuery } from './query-engine';
import { collectionIdOf, fullName, relativeDocumentPath } from './resource-names';
import type { DocumentStore, StoredDocument } from './store';
import { formatTimestamp, type MonotonicClock, type Nanos } from './timestamps';
import type { DocumentChange } from './triggers';
import type { TransactionRegistry } from './transactions';

export interface DocumentsApiDeps {
  projectId: string;
  store: DocumentStore;
  clock: MonotonicClock;
  counters: Counters;
  transactions: TransactionRegistry;
  authorizer: Authorizer;
  /** The data dir's log: a commit is appended (and flushed) before it is applied and acknowledged. */
  journal?: Journal;
  /** After a commit was applied: the paths it wrote or deleted. */
  onChange?: (paths: string[]) => void;
  /** After a commit was applied: each touched document before and after it (Firestore triggers, ./triggers.ts). */
  onCommit?: (changes: DocumentChange[], commitTime: Nanos) => void;
  /** The declared composite indexes: a query they and the single-field indexes cannot serve is refused (./index-requirements.ts). Absent: not checked. */
  indexes?: readonly DeclaredIndex[];
}

type Body = Record<string, any>;

export class DocumentsApi {
  constructor(private readonly deps: DocumentsApiDeps) {}

  private docJson(doc: StoredDocument): unknown {
    return {
      name: fullName(this.deps.projectId, doc.path),
      fields: doc.fields,
      createTime: formatTimestamp(doc.createTime),
      updateTime: formatTimestamp(doc.updateTime),
    };
  }

  /** `newTransaction` starts one (its id goes in the first reply element); `transaction` continues one. */
  private transactionOf(body: Body): { id?: string; isNew: boolean } {
    if (body.newTransaction) return { id: this.deps.transactions.begin(body.newTransaction), isNew: true };
    if (body.transaction) return { id: body.transaction as string, isNew: false };
    return { isNew: false };
  }

  /** As in production: a query needing a composite index that firestore.indexes.json does not declare fails. */
  private requireIndex(query: ParsedQuery): void {
    if (!this.deps.indexes) return;
    const shape = queryShapeOf(query);
    if (!servedByIndexes(shape, this.deps.indexes)) throw missingIndex(missingIndexMessage(shape));
  }

  batchGet(caller: Caller, body: Body): unknown[] {
    const { projectId, store, transactions, counters } = this.deps;
    if (!Array.isArray(body.documents)) throw invalidArgument('"documents" must be an array of names');
    const paths = (body.documents as unknown[]).map((name) => relativeDocumentPath(projectId, name));
    this.deps.authorizer.authorizeGets(caller, paths);
    const tx = this.transactionOf(body);
    const readTime = formatTimestamp(this.deps.clock.now());
    const reply: unknown[] = tx.isNew ? [{ transaction: tx.id, readTime }] : [];
    for (const path of paths) {
      const doc = store.get(path);
      if (tx.id) transactions.recordRead(tx.id, path, doc?.updateTime ?? null);
      if (doc) {
        counters.addRead(collectionIdOf(path));
        reply.push({ found: this.docJson(projectFields(doc, body.mask ? maskFields(body.mask) : undefined)), readTime });
      } else {
        reply.push({ missing: fullName(projectId, path), readTime });
      }
    }
    return reply;
  }

  runQuery(caller: Caller, parentPath: string, body: Body): unknown[] {
    // One parsed object for the rules and the engine. Run first: a malformed query is INVALID_ARGUMENT before
    // any rules decision, as in Firestore.
    const query = parseStructuredQuery(body.structuredQuery);
    this.requireIndex(query);
    const { results } = runStructuredQuery(this.deps.store, this.deps.projectId, parentPath, query);
    this.deps.authorizer.authorizeList(caller, rulesQueryOf(this.deps.projectId, parentPath, query));
    const tx = this.transactionOf(body);
    const readTime = formatTimestamp(this.deps.clock.now());
    const reply: Array<Record<string, unknown>> = results.map((doc) => {
      this.deps.counters.addRead(collectionIdOf(doc.path));
      if (tx.id) this.deps.transactions.recordRead(tx.id, doc.path, doc.updateTime);
      return { document: this.docJson(projectFields(doc, query.select)), readTime };
    });
    if (reply.length === 0) reply.push({ readTime });
    if (tx.isNew) reply[0] = { transaction: tx.id, ...reply[0] };
    return reply;
  }

  runAggregationQuery(caller: Caller, parentPath: string, body: Body): unknown[] {
    const spec = body.structuredAggregationQuery;
    if (!spec?.structuredQuery) throw invalidArgument('structuredAggregationQuery.structuredQuery is required');
    const query = parseStructuredQuery(spec.structuredQuery);
    this.requireIndex(query);
    const { results } = runStructuredQuery(this.deps.store, this.deps.projectId, parentPath, query);
    this.deps.authorizer.authorizeList(caller, rulesQueryOf(this.deps.projectId, parentPath, query));
    const aggregateFields = runAggregations(results, spec.aggregations);
    const collectionId = query.collectionId;
    this.deps.counters.addRead(collectionId, Math.max(1, Math.ceil(results.length / 1000)));
    const tx = this.transactionOf(body);
    const element: Record<string, unknown> = { result: { aggregateFields }, readTime: formatTimestamp(this.deps.clock.now()) };
    if (tx.isNew) element.transaction = tx.id;
    return [element];
  }

  commit(caller: Caller, body: Body): unknown {
    const { store, transactions, counters } = this.deps;
    if (body.transaction) transactions.finish(body.transaction, store);
    const plan = planCommit(store, this.deps.projectId, body.writes ?? [], this.deps.clock.now());
    this.deps.authorizer.authorizeCommit(caller, plan);
    if (plan.finalState.size > 0) this.deps.journal?.append(entryOf(plan.finalState));
    const changes: DocumentChange[] = [...plan.finalState].map(([path, after]) => ({ path, before: store.get(path) ?? null, after }));
    applyPlan(store, plan);
    for (const write of plan.writes) if (write.kind !== 'verify') counters.addWrite(collectionIdOf(write.path));
    if (plan.finalState.size > 0) this.deps.onChange?.([...plan.finalState.keys()]);
    if (changes.length > 0) this.deps.onCommit?.(changes, plan.commitTime);
    return commitResponse(plan);
  }

  /** BulkWriter: each write on its own, failures reported per write instead of failing the call. */
  batchWrite(caller: Caller, body: Body): unknown {
    const writeResults: unknown[] = [];
    const status: unknown[] = [];
    for (const write of (body.writes ?? []) as unknown[]) {
      try {
        const result = this.commit(caller, { writes: [write] }) as { writeResults: unknown[] };
        writeResults.push(result.writeResults[0]);
        status.push({ code: 0 });
      } catch (error) {
        writeResults.push({});
        status.push({ code: grpcCodeOf(error), message: (error as Error).message });
      }
    }
    return { writeResults, status };
  }

  beginTransaction(body: Body): unknown {
    return { transaction: this.deps.transactions.begin(body.options ?? {}) };
  }

  rollback(body: Body): unknown {
    this.deps.transactions.rollback(body.transaction);
    return {};
  }

  /** Admin's `listCollections()`: ids of the collections directly below a document (or the root). */
  listCollectionIds(caller: Caller, parentPath: string): unknown {
    this.deps.authorizer.authorizeListCollectionIds(caller);
    const prefix = parentPath ? `${parentPath}/` : '';
    const ids = new Set<string>();
    for (const doc of this.deps.store.all()) {
      if (doc.path.startsWith(prefix)) ids.add(doc.path.slice(prefix.length).split('/')[0]);
    }
    return { collectionIds: [...ids].sort() };
  }

  /** REST `GET .../documents/c/id`. */
  getDocument(caller: Caller, path: string): unknown {
    this.deps.authorizer.authorizeGets(caller, [path]);
    const doc = this.deps.store.get(path);
    if (!doc) throw notFound(`Document ${fullName(this.deps.projectId, path)} not found`);
    this.deps.counters.addRead(collectionIdOf(path));
    return this.docJson(doc);
  }

  /**
   * REST `GET .../documents/c` (admin's `listDocuments()`): the collection's documents; with `showMissing`,
   * also ids that only hold subcollections (name only, as Firestore does).
   */
  listDocuments(caller: Caller, collectionPath: string, showMissing: boolean): unknown {
    const prefix = `${collectionPath}/`;
    const found = new Map<string, StoredDocument | null>();
    for (const doc of this.deps.store.all()) {
      if (!doc.path.startsWith(prefix)) continue;
      const id = doc.path.slice(prefix.length).split('/')[0];
      const direct = doc.path.indexOf('/', prefix.length) === -1;
      if (direct) found.set(id, doc);
      else if (showMissing && !found.has(id)) found.set(id, null);
    }
    const existing = [...found.values()].filter((d): d is StoredDocument => d !== null);
    this.deps.authorizer.authorizeList(caller, wholeCollectionQuery(collectionPath));
    const documents = [...found.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([id, doc]) => (doc ? this.docJson(doc) : { name: fullName(this.deps.projectId, `${prefix}${id}`) }));
    for (const doc of existing) this.deps.counters.addRead(collectionIdOf(doc.path));
    return { documents };
  }
}

function maskFields(mask: any): string[] {
  const paths = (mask?.fieldPaths ?? []) as unknown[];
  if (!paths.every((p) => typeof p === 'string')) throw invalidArgument('mask.fieldPaths must be strings');
  return paths as string[];
}

const GRPC_CODES: Record<string, number> = {
  INVALID_ARGUMENT: 3,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  UNAUTHENTICATED: 16,
};

function grpcCodeOf(error: unknown): number {
  const status = (error as { status?: string }).status;
  return (status && GRPC_CODES[status]) || 2;
}
