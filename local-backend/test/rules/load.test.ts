/**
 * Loading rules: what the parser accepts, and the unsupported constructs it rejects with the line that holds them
 * (a construct the evaluator cannot run must never load and then silently allow or deny).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RestValue, type RulesDocumentLookup, type RulesEngine, type RulesQuery, type RulesRequest, RulesSyntaxError, loadRules, watchRulesFile } from '../../src/rules';

const wrap = (body: string) => `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
${body}
  }
}
`;
/** Body lines start at line 4 of the wrapped file. */
const BODY_LINE = 4;

const noDocs: RulesDocumentLookup = { get: () => null, getAfter: () => null };
function ask(engine: RulesEngine, path: string, method: RulesRequest['method'] = 'get', uid: string | null = 'alice'): boolean {
  return engine.authorize(
    { method, path, auth: uid ? { uid, token: {} } : null, time: new Date(), resource: null, requestResource: method === 'create' ? { path, fields: {} } : null },
    noDocs,
  ).allowed;
}

describe('match paths and wildcards', () => {
  const engine = loadRules(wrap(`
    match /public/{doc} { allow read; }
    match /users/{userId} {
      allow get: if request.auth.uid == userId;
      match /notes/{noteId} { allow read: if request.auth.uid == userId && noteId.size() > 1; }
    }
    match /tree/{rest=**} { allow get: if rest[0] == 'a'; }
    match /ids/{id} { allow get: if resource == null && request.path == /databases/$(database)/documents/ids/$(id); }`));

  it.each<[string, boolean]>([
    ['public/x', true],
    ['users/alice', true],
    ['users/bob', false],
    ['users/alice/notes/n1', true],
    ['users/alice/notes/n', false],
    ['users/bob/notes/n1', false],
    ['tree/a', true],
    ['tree/a/b/c', true],
    ['tree/b/a', false],
    ['ids/42', true],
    ['other/x', false],
  ])('get %s → %p', (path, allowed) => {
    expect(ask(engine, path)).toBe(allowed);
  });

  it('allow without a method for the request does not grant it', () => {
    expect(ask(engine, 'public/x', 'create')).toBe(false);
  });
});

describe('functions, let bindings, get() and exists()', () => {
  const engine = loadRules(wrap(`
    function isRole(role) {
      let path = /databases/$(database)/documents/roles/$(request.auth.uid);
      let unused = request.auth.missing.field;
      return exists(path) && get(path).data.role == role;
    }
    function twice(x) { return x * 2; }
    function loop(x) { return loop(x); }
    match /items/{id} {
      function isOwner() { return request.auth.uid == id; }
      allow get: if isRole('editor') || isOwner();
      allow create: if getAfter(/databases/$(database)/documents/items/$(id)) != null && twice(2) == 4;
      allow delete: if loop(1);
    }`));
  const lookup: RulesDocumentLookup = {
    get: (p) => (p === 'roles/ed' ? { path: p, fields: { role: { stringValue: 'editor' } } } : null),
    getAfter: (p) => (p === 'items/new' ? { path: p, fields: {} } : null),
  };
  const decide = (method: RulesRequest['method'], path: string, uid: string) =>
    engine.authorize({ method, path, auth: { uid, token: {} }, time: new Date(), resource: null, requestResource: null }, lookup);

  it.each<[RulesRequest['method'], string, string, boolean]>([
    ['get', 'items/x', 'ed', true],
    ['get', 'items/x', 'someone', false],
    ['get', 'items/someone', 'someone', true],
    ['create', 'items/new', 'someone', true],
    ['create', 'items/other', 'someone', false],
    ['delete', 'items/x', 'ed', false],
  ])('%s %s as %s → %p', (method, path, uid, allowed) => {
    expect(decide(method, path, uid).allowed).toBe(allowed);
  });

  it('runaway recursion is an evaluation error that denies, with the reason', () => {
    expect(decide('delete', 'items/x', 'ed').reason).toMatch(/more than 20 nested function calls/);
  });
});

