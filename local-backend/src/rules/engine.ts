/**
 * Decides one request: finds every `match` chain whose path matches the document, binds the wildcards and
 * evaluates the `allow` statements for the request's method. Any true `allow` grants; errors count as false.
 */
import type { AllowMethod, MatchBlock, PatternSegment, Ruleset } from './ast';
import { resourceValue } from './builtins';
import type { RulesDecision, RulesDocumentLookup, RulesEngine, RulesMethod, RulesQuery, RulesRequest } from './contract';
import { type EvalContext, Scope, evaluate } from './evaluator';
import { type RulesValue, NULL, RulesEvalError, fromJson, fromRest, int, str, timestampFromMillis, unprovable } from './values';

const DATABASE = '(default)';

/** Stand-ins in a query's document path: its id (unless pinned by `__name__ ==`) and, for a collection group,
 *  the unknown parent path. Neither can occur in a real path (a segment cannot contain NUL). */
const QUERY_DOCUMENT = '\u0000query-document';
const ANY_PARENT = '\u0000any-parent';

type Binding = RulesValue | (() => RulesValue);

const GRANTING: Record<RulesMethod, AllowMethod[]> = {
  get: ['get', 'read'],
  list: ['list', 'read'],
  create: ['create', 'write'],
  update: ['update', 'write'],
  delete: ['delete', 'write'],
};

interface PatternMatch {
  bindings: Array<[string, Binding]>;
  rest: string[];
}

const unknownBinding = (what: string) => () => unprovable(what);

/** Matches a block's pattern against the start of `segments`. `{name=**}` takes all the rest: zero or more segments in rules_version 2, one or more in version 1. */
function matchPattern(pattern: PatternSegment[], segments: string[], version: '1' | '2'): PatternMatch | null {
  const bindings: PatternMatch['bindings'] = [];
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i];
    if (p.kind === 'wildcard' && p.recursive) {
      const rest = segments.slice(i);
      if (version === '1' && rest.length === 0) return null;
      const known = !rest.includes(QUERY_DOCUMENT) && !rest.includes(ANY_PARENT);
      bindings.push([p.name, known ? { t: 'path', segments: rest } : unknownBinding(`the path bound to {${p.name}=**}`)]);
      return { bindings, rest: [] };
    }
    const segment = segments[i];
    if (segment === undefined || segment === ANY_PARENT) return null;
    if (p.kind === 'literal') {
      if (p.text !== segment) return null;
    } else bindings.push([p.name, segment === QUERY_DOCUMENT ? unknownBinding(`the document id {${p.name}}`) : str(segment)]);
  }
  return { bindings, rest: segments.slice(pattern.length) };
}

/** Sets `value` at `path` inside a partial map, creating partial maps on the way. */
function pin(data: Map<string, RulesValue>, path: string[], value: RulesValue): void {
  const [head, ...rest] = path;
  if (rest.length === 0) {
    if (!data.has(head)) data.set(head, value);
    return;
  }
  let next = data.get(head);
  if (next === undefined) {
    next = { t: 'map', entries: new Map(), partial: true };
    data.set(head, next);
  }
  if (next.t === 'map' && next.partial) pin(next.entries, rest, value);
}

/** What a query's rules see as `resource`: the fields its equality filters pin, the id if `__name__ ==` pins it. */
function queryResource(query: RulesQuery, segments: string[]): RulesValue {
  const data = new Map<string, RulesValue>();
  for (const { fieldPath, value } of query.equalities) pin(data, fieldPath, fromRest(value));
  const entries = new Map<string, RulesValue>([['data', { t: 'map', entries: data, partial: true }]]);
  if (query.documentId !== undefined) {
    entries.set('id', str(query.documentId));
    if (!segments.includes(ANY_PARENT)) entries.set('__name__', { t: 'path', segments });
  }
  return { t: 'map', entries, partial: true };
}

