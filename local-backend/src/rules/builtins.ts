/**
 * The functions and methods the evaluator supports. The checker rejects at load time any call whose name is
 * not listed here, so an unsupported construct can never silently allow a request.
 */
import type { RulesDocument, RulesDocumentLookup } from './contract';
import {
  type Duration,
  type RulesValue,
  type Timestamp,
  NULL,
  RulesEvalError,
  bool,
  describe,
  equals,
  float,
  fromRestFields,
  int,
  list,
  normalizeDuration,
  setOf,
  str,
  timestampFromMillis,
} from './values';

export interface BuiltinContext {
  lookup: RulesDocumentLookup;
}

/** The `resource` / `get()` value of a document: `{ data, id, __name__ }`, or null when it does not exist. */
export function resourceValue(doc: RulesDocument | null, database = '(default)'): RulesValue {
  if (!doc) return NULL;
  const segments = ['databases', database, 'documents', ...doc.path.split('/')];
  return {
    t: 'map',
    entries: new Map<string, RulesValue>([
      ['data', fromRestFields(doc.fields)],
      ['id', str(segments[segments.length - 1])],
      ['__name__', { t: 'path', segments }],
    ]),
  };
}

const fail = (message: string): never => {
  throw new RulesEvalError(message);
};

function documentPath(value: RulesValue): string {
  if (value.t !== 'path') return fail(`get()/exists() need a path, got ${value.t}`);
  const [databases, , documents, ...rest] = value.segments;
  if (databases !== 'databases' || documents !== 'documents' || rest.length === 0 || rest.length % 2 !== 0) {
    return fail(`not a document path: ${describe(value)}`);
  }
  return rest.join('/');
}

function num(v: RulesValue, what: string): number {
  if (v.t === 'int' || v.t === 'float') return v.v;
  return fail(`${what} needs a number, got ${v.t}`);
}

function intArg(v: RulesValue, what: string): number {
  if (v.t === 'int') return v.v;
  return fail(`${what} needs an int, got ${v.t}`);
}

const DURATION_UNITS: Record<string, number> = { w: 604800e9, d: 86400e9, h: 3600e9, m: 60e9, s: 1e9, ms: 1e6, us: 1e3, ns: 1 };

function durationFromNanos(total: number): Duration {
  const seconds = Math.floor(total / 1e9);
  return normalizeDuration(seconds, total - seconds * 1e9);
}

