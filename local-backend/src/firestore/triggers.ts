/**
 * Delivers document-change events to Cloud Functions in the Functions emulator, as Google's Firestore emulator
 * does, so a Firestore-triggered function (functions/src/catalog-index.ts) runs locally and in tests from the
 * same code as in production.
 *
 * How Google's pair works: the Functions emulator registers each Firestore trigger with the Firestore emulator,
 * which then POSTs a CloudEvent to `/functions/projects/{project}/triggers/{key}` on every matching write.
 * firebase-tools only registers triggers with a Firestore emulator it started itself, and ours is started by the
 * stack, so this side does the registration's half: it lists the functions from the Functions emulator's
 * `/backends` (what the Emulator UI reads), keeps the 2nd-gen Firestore triggers, and posts the same CloudEvents
 * (structured mode, JSON data, as the emulator sends them) to the same route.
 *
 * Delivery is asynchronous and in commit order, one event at a time, after the write is acknowledged (at least
 * once in production too, so the function is written to be idempotent). Imports and resets fire nothing, as in
 * Google's emulator. A failed delivery is logged and dropped.
 */
import { randomUUID } from 'node:crypto';
import type { StoredDocument } from './store';
import { fullName } from './resource-names';
import { formatTimestamp, type Nanos } from './timestamps';

const EVENT_PREFIX = 'google.cloud.firestore.document.v1.';
type ChangeKind = 'created' | 'updated' | 'deleted' | 'written';

export interface DocumentChange {
  path: string;
  before: StoredDocument | null;
  after: StoredDocument | null;
}

export interface FirestoreTrigger {
  /** The Functions emulator's key for it (function id + generation, e.g. 'indexProductChange-0'). */
  key: string;
  functionId: string;
  kind: ChangeKind;
  /** Document path pattern ('products/{id}') or exact path. */
  document: string;
  /** Whether `document` holds wildcards. */
  pattern: boolean;
}

/** What `/backends` lists per function (the fields this module reads). */
interface BackendTrigger {
  id?: string;
  name?: string;
  eventTrigger?: {
    eventType?: string;
    eventFilters?: Record<string, string>;
    eventFilterPathPatterns?: Record<string, string>;
  };
}

/** The 2nd-gen Firestore triggers among the Functions emulator's functions (generation 0 keys). */
export function firestoreTriggersOf(backends: unknown): FirestoreTrigger[] {
  const list = (backends as { backends?: Array<{ functionTriggers?: BackendTrigger[] }> })?.backends ?? [];
  const triggers: FirestoreTrigger[] = [];
  for (const backend of list) {
    for (const def of backend.functionTriggers ?? []) {
      const type = def.eventTrigger?.eventType ?? '';
      if (!type.startsWith(EVENT_PREFIX) || !def.id) continue;
      const kind = type.slice(EVENT_PREFIX.length).replace(/\.withAuthContext$/, '') as ChangeKind;
      if (!['created', 'updated', 'deleted', 'written'].includes(kind)) continue;
      const patterned = def.eventTrigger?.eventFilterPathPatterns?.document;
      const exact = def.eventTrigger?.eventFilters?.document;
      const document = patterned ?? exact;
      if (!document) continue;
      triggers.push({ key: `${def.id}-0`, functionId: def.id, kind, document, pattern: patterned !== undefined });
    }
  }
  return triggers;
}

/**
 * Matches a document path against a trigger's pattern: `{name}` stands for one segment, `{name=**}` for the
 * rest of the path. Returns the captured parameters, or null.
 */
export function matchDocumentPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const have = path.split('/');
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i];
    const wildcard = /^\{([^}=]+)(=\*\*)?\}$/.exec(segment);
    if (wildcard?.[2]) {
      if (i >= have.length) return null;
      params[wildcard[1]] = have.slice(i).join('/');
      return params;
    }
    if (i >= have.length) return null;
    if (wildcard) params[wildcard[1]] = have[i];
    else if (segment !== have[i]) return null;
  }
  return want.length === have.length ? params : null;
}

/** Which change kinds a write is: every real write is 'written' and one of created/updated/deleted. */
export function changeKindsOf(change: DocumentChange): ChangeKind[] {
  if (change.before && change.after) return ['updated', 'written'];
  if (change.after) return ['created', 'written'];
  if (change.before) return ['deleted', 'written'];
  return [];
}

