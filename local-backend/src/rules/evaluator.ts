/**
 * Evaluates rule expressions. Any failure (missing field, wrong type, get() of a missing document) throws a
 * RulesEvalError; the engine turns it into "this allow is false". `&&` and `||` tolerate an error on one
 * side when the other side alone decides the result, as Firestore does.
 */
import type { Expr, FunctionDecl } from './ast';
import { type BuiltinContext, FUNCTIONS, METHODS, isType } from './builtins';
import {
  type Duration,
  type RulesValue,
  type Timestamp,
  RulesEvalError,
  bool,
  compare,
  equals,
  float,
  int,
  isPartialMap,
  list,
  normalizeDuration,
  str,
  unprovable,
} from './values';

/** Firestore stops at 20 nested function calls; so do we (it also stops runaway recursion). */
const MAX_CALL_DEPTH = 20;

type Lazy = () => RulesValue;

function lazy(compute: () => RulesValue): Lazy {
  let done = false;
  let value: RulesValue;
  let error: unknown;
  return () => {
    if (!done) {
      try {
        value = compute();
      } catch (e) {
        error = e;
      }
      done = true;
    }
    if (error) throw error;
    return value;
  };
}

/** Lexical scope: variables (wildcards, request, resource, params, lets) and the functions visible from here. */
export class Scope {
  private readonly vars = new Map<string, Lazy>();
  private readonly functions = new Map<string, FunctionDecl>();
  constructor(readonly parent: Scope | null) {}

  define(name: string, value: RulesValue | Lazy): this {
    this.vars.set(name, typeof value === 'function' ? value : () => value);
    return this;
  }
  declare(decls: FunctionDecl[]): this {
    for (const d of decls) this.functions.set(d.name, d);
    return this;
  }
  variable(name: string): Lazy | undefined {
    return this.vars.get(name) ?? this.parent?.variable(name);
  }
  /** The function and the scope it was declared in (its closure). */
  fn(name: string): { decl: FunctionDecl; scope: Scope } | undefined {
    const decl = this.functions.get(name);
    if (decl) return { decl, scope: this };
    return this.parent?.fn(name);
  }
}

export interface EvalContext extends BuiltinContext {
  depth: number;
}

const fail = (message: string, line: number): never => {
  throw new RulesEvalError(message, line);
};

function asBool(v: RulesValue, line: number, what: string): boolean {
  if (v.t !== 'bool') return fail(`${what} needs a bool, got ${v.t}`, line);
  return v.v;
}

type Outcome = { ok: true; value: boolean } | { ok: false; error: unknown };

function attempt(e: Expr, scope: Scope, ctx: EvalContext, what: string): Outcome {
  try {
    return { ok: true, value: asBool(evaluate(e, scope, ctx), e.line, what) };
  } catch (error) {
    if (!(error instanceof RulesEvalError)) throw error;
    return { ok: false, error };
  }
}

function logical(op: '&&' | '||', left: Expr, right: Expr, scope: Scope, ctx: EvalContext): RulesValue {
  const decisive = op === '||';
  const l = attempt(left, scope, ctx, op);
  if (l.ok && l.value === decisive) return bool(decisive);
  const r = attempt(right, scope, ctx, op);
  if (r.ok && r.value === decisive) return bool(decisive);
  if (!l.ok) throw l.error;
  if (!r.ok) throw r.error;
  return bool(!decisive);
}

