/**
 * Tokenizer for the rules language. Path literals (`/databases/$(database)/documents/users/$(uid)` in
 * expressions, `/users/{userId}` after `match`) are one token each: a `/` starts a path wherever an operand is
 * expected (like a regex literal in JavaScript) and is the division operator after an operand.
 * Both `$(expr)` and `(expr)` interpolate a segment, as in Firestore; write `$(database)`, not `(default)`.
 */
export class RulesSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly construct: string,
  ) {
    super(`firestore.rules line ${line}: ${construct}`);
    this.name = 'RulesSyntaxError';
  }
}

export type PathPart =
  | { kind: 'literal'; text: string }
  | { kind: 'wildcard'; name: string; recursive: boolean }
  | { kind: 'interpolation'; tokens: Token[] };

export type Token =
  | { type: 'ident'; text: string; line: number }
  | { type: 'int'; value: number; line: number }
  | { type: 'float'; value: number; line: number }
  | { type: 'string'; value: string; line: number }
  | { type: 'path'; parts: PathPart[]; line: number }
  | { type: 'punct'; text: string; line: number }
  | { type: 'eof'; line: number };

const PUNCTUATION = ['&&', '||', '==', '!=', '<=', '>=', '<', '>', '!', '+', '-', '*', '/', '%', '?', ':', '(', ')', '[', ']', '{', '}', ',', ';', '.', '='];
/** After these a `/` cannot be division, so it starts a path. */
const OPERAND_EXPECTED_AFTER = new Set([...PUNCTUATION.filter((p) => p !== ')' && p !== ']' && p !== '}'), '{', '}']);
const KEYWORDS_BEFORE_OPERAND = new Set(['match', 'return', 'if', 'in', 'is']);
const SEGMENT_CHAR = /[A-Za-z0-9_\-.~%@+]/;

export function tokenize(source: string, firstLine = 1): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let line = firstLine;
  const peek = (offset = 0) => source[i + offset] ?? '';

  const slashStartsPath = () => {
    const prev = tokens[tokens.length - 1];
    if (!prev) return true;
    if (prev.type === 'punct') return OPERAND_EXPECTED_AFTER.has(prev.text);
    return prev.type === 'ident' && KEYWORDS_BEFORE_OPERAND.has(prev.text);
  };

  /** The text inside `(`...`)` starting at `open`, skipping nested parentheses and strings. */
  const balancedParens = (open: number): { inner: string; end: number } => {
    let depth = 0;
    for (let j = open; j < source.length; j++) {
      const c = source[j];
      if (c === '"' || c === "'") {
        j++;
        while (j < source.length && source[j] !== c) j += source[j] === '\\' ? 2 : 1;
      } else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) return { inner: source.slice(open + 1, j), end: j + 1 };
      else if (c === '\n') break;
    }
    throw new RulesSyntaxError(line, 'unterminated $( ) in path');
  };

  const readPath = (): Token => {
    const startLine = line;
    const parts: PathPart[] = [];
    while (peek() === '/' && !(peek(1) === '/' || peek(1) === '*')) {
      i++;
      if (peek() === '{') {
        const close = source.indexOf('}', i);
        if (close < 0) throw new RulesSyntaxError(line, 'unterminated {wildcard} in path');
        const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(=\s*\*\*)?\s*$/.exec(source.slice(i + 1, close));
        if (!m) throw new RulesSyntaxError(line, `invalid path wildcard "{${source.slice(i + 1, close)}}"`);
        parts.push({ kind: 'wildcard', name: m[1], recursive: Boolean(m[2]) });
        i = close + 1;
      } else if ((peek() === '$' && peek(1) === '(') || peek() === '(') {
        const { inner, end } = balancedParens(peek() === '$' ? i + 1 : i);
        parts.push({ kind: 'interpolation', tokens: tokenize(inner, line) });
        i = end;
      } else {
        let text = '';
        while (SEGMENT_CHAR.test(peek())) text += source[i++];
        if (!text) throw new RulesSyntaxError(line, `invalid path segment starting with "${peek() || 'end of file'}"`);
        parts.push({ kind: 'literal', text });
      }
    }
    if (parts.length === 0) throw new RulesSyntaxError(line, 'empty path');
    return { type: 'path', parts, line: startLine };
  };

  while (i < source.length) {
    const c = peek();
    if (c === '\n') {
      line++;
      i++;
    } else if (/\s/.test(c)) {
      i++;
    } else if (c === '/' && peek(1) === '/') {
      while (i < source.length && peek() !== '\n') i++;
    } else if (c === '/' && peek(1) === '*') {
      const end = source.indexOf('*/', i + 2);
      if (end < 0) throw new RulesSyntaxError(line, 'unterminated /* comment');
      for (const ch of source.slice(i, end)) if (ch === '\n') line++;
      i = end + 2;
    } else if (c === '/' && slashStartsPath()) {
      tokens.push(readPath());
    } else if (/[A-Za-z_]/.test(c)) {
      let text = '';
      while (/[A-Za-z0-9_]/.test(peek())) text += source[i++];
      if ((text === 'r' || text === 'R') && (peek() === '"' || peek() === "'")) {
        tokens.push({ type: 'string', value: readString(true), line });
      } else tokens.push({ type: 'ident', text, line });
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(peek(1)))) {
      const m = /^(\d*\.\d+(?:[eE][+-]?\d+)?|\d+[eE][+-]?\d+|\d+\.(?![A-Za-z_])|0[xX][0-9a-fA-F]+|\d+)/.exec(source.slice(i));
      const text = m![0];
      i += text.length;
      const isFloat = /[.eE]/.test(text) && !/^0[xX]/.test(text);
      tokens.push(isFloat ? { type: 'float', value: Number(text), line } : { type: 'int', value: Number(text), line });
    } else if (c === '"' || c === "'") {
      tokens.push({ type: 'string', value: readString(false), line });
    } else {
      const p = PUNCTUATION.find((candidate) => source.startsWith(candidate, i));
      if (!p) throw new RulesSyntaxError(line, `unexpected character "${c}"`);
      tokens.push({ type: 'punct', text: p, line });
      i += p.length;
    }
  }
  tokens.push({ type: 'eof', line });
  return tokens;

  function readString(raw: boolean): string {
    const quote = source[i++];
    let value = '';
    while (peek() !== quote) {
      if (i >= source.length || peek() === '\n') throw new RulesSyntaxError(line, 'unterminated string');
      const ch = source[i++];
      if (ch !== '\\' || raw) {
        value += ch;
        continue;
      }
      const e = source[i++];
      const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '0': '\0', a: '\x07', b: '\b', f: '\f', v: '\v', '`': '`', '?': '?' };
      if (e in simple) value += simple[e];
      else if (e === 'u' || e === 'x') {
        const len = e === 'u' ? 4 : 2;
        value += String.fromCharCode(parseInt(source.slice(i, i + len), 16));
        i += len;
      } else throw new RulesSyntaxError(line, `unsupported string escape "\\${e}"`);
    }
    i++;
    return value;
  }
}