describe('request fields', () => {
  const engine = loadRules(wrap(`
    match /q/{id} {
      allow list: if request.query.limit <= 10;
      allow get: if request.time > timestamp.date(2020, 1, 1) && request.auth.token.email_verified == true;
      allow create: if request.resource.data.n is int && request.resource.id == id && request.method == 'create';
      allow update: if resource.data.n == 1 && resource.id == id && resource.__name__ == /databases/$(database)/documents/q/$(id) && database == "(default)";
    }`));
  const everyQ = { parent: 'q', collectionId: 'q', allDescendants: false, equalities: [] };
  const base = { path: 'q/a', time: new Date('2026-01-01T00:00:00Z'), auth: { uid: 'u', token: { email_verified: true } }, resource: null };

  it.each<[string, RulesRequest, boolean]>([
    ['list with limit 10', { ...base, method: 'list', path: 'q', query: { ...everyQ, limit: 10 } }, true],
    ['list with limit 11', { ...base, method: 'list', path: 'q', query: { ...everyQ, limit: 11 } }, false],
    ['list without limit', { ...base, method: 'list', path: 'q', query: everyQ }, false],
    ['get with a verified email', { ...base, method: 'get' }, true],
    ['get with an unverified email', { ...base, method: 'get', auth: { uid: 'u', token: { email_verified: false } } }, false],
    ['create with an int', { ...base, method: 'create', requestResource: { path: 'q/a', fields: { n: { integerValue: '1' } } } }, true],
    ['create with a float', { ...base, method: 'create', requestResource: { path: 'q/a', fields: { n: { doubleValue: 1 } } } }, false],
    ['update of a stored n == 1', { ...base, method: 'update', resource: { path: 'q/a', fields: { n: { integerValue: '1' } } }, requestResource: { path: 'q/a', fields: {} } }, true],
  ])('%s → %p', (_, request, allowed) => {
    expect(engine.authorize(request, noDocs).allowed).toBe(allowed);
  });
});

describe('unsupported or invalid constructs are rejected at load, naming the line', () => {
  it.each<[string, string, number, RegExp]>([
    ['an unknown function', 'match /a/{b} { allow read: if hashing.md5(b) == "x"; }', BODY_LINE, /unsupported function hashing\.md5\(\)/],
    ['an unknown method', 'match /a/{b} {\n allow read: if b.reverse() == "x";\n}', BODY_LINE + 1, /unsupported method \.reverse\(\)/],
    ['an unknown variable', 'match /a/{b} {\n\n allow read: if c == 1;\n}', BODY_LINE + 2, /unknown variable "c"/],
    ['a wildcard of another block', 'match /a/{b} { allow read: if true; }\nmatch /c/{d} { allow read: if b == 1; }', BODY_LINE + 1, /unknown variable "b"/],
    ['an unknown type after is', 'match /a/{b} { allow read: if b is number2; }', BODY_LINE, /unsupported type "number2"/],
    ['an unknown allow method', 'match /a/{b} { allow reed: if true; }', BODY_LINE, /unsupported allow method "reed"/],
    ['a wrong argument count', 'function f(x) { return x; }\nmatch /a/{b} { allow read: if f(1, 2); }', BODY_LINE + 1, /takes 1 argument\(s\), called with 2/],
    ['a builtin with a wrong argument count', 'match /a/{b} { allow read: if exists(); }', BODY_LINE, /exists\(\) called with 0/],
    ['list slicing', 'match /a/{b} { allow read: if [1,2][0:1] == [1]; }', BODY_LINE, /slicing/],
    ['a statement other than let/return in a function', 'function f() {\n  if (true) { return true; }\n}', BODY_LINE + 1, /expected "let" or "return"/],
    ['a missing semicolon', 'match /a/{b} {\n  allow read: if true\n}', BODY_LINE + 2, /expected ";"/],
    ['a recursive wildcard not at the end', 'match /a/{b=**}/c { allow read; }', BODY_LINE, /must be the last segment/],
    ['an unterminated string', "match /a/{b} { allow read: if b == 'x; }", BODY_LINE, /unterminated string/],
  ])('%s', (_, body, line, message) => {
    let error: unknown;
    try {
      loadRules(wrap(body));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RulesSyntaxError);
    expect((error as RulesSyntaxError).line).toBe(line);
    expect((error as Error).message).toMatch(new RegExp(`^firestore\\.rules line ${line}: `));
    expect((error as Error).message).toMatch(message);
  });

  it.each<[string, string, RegExp]>([
    ['another service', "rules_version = '2';\nservice firebase.storage { }", /line 2: unsupported service "firebase.storage"/],
    ['an unknown rules_version', "rules_version = '3';\nservice cloud.firestore { }", /line 1: unsupported rules_version/],
    ['allow outside a match', 'service cloud.firestore {\n  allow read;\n}', /line 2: "allow" outside a match block/],
    ['a missing closing brace', "service cloud.firestore {\n match /a/{b} { allow read; }\n", /line 3: missing "}"/],
  ])('%s', (_, source, message) => {
    expect(() => loadRules(source)).toThrow(message);
  });
});

