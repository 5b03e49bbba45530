/** Wires store, engines, persistence and the HTTP server into a running emulator. */
import type { AddressInfo } from 'node:net';
import type { RulesEngine } from '../rules/contract';
import { Authorizer } from './authorizer';
import { Counters, type CounterSnapshot } from './counters';
import { DocumentsApi } from './documents-api';
import { createFirestoreHttpServer } from './http-server';
import { documentsEntry, Journal, type JournalOptions } from './journal';
import {
  exportDatabase,
  importDocuments,
  prepareDocuments,
  readDatabaseFile,
  type ExportedDatabase,
  type PlainDocument,
} from './persistence';
import type { DeclaredIndex } from './index-requirements';
import { DocumentStore } from './store';
import { MonotonicClock } from './timestamps';
import { TransactionRegistry } from './transactions';
import { TriggerDispatcher, type FirestoreTrigger } from './triggers';

export interface FirestoreEmulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  projectId: string;
  /**
   * When set, the state lives in `dataDir`: every change is appended to `firestore.log` and flushed before it is
   * acknowledged, and compacted into `firestore.json` in the background and on stop (journal.ts).
   */
  dataDir?: string;
  /** Compaction timing and error output of the data dir (tests). */
  journal?: JournalOptions;
  /** Called after every change, with the paths of the documents written or deleted (e.g. the stack saves the Auth accounts). */
  onChange?: (paths: string[]) => void;
  /** Clock of transaction lifetimes (tests move it). Default Date.now. */
  now?: () => number;
  /**
   * A file in export format (or plain `{documents:[{path,data}]}`, or REST `{documents:[{name,fields}]}` as
   * `seed/cli.ts --format rest` writes) imported at start, after `dataDir`'s state.
   */
  importFile?: string;
  rules?: RulesEngine;
  /**
   * The declared composite indexes (`loadIndexesFile(firestore.indexes.json)`): a query that needs a composite index
   * none of them provides is refused as production refuses it (./index-requirements.ts). Absent: not checked.
   */
  indexes?: readonly DeclaredIndex[];
  /** Log one line per request. */
  log?: boolean;
}

export interface RunningFirestoreEmulator {
  /** e.g. http://127.0.0.1:8080 */
  url: string;
  port: number;
  host: string;
  projectId: string;
  stop(): Promise<void>;
  /** Clears every document, then imports `docs` (plain or REST-form entries) if given. */
  reset(docs?: Array<PlainDocument | Record<string, unknown>>): void;
  /** Adds or replaces documents given as plain JS data. */
  importPlainDocuments(docs: PlainDocument[]): void;
  exportData(): ExportedDatabase;
  counters(): CounterSnapshot;
  resetCounters(): void;
  /**
   * Starts delivering document-change events to the Firestore-triggered functions of the Functions emulator at
   * `functionsUrl` (./triggers.ts); returns the triggers found.
   */
  connectFunctions(functionsUrl: string): Promise<FirestoreTrigger[]>;
  /** Resolves when every event queued so far has been delivered (or has failed). */
  triggersIdle(): Promise<void>;
  /** Events delivered and failed since start. */
  triggerCounts(): { delivered: number; failed: number };
}

export async function startFirestoreEmulator(options: FirestoreEmulatorOptions): Promise<RunningFirestoreEmulator> {
  const { projectId } = options;
  if (!projectId) throw new Error('startFirestoreEmulator: projectId is required');
  const host = options.host ?? '127.0.0.1';
  const store = new DocumentStore();
  const clock = new MonotonicClock();
  const counters = new Counters();
  const transactions = new TransactionRegistry(options.now);

  const journal = options.dataDir ? new Journal(options.dataDir, store, options.journal) : undefined;
  journal?.load(clock, (documents) => importDocuments(store, clock, documents));
  /** Every change goes to the journal first (when there is one), then into the store. */
  const notify = (paths: string[]): void => {
    if (paths.length === 0 || !options.onChange) return;
    try {
      options.onChange(paths);
    } catch (error) {
      console.error('[firestore-emulator] onChange failed:', error);
    }
  };
  const storeDocuments = (docs: ReturnType<typeof prepareDocuments>, clear: boolean): void => {
    journal?.append(documentsEntry(docs, clear));
    const removed = clear ? [...store.all()].map((d) => d.path) : [];
    if (clear) store.clear();
    for (const doc of docs) store.put(doc);
    notify([...removed, ...docs.map((d) => d.path)]);
  };
  if (options.importFile) storeDocuments(prepareDocuments(clock, readDatabaseFile(options.importFile), projectId), false);

  const triggers = new TriggerDispatcher({ projectId, log: (message) => console.error(message) });
  const api = new DocumentsApi({
    projectId,
    store,
    clock,
    counters,
    transactions,
    authorizer: new Authorizer(options.rules, store),
    indexes: options.indexes,
    journal,
    onChange: notify,
    onCommit: (changes, commitTime) => triggers.dispatch(changes, commitTime),
  });

  const reset = (docs?: unknown[]): number => {
    // Checked before anything is cleared: a bad entry answers 400 and leaves the data as it was.
    const prepared = docs ? prepareDocuments(clock, docs, projectId) : [];
    storeDocuments(prepared, true);
    transactions.clear();
    return store.size;
  };
  const importAll = (docs: unknown[]): number => {
    const prepared = prepareDocuments(clock, docs, projectId);
    storeDocuments(prepared, false);
    return prepared.length;
  };

  const server = createFirestoreHttpServer({
    projectId,
    api,
    log: !!options.log,
    admin: {
      reset,
      importDocuments: importAll,
      exportDatabase: () => exportDatabase(store),
      counters: () => counters.snapshot(),
      resetCounters: () => counters.reset(),
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${urlHost}:${port}`,
    port,
    host,
    projectId,
    async stop() {
      triggers.disconnect();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      journal?.close();
    },
    reset: (docs) => void reset(docs),
    importPlainDocuments: (docs) => void importAll(docs),
    exportData: () => exportDatabase(store),
    counters: () => counters.snapshot(),
    resetCounters: () => counters.reset(),
    connectFunctions: (functionsUrl) => triggers.connect(functionsUrl),
    triggersIdle: () => triggers.idle(),
    triggerCounts: () => ({ delivered: triggers.delivered, failed: triggers.failed }),
  };
}