function arithmetic(op: string, a: RulesValue, b: RulesValue, line: number): RulesValue {
  if (a.t === 'int' && b.t === 'int') {
    if ((op === '/' || op === '%') && b.v === 0) return fail('division by zero', line);
    const r = op === '+' ? a.v + b.v : op === '-' ? a.v - b.v : op === '*' ? a.v * b.v : op === '/' ? Math.trunc(a.v / b.v) : a.v % b.v;
    if (!Number.isSafeInteger(r)) return fail('integer overflow', line);
    return int(r);
  }
  if ((a.t === 'int' || a.t === 'float') && (b.t === 'int' || b.t === 'float')) {
    if (op === '%') return fail('% needs two ints', line);
    return float(op === '+' ? a.v + b.v : op === '-' ? a.v - b.v : op === '*' ? a.v * b.v : a.v / b.v);
  }
  if (op === '+' && a.t === 'string' && b.t === 'string') return str(a.v + b.v);
  if (op === '+' && a.t === 'list' && b.t === 'list') return list([...a.items, ...b.items]);
  if ((op === '+' || op === '-') && (a.t === 'timestamp' || a.t === 'duration') && b.t === 'duration') {
    const sign = op === '+' ? 1 : -1;
    const d = normalizeDuration(a.seconds + sign * b.seconds, a.nanos + sign * b.nanos);
    return a.t === 'timestamp' ? ({ ...d, t: 'timestamp' } as Timestamp) : d;
  }
  if (op === '+' && a.t === 'duration' && b.t === 'timestamp') return arithmetic('+', b, a, line);
  if (op === '-' && a.t === 'timestamp' && b.t === 'timestamp') return normalizeDuration(a.seconds - b.seconds, a.nanos - b.nanos);
  return fail(`operator ${op} is not defined on ${a.t} and ${b.t}`, line);
}

function member(object: RulesValue, name: string, line: number): RulesValue {
  if (object.t !== 'map') return fail(`cannot read .${name} of ${object.t}`, line);
  const v = object.entries.get(name);
  if (v === undefined && object.partial) return withLine(() => unprovable(`field "${name}"`), line);
  if (v === undefined) return fail(`property "${name}" is undefined`, line);
  return v;
}

function index(object: RulesValue, key: RulesValue, line: number): RulesValue {
  if (object.t === 'map') {
    if (key.t !== 'string') return fail(`a map index must be a string, got ${key.t}`, line);
    return member(object, key.v, line);
  }
  if (object.t === 'list' || object.t === 'path') {
    if (key.t !== 'int') return fail(`a list index must be an int, got ${key.t}`, line);
    const at = key.v < 0 ? -1 : key.v;
    if (object.t === 'path') return at < object.segments.length ? str(object.segments[at]) : fail(`path index ${key.v} out of range`, line);
    return at < object.items.length ? object.items[at] : fail(`list index ${key.v} out of range`, line);
  }
  return fail(`cannot index ${object.t}`, line);
}

function pathSegments(e: Extract<Expr, { k: 'path' }>, scope: Scope, ctx: EvalContext): string[] {
  const segments: string[] = [];
  let next = 0;
  for (const part of e.parts) {
    if (part.kind === 'literal') segments.push(part.text);
    else if (part.kind === 'interpolation') {
      const v = evaluate(e.interpolations[next++], scope, ctx);
      if (v.t === 'string') segments.push(v.v);
      else if (v.t === 'int') segments.push(String(v.v));
      else if (v.t === 'path') segments.push(...v.segments);
      else fail(`cannot put ${v.t} into a path`, e.line);
    }
  }
  return segments;
}

function callUser(name: string, args: Expr[], line: number, scope: Scope, ctx: EvalContext): RulesValue {
  const found = scope.fn(name);
  if (!found) return fail(`unknown function ${name}()`, line);
  if (ctx.depth >= MAX_CALL_DEPTH) return fail(`more than ${MAX_CALL_DEPTH} nested function calls`, line);
  const { decl, scope: closure } = found;
  const body = new Scope(closure);
  decl.params.forEach((p, i) => body.define(p, evaluate(args[i], scope, ctx)));
  const inner: EvalContext = { ...ctx, depth: ctx.depth + 1 };
  for (const l of decl.lets) body.define(l.name, lazy(() => evaluate(l.value, body, inner)));
  return evaluate(decl.body, body, inner);
}