describe('watchRulesFile', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rules-watch-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const waitFor = async (condition: () => boolean) => {
    for (let i = 0; i < 100 && !condition(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(condition()).toBe(true);
  };

  it('reloads on change, and a broken edit keeps the previous rules and logs the error', async () => {
    const file = join(dir, 'firestore.rules');
    writeFileSync(file, wrap('match /a/{b} { allow read: if false; }'));
    const reloads: RulesEngine[] = [];
    const logs: string[] = [];
    const watcher = watchRulesFile(file, (engine) => reloads.push(engine), { intervalMs: 20, log: (m) => logs.push(m) });
    try {
      expect(ask(watcher, 'a/x')).toBe(false);

      writeFileSync(file, wrap('match /a/{b} { allow read: if true; }'));
      await waitFor(() => reloads.length === 1);
      expect(ask(watcher, 'a/x')).toBe(true);
      expect(ask(reloads[0], 'a/x')).toBe(true);

      writeFileSync(file, wrap('match /a/{b} { allow read: if nonsense(); }  '));
      await waitFor(() => logs.length === 1);
      expect(logs[0]).toMatch(/not reloaded, keeping the previous rules: firestore\.rules line 4: unsupported function nonsense\(\)/);
      expect(ask(watcher, 'a/x')).toBe(true);
      expect(reloads).toHaveLength(1);
    } finally {
      watcher.close();
    }
  });

  it('refuses to start on a broken file', () => {
    const file = join(dir, 'firestore.rules');
    writeFileSync(file, 'service cloud.firestore {');
    expect(() => watchRulesFile(file, () => {})).toThrow(RulesSyntaxError);
  });
});

describe('queries: decided from their constraints, never from the stored documents', () => {
  const engine = loadRules(wrap(`
    match /notes/{noteId} {
      allow list: if resource.data.owner == request.auth.uid;
    }
    match /posts/{postId} {
      allow list: if resource.data.get('published', false) == true;
      match /comments/{commentId} {
        allow list: if request.auth != null;
      }
    }
    match /drafts/{draftId} {
      allow list: if draftId.size() > 0;
    }
    match /boxes/{boxId} {
      allow list: if resource.data.meta.kind == 'public' && !('secret' in resource.data);
    }`));
  const alice = { uid: 'alice', token: {} };
  const query = (parent: string, equalities: Record<string, RestValue> = {}, extra: Partial<RulesQuery> = {}): RulesRequest => ({
    method: 'list',
    path: parent,
    auth: alice,
    time: new Date('2026-01-01T00:00:00Z'),
    resource: null,
    query: {
      parent,
      collectionId: parent.split('/').pop()!,
      allDescendants: false,
      equalities: Object.entries(equalities).map(([f, value]) => ({ fieldPath: f.split('.'), value })),
      ...extra,
    },
  });
  const s = (v: string): RestValue => ({ stringValue: v });
  const nobody = { get: () => null, getAfter: () => null };

  it.each<[string, RulesRequest, boolean]>([
    ['notes where owner == caller', query('notes', { owner: s('alice') }), true],
    ['notes where owner == someone else', query('notes', { owner: s('bob') }), false],
    ['notes with no filter (even if every stored note were alice\'s)', query('notes'), false],
    ['posts where published == true', query('posts', { published: { booleanValue: true } }), true],
    ['posts with no filter: get() with a default cannot stand in for an unpinned field', query('posts'), false],
    ['drafts: the document id wildcard is unknown to a query', query('drafts'), false],
    ['drafts pinned by __name__ ==', query('drafts', {}, { documentId: 'd1' }), true],
    ['boxes where meta.kind == public: a nested pin, but "in" needs the whole map', query('boxes', { 'meta.kind': s('public') }), false],
    ['comments under one post', query('posts/p1/comments'), true],
    ['comments as a collection group: no {path=**} rule covers unknown parents', query('', {}, { collectionId: 'comments', allDescendants: true }), false],
  ])('%s: %s', (_what, request, allowed) => {
    expect(engine.authorize(request, nobody).allowed).toBe(allowed);
  });

  it('a collection-group query is granted by a recursive wildcard that does not use the unknown path', () => {
    const group = query('', {}, { collectionId: 'comments', allDescendants: true });
    const open = loadRules(wrap(`match /{document=**} { allow list: if request.auth != null; }`));
    const pathBound = loadRules(wrap(`match /{document=**} { allow list: if document.size() > 2; }`));
    expect(open.authorize(group, nobody).allowed).toBe(true);
    expect(open.authorize({ ...group, auth: null }, nobody).allowed).toBe(false);
    expect(pathBound.authorize(group, nobody).allowed).toBe(false);
  });

  it('says why a query was denied', () => {
    expect(engine.authorize(query('notes'), nobody).reason).toMatch(/field "owner" is not known for every document a query can return/);
  });
});