/** Free functions: name → [min args, max args, implementation]. */
export const FUNCTIONS: Record<string, [number, number, (args: RulesValue[], ctx: BuiltinContext) => RulesValue]> = {
  get: [1, 1, ([p], ctx) => resourceValue(ctx.lookup.get(documentPath(p)))],
  exists: [1, 1, ([p], ctx) => bool(ctx.lookup.get(documentPath(p)) !== null)],
  getAfter: [1, 1, ([p], ctx) => resourceValue(ctx.lookup.getAfter(documentPath(p)))],
  existsAfter: [1, 1, ([p], ctx) => bool(ctx.lookup.getAfter(documentPath(p)) !== null)],
  int: [
    1,
    1,
    ([v]) => {
      if (v.t === 'int') return v;
      if (v.t === 'float') return Number.isFinite(v.v) ? int(Math.trunc(v.v)) : fail(`int() of ${v.v}`);
      if (v.t === 'string' && /^\s*[+-]?\d+\s*$/.test(v.v)) return int(Number(v.v));
      return fail(`int() cannot convert ${describe(v)}`);
    },
  ],
  float: [
    1,
    1,
    ([v]) => {
      if (v.t === 'float') return v;
      if (v.t === 'int') return float(v.v);
      if (v.t === 'string' && v.v.trim() !== '' && !Number.isNaN(Number(v.v))) return float(Number(v.v));
      return fail(`float() cannot convert ${describe(v)}`);
    },
  ],
  string: [
    1,
    1,
    ([v]) => {
      if (v.t === 'string') return v;
      if (v.t === 'int' || v.t === 'bool' || v.t === 'null') return str(String(v.t === 'null' ? 'null' : v.v));
      if (v.t === 'float') return str(Number.isInteger(v.v) ? v.v.toFixed(1) : String(v.v));
      if (v.t === 'path') return str(describe(v));
      return fail(`string() cannot convert ${v.t}`);
    },
  ],
  path: [1, 1, ([v]) => (v.t === 'string' ? { t: 'path', segments: v.v.split('/').filter(Boolean) } : fail(`path() needs a string, got ${v.t}`))],
  debug: [1, 1, ([v]) => v],
  'math.abs': [1, 1, ([v]) => (v.t === 'int' ? int(Math.abs(v.v)) : float(Math.abs(num(v, 'math.abs'))))],
  'math.ceil': [1, 1, ([v]) => float(Math.ceil(num(v, 'math.ceil')))],
  'math.floor': [1, 1, ([v]) => float(Math.floor(num(v, 'math.floor')))],
  'math.round': [1, 1, ([v]) => float(Math.round(num(v, 'math.round')))],
  'math.sqrt': [1, 1, ([v]) => float(Math.sqrt(num(v, 'math.sqrt')))],
  'math.isNaN': [1, 1, ([v]) => bool(Number.isNaN(num(v, 'math.isNaN')))],
  'math.isInfinite': [1, 1, ([v]) => bool(Math.abs(num(v, 'math.isInfinite')) === Infinity)],
  'timestamp.value': [1, 1, ([v]) => timestampFromMillis(intArg(v, 'timestamp.value'))],
  'timestamp.date': [3, 3, ([y, m, d]) => timestampFromMillis(Date.UTC(intArg(y, 'year'), intArg(m, 'month') - 1, intArg(d, 'day')))],
  'duration.value': [
    2,
    2,
    ([n, unit]) => {
      const factor = unit.t === 'string' ? DURATION_UNITS[unit.v] : undefined;
      if (factor === undefined) return fail(`duration.value unit must be one of ${Object.keys(DURATION_UNITS).join(', ')}`);
      return durationFromNanos(intArg(n, 'duration.value') * factor);
    },
  ],
  'duration.time': [4, 4, ([h, m, s, ns]) => durationFromNanos(((intArg(h, 'hours') * 60 + intArg(m, 'minutes')) * 60 + intArg(s, 'seconds')) * 1e9 + intArg(ns, 'nanos'))],
};

type Method = (self: RulesValue, args: RulesValue[]) => RulesValue;

function items(v: RulesValue, what: string): RulesValue[] {
  if (v.t === 'list' || v.t === 'set') return v.items;
  return fail(`${what} needs a list or set, got ${v.t}`);
}
const contains = (haystack: RulesValue[], needle: RulesValue) => haystack.some((x) => equals(x, needle));

function keysOf(entries: Map<string, RulesValue>, pick: (k: string) => boolean): RulesValue {
  return setOf([...entries.keys()].filter(pick).map(str));
}

function date(v: Timestamp): Date {
  return new Date(v.seconds * 1000);
}

function regex(pattern: RulesValue): RegExp {
  if (pattern.t !== 'string') return fail(`a regular expression must be a string, got ${pattern.t}`);
  try {
    return new RegExp(`^(?:${pattern.v})$`, 'u');
  } catch {
    return fail(`invalid regular expression ${JSON.stringify(pattern.v)}`);
  }
}