function restDocument(projectId: string, doc: StoredDocument): Record<string, unknown> {
  return {
    name: fullName(projectId, doc.path),
    fields: doc.fields,
    createTime: formatTimestamp(doc.createTime),
    updateTime: formatTimestamp(doc.updateTime),
  };
}

/** The CloudEvent Google's emulator sends for `change` to `trigger`. */
export function cloudEventFor(projectId: string, trigger: FirestoreTrigger, change: DocumentChange, commitTime: Nanos): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  if (change.after) data.value = restDocument(projectId, change.after);
  if (change.before) data.oldValue = restDocument(projectId, change.before);
  return {
    specversion: '1.0',
    id: randomUUID(),
    source: `//firestore.googleapis.com/projects/${projectId}/databases/(default)`,
    type: `${EVENT_PREFIX}${trigger.kind}`,
    subject: `documents/${change.path}`,
    time: formatTimestamp(commitTime),
    datacontenttype: 'application/json',
    project: projectId,
    database: '(default)',
    namespace: '(default)',
    document: change.path,
    data,
  };
}

export interface TriggerDispatcherOptions {
  projectId: string;
  log?: (message: string) => void;
}

export class TriggerDispatcher {
  private functionsUrl: string | null = null;
  private triggers: FirestoreTrigger[] = [];
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  /** Events delivered (2xx) and failed, for tests and the stack's log. */
  delivered = 0;
  failed = 0;

  constructor(private readonly options: TriggerDispatcherOptions) {}

  /** Lists the Functions emulator's Firestore triggers; from now on matching commits are delivered. */
  async connect(functionsUrl: string): Promise<FirestoreTrigger[]> {
    const response = await fetch(`${functionsUrl}/backends`);
    if (!response.ok) throw new Error(`Functions emulator ${functionsUrl}/backends answered ${response.status}`);
    this.triggers = firestoreTriggersOf(await response.json());
    this.functionsUrl = functionsUrl;
    return this.triggers;
  }

  disconnect(): void {
    this.functionsUrl = null;
    this.triggers = [];
  }

  get connected(): boolean {
    return this.functionsUrl !== null;
  }

  /** Queues the events of one commit (called after it is applied). */
  dispatch(changes: readonly DocumentChange[], commitTime: Nanos): void {
    if (!this.functionsUrl || this.triggers.length === 0) return;
    for (const change of changes) {
      const kinds = changeKindsOf(change);
      for (const trigger of this.triggers) {
        if (!kinds.includes(trigger.kind)) continue;
        const matches = trigger.pattern ? matchDocumentPattern(trigger.document, change.path) !== null : trigger.document === change.path;
        if (!matches) continue;
        const event = cloudEventFor(this.options.projectId, trigger, change, commitTime);
        this.pending += 1;
        this.queue = this.queue.then(() => this.deliver(trigger, event)).finally(() => (this.pending -= 1));
      }
    }
  }

  /** Resolves once every queued event has been delivered or has failed. */
  async idle(): Promise<void> {
    while (this.pending > 0) await this.queue;
  }

  private async deliver(trigger: FirestoreTrigger, event: Record<string, unknown>): Promise<void> {
    const base = this.functionsUrl;
    if (!base) return;
    const post = (key: string) =>
      fetch(`${base}/functions/projects/${this.options.projectId}/triggers/${key}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/cloudevents+json' },
        body: JSON.stringify(event),
      });
    try {
      let response = await post(trigger.key);
      if (response.status === 404) {
        // The Functions emulator reloaded its functions (a new generation): its 404 lists the current keys.
        const listing = await response.text();
        const current = listing.match(new RegExp(`\\b${trigger.functionId}-\\d+\\b`, 'g'))?.pop();
        if (current && current !== trigger.key) {
          trigger.key = current;
          response = await post(current);
        }
      }
      if (!response.ok) throw new Error(`${response.status} ${(await response.text()).slice(0, 300)}`);
      await response.arrayBuffer().catch(() => undefined);
      this.delivered += 1;
    } catch (error) {
      this.failed += 1;
      this.options.log?.(
        `[firestore-emulator] ${trigger.functionId} failed for ${String(event.document)}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