/** The path rules match a query against: the collection, then a document whose id the query may not know. */
function querySegments(query: RulesQuery): string[] {
  const parent = query.parent.split('/').filter(Boolean);
  const id = query.documentId ?? QUERY_DOCUMENT;
  const inside = query.allDescendants ? [...parent, ANY_PARENT, query.collectionId] : parent;
  return ['databases', DATABASE, 'documents', ...inside, id];
}

function requestValue(request: RulesRequest, segments: string[]): RulesValue {
  const entries = new Map<string, RulesValue>([
    ['auth', request.auth ? { t: 'map', entries: new Map([['uid', str(request.auth.uid)], ['token', fromJson(request.auth.token)]]) } : NULL],
    ['method', str(request.method)],
    ['path', { t: 'path', segments }],
    [
      'time',
      request.timeNanos !== undefined
        ? { t: 'timestamp', seconds: Number(request.timeNanos / 1_000_000_000n), nanos: Number(request.timeNanos % 1_000_000_000n) }
        : timestampFromMillis(request.time.getTime()),
    ],
    ['resource', resourceValue(request.requestResource ?? null, DATABASE)],
  ]);
  if (request.method === 'list') {
    entries.set('query', {
      t: 'map',
      entries: new Map<string, RulesValue>([
        ['limit', request.query?.limit === undefined ? NULL : int(request.query.limit)],
        ['offset', request.query?.offset === undefined ? NULL : int(request.query.offset)],
        ['orderBy', NULL],
      ]),
    });
  }
  return { t: 'map', entries };
}

export class RulesetEngine implements RulesEngine {
  constructor(readonly ruleset: Ruleset) {}

  authorize(request: RulesRequest, lookup: RulesDocumentLookup): RulesDecision {
    if (request.method === 'list' && !request.query) throw new Error('a list request needs its query');
    const query = request.method === 'list' ? request.query : undefined;
    const segments = query ? querySegments(query) : ['databases', DATABASE, 'documents', ...request.path.split('/').filter(Boolean)];
    const root = new Scope(null)
      .define('request', requestValue(request, query ? segments.slice(0, -1) : segments))
      .define('resource', query ? queryResource(query, segments) : resourceValue(request.resource, DATABASE))
      .declare(this.ruleset.functions);
    const ctx: EvalContext = { lookup, depth: 0 };
    const errors: string[] = [];
    let considered = 0;

    const visit = (blocks: MatchBlock[], rest: string[], scope: Scope): boolean => {
      for (const block of blocks) {
        const m = matchPattern(block.pattern, rest, this.ruleset.version);
        if (!m) continue;
        const inner = new Scope(scope).declare(block.functions);
        for (const [name, value] of m.bindings) inner.define(name, value);
        if (m.rest.length === 0) {
          for (const allow of block.allows) {
            if (!allow.methods.some((method) => GRANTING[request.method].includes(method))) continue;
            considered++;
            if (!allow.condition) return true;
            try {
              const result = evaluate(allow.condition, inner, ctx);
              if (result.t === 'bool' && result.v) return true;
              if (result.t !== 'bool') errors.push(`allow at line ${allow.line} returned ${result.t}, not bool`);
            } catch (error) {
              // Anything thrown, even an engine bug, must deny rather than crash the request or grant it.
              const message = error instanceof RulesEvalError ? error.message : `internal error: ${String(error)}`;
              errors.push(`allow at line ${allow.line}: ${message}`);
            }
          }
        }
        if (visit(block.matches, m.rest, inner)) return true;
      }
      return false;
    };

    if (visit(this.ruleset.matches, segments, root)) return { allowed: true };
    // The emulator prefixes the method and path; the reason says only why.
    if (considered === 0) return { allowed: false, reason: 'no allow rule matches this request' };
    return { allowed: false, reason: errors.length ? errors.join('; ') : 'every matching allow rule evaluated to false' };
  }
}