/** Methods by name, each checking its receiver's type at run time (a wrong type is an evaluation error). */
export const METHODS: Record<string, [number, number, Method]> = {
  size: [
    0,
    0,
    (self) => {
      if (self.t === 'string') return int([...self.v].length);
      if (self.t === 'list' || self.t === 'set') return int(self.items.length);
      if (self.t === 'map') return int(self.entries.size);
      if (self.t === 'bytes') return int(Buffer.from(self.v, 'base64').length);
      return fail(`size() is not defined on ${self.t}`);
    },
  ],
  keys: [0, 0, (self) => (self.t === 'map' ? list([...self.entries.keys()].map(str)) : fail(`keys() is not defined on ${self.t}`))],
  values: [0, 0, (self) => (self.t === 'map' ? list([...self.entries.values()]) : fail(`values() is not defined on ${self.t}`))],
  get: [
    2,
    2,
    (self, [key, fallback]) => {
      if (self.t !== 'map') return fail(`get() is not defined on ${self.t}`);
      const keys = key.t === 'string' ? [key] : key.t === 'list' ? key.items : fail(`map.get() key must be a string or a list, got ${key.t}`);
      let current: RulesValue = self;
      for (const k of keys) {
        if (k.t !== 'string') return fail('map.get() keys must be strings');
        const next: RulesValue | undefined = current.t === 'map' ? current.entries.get(k.v) : undefined;
        if (next === undefined) return fallback;
        current = next;
      }
      return current;
    },
  ],
  diff: [
    1,
    1,
    (self, [other]) => {
      if (self.t !== 'map' || other.t !== 'map') return fail(`diff() needs two maps, got ${self.t} and ${other.t}`);
      return { t: 'mapdiff', left: self.entries, right: other.entries };
    },
  ],
  addedKeys: [0, 0, (d) => (d.t === 'mapdiff' ? keysOf(d.left, (k) => !d.right.has(k)) : fail(`addedKeys() is not defined on ${d.t}`))],
  removedKeys: [0, 0, (d) => (d.t === 'mapdiff' ? keysOf(d.right, (k) => !d.left.has(k)) : fail(`removedKeys() is not defined on ${d.t}`))],
  changedKeys: [
    0,
    0,
    (d) => (d.t === 'mapdiff' ? keysOf(d.left, (k) => d.right.has(k) && !equals(d.left.get(k)!, d.right.get(k)!)) : fail(`changedKeys() is not defined on ${d.t}`)),
  ],
  unchangedKeys: [
    0,
    0,
    (d) => (d.t === 'mapdiff' ? keysOf(d.left, (k) => d.right.has(k) && equals(d.left.get(k)!, d.right.get(k)!)) : fail(`unchangedKeys() is not defined on ${d.t}`)),
  ],
  affectedKeys: [
    0,
    0,
    (d) => {
      if (d.t !== 'mapdiff') return fail(`affectedKeys() is not defined on ${d.t}`);
      const all = new Set([...d.left.keys(), ...d.right.keys()]);
      return setOf([...all].filter((k) => !d.left.has(k) || !d.right.has(k) || !equals(d.left.get(k)!, d.right.get(k)!)).map(str));
    },
  ],
  hasAll: [1, 1, (self, [other]) => bool(items(other, 'hasAll').every((x) => contains(items(self, 'hasAll'), x)))],
  hasAny: [1, 1, (self, [other]) => bool(items(other, 'hasAny').some((x) => contains(items(self, 'hasAny'), x)))],
  hasOnly: [1, 1, (self, [other]) => bool(items(self, 'hasOnly').every((x) => contains(items(other, 'hasOnly'), x)))],
  toSet: [0, 0, (self) => (self.t === 'list' ? setOf(self.items) : fail(`toSet() is not defined on ${self.t}`))],
  concat: [1, 1, (self, [other]) => (self.t === 'list' && other.t === 'list' ? list([...self.items, ...other.items]) : fail('concat() needs two lists'))],
  removeAll: [1, 1, (self, [other]) => (self.t === 'list' ? list(self.items.filter((x) => !contains(items(other, 'removeAll'), x))) : fail('removeAll() needs a list'))],
  join: [
    1,
    1,
    (self, [sep]) => {
      if (self.t !== 'list' || sep.t !== 'string') return fail('join() needs a list and a string separator');
      return str(self.items.map((x) => (x.t === 'string' ? x.v : fail('join() needs a list of strings'))).join(sep.v));
    },
  ],
  union: [1, 1, (self, [other]) => setOf([...items(self, 'union'), ...items(other, 'union')])],
  intersection: [1, 1, (self, [other]) => setOf(items(self, 'intersection').filter((x) => contains(items(other, 'intersection'), x)))],
  difference: [1, 1, (self, [other]) => setOf(items(self, 'difference').filter((x) => !contains(items(other, 'difference'), x)))],
  matches: [1, 1, (self, [pattern]) => (self.t === 'string' ? bool(regex(pattern).test(self.v)) : fail(`matches() is not defined on ${self.t}`))],
  lower: [0, 0, (self) => (self.t === 'string' ? str(self.v.toLowerCase()) : fail(`lower() is not defined on ${self.t}`))],
  upper: [0, 0, (self) => (self.t === 'string' ? str(self.v.toUpperCase()) : fail(`upper() is not defined on ${self.t}`))],
  trim: [0, 0, (self) => (self.t === 'string' ? str(self.v.trim()) : fail(`trim() is not defined on ${self.t}`))],
  split: [
    1,
    1,
    (self, [pattern]) => {
      if (self.t !== 'string' || pattern.t !== 'string') return fail('split() needs a string and a pattern');
      return list(self.v.split(new RegExp(pattern.v, 'u')).map(str));
    },
  ],
  replace: [
    2,
    2,
    (self, [pattern, replacement]) => {
      if (self.t !== 'string' || pattern.t !== 'string' || replacement.t !== 'string') return fail('replace() needs strings');
      return str(self.v.replace(new RegExp(pattern.v, 'gu'), replacement.v));
    },
  ],
  toMillis: [
    0,
    0,
    (self) => (self.t === 'timestamp' || self.t === 'duration' ? int(self.seconds * 1000 + Math.floor(self.nanos / 1e6)) : fail(`toMillis() is not defined on ${self.t}`)),
  ],
  seconds: [0, 0, (self) => (self.t === 'duration' ? int(self.seconds) : self.t === 'timestamp' ? int(date(self).getUTCSeconds()) : fail(`seconds() is not defined on ${self.t}`))],
  nanos: [0, 0, (self) => (self.t === 'timestamp' || self.t === 'duration' ? int(self.nanos) : fail(`nanos() is not defined on ${self.t}`))],
  year: [0, 0, (self) => (self.t === 'timestamp' ? int(date(self).getUTCFullYear()) : fail(`year() is not defined on ${self.t}`))],
  month: [0, 0, (self) => (self.t === 'timestamp' ? int(date(self).getUTCMonth() + 1) : fail(`month() is not defined on ${self.t}`))],
  day: [0, 0, (self) => (self.t === 'timestamp' ? int(date(self).getUTCDate()) : fail(`day() is not defined on ${self.t}`))],
  hours: [0, 0, (self) => (self.t === 'timestamp' ? int(date(self).getUTCHours()) : fail(`hours() is not defined on ${self.t}`))],
  minutes: [0, 0, (self) => (self.t === 'timestamp' ? int(date(self).getUTCMinutes()) : fail(`minutes() is not defined on ${self.t}`))],
  dayOfWeek: [0, 0, (self) => (self.t === 'timestamp' ? int(date(self).getUTCDay() || 7) : fail(`dayOfWeek() is not defined on ${self.t}`))],
  date: [
    0,
    0,
    (self) => {
      if (self.t !== 'timestamp') return fail(`date() is not defined on ${self.t}`);
      const d = date(self);
      return timestampFromMillis(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
    },
  ],
};

/** `is <type>` names; `number` means int or float. */
export const TYPE_NAMES = new Set(['string', 'int', 'float', 'number', 'bool', 'map', 'list', 'set', 'timestamp', 'duration', 'null', 'path', 'bytes', 'latlng', 'map_diff']);

export function isType(v: RulesValue, type: string): boolean {
  if (type === 'number') return v.t === 'int' || v.t === 'float';
  if (type === 'map_diff') return v.t === 'mapdiff';
  return v.t === type;
}

export type { Duration, Timestamp };