export function evaluate(e: Expr, scope: Scope, ctx: EvalContext): RulesValue {
  switch (e.k) {
    case 'literal':
      return e.value;
    case 'ident': {
      const v = scope.variable(e.name);
      return v ? v() : fail(`unknown variable ${e.name}`, e.line);
    }
    case 'path':
      return { t: 'path', segments: pathSegments(e, scope, ctx) };
    case 'list':
      return list(e.items.map((x) => evaluate(x, scope, ctx)));
    case 'map': {
      const entries = new Map<string, RulesValue>();
      for (const [k, v] of e.entries) {
        const key = evaluate(k, scope, ctx);
        if (key.t !== 'string') fail(`map keys must be strings, got ${key.t}`, e.line);
        entries.set((key as { v: string }).v, evaluate(v, scope, ctx));
      }
      return { t: 'map', entries };
    }
    case 'unary': {
      const v = evaluate(e.operand, scope, ctx);
      if (e.op === '!') return bool(!asBool(v, e.line, '!'));
      if (v.t === 'int' || v.t === 'float') return { ...v, v: -v.v };
      if (v.t === 'duration') return normalizeDuration(-v.seconds, -v.nanos) as Duration;
      return fail(`unary - is not defined on ${v.t}`, e.line);
    }
    case 'ternary':
      return asBool(evaluate(e.test, scope, ctx), e.line, '?:') ? evaluate(e.then, scope, ctx) : evaluate(e.otherwise, scope, ctx);
    case 'is':
      return bool(isType(evaluate(e.operand, scope, ctx), e.type));
    case 'member':
      return member(evaluate(e.object, scope, ctx), e.name, e.line);
    case 'index':
      return index(evaluate(e.object, scope, ctx), evaluate(e.index, scope, ctx), e.line);
    case 'binary': {
      if (e.op === '&&' || e.op === '||') return logical(e.op, e.left, e.right, scope, ctx);
      const a = evaluate(e.left, scope, ctx);
      const b = evaluate(e.right, scope, ctx);
      return withLine(() => binaryOperator(e.op, a, b, e.line), e.line);
    }
    case 'call': {
      const builtin = FUNCTIONS[e.name];
      if (scope.fn(e.name) || !builtin) return callUser(e.name, e.args, e.line, scope, ctx);
      const args = e.args.map((x) => evaluate(x, scope, ctx));
      if (args.some(isPartialMap)) return withLine(() => unprovable(`${e.name}() of a document map`), e.line);
      return withLine(() => builtin[2](args, ctx), e.line);
    }
    case 'method': {
      const self = evaluate(e.object, scope, ctx);
      const args = e.args.map((x) => evaluate(x, scope, ctx));
      const method = METHODS[e.name];
      if (!method) return fail(`unknown method ${e.name}()`, e.line);
      if (args.some(isPartialMap) || (isPartialMap(self) && !knownGet(e.name, self, args))) {
        return withLine(() => unprovable(`${e.name}() of a document map`), e.line);
      }
      return withLine(() => method[2](self, args), e.line);
    }
  }
}

/** `data.get('field', default)` on a query's partial map is provable only for a field the query pins. */
function knownGet(name: string, self: RulesValue, args: RulesValue[]): boolean {
  if (name !== 'get' || self.t !== 'map') return false;
  const [key] = args;
  if (key?.t === 'string') return self.entries.has(key.v);
  if (key?.t !== 'list' || key.items.length === 0) return false;
  let at: RulesValue | undefined = self;
  for (const part of key.items) {
    if (at?.t !== 'map' || part.t !== 'string') return false;
    at = at.entries.get(part.v);
  }
  return at !== undefined;
}

function binaryOperator(op: string, a: RulesValue, b: RulesValue, line: number): RulesValue {
  switch (op) {
    case '==':
      return bool(equals(a, b));
    case '!=':
      return bool(!equals(a, b));
    case '<':
      return bool(compare(a, b) < 0);
    case '<=':
      return bool(compare(a, b) <= 0);
    case '>':
      return bool(compare(a, b) > 0);
    case '>=':
      return bool(compare(a, b) >= 0);
    case 'in':
      if (b.t === 'list' || b.t === 'set') return bool(b.items.some((x) => equals(x, a)));
      if (b.t === 'map') {
        if (a.t !== 'string') return fail(`a map key must be a string, got ${a.t}`, line);
        if (b.partial && !b.entries.has(a.v)) return unprovable(`whether field "${a.v}" exists`);
        return bool(b.entries.has(a.v));
      }
      return fail(`"in" is not defined on ${b.t}`, line);
    default:
      return arithmetic(op, a, b, line);
  }
}

/** Builtins throw without a line; attach the call's line so denials point at the rule. */
function withLine(run: () => RulesValue, line: number): RulesValue {
  try {
    return run();
  } catch (error) {
    if (error instanceof RulesEvalError && !/\(line \d+\)$/.test(error.message)) throw new RulesEvalError(error.message, line);
    throw error;
  }
}
