/**
 * Recursive-descent parser for `firestore.rules`. Precedence, lowest first: `?:`, `||`, `&&`,
 * `== != < <= > >= in is`, `+ -`, `* / %`, unary `! -`, then member access, indexing and calls.
 */
import type { AllowMethod, AllowRule, Expr, FunctionDecl, MatchBlock, PatternSegment, Ruleset } from './ast';
import { RulesSyntaxError, tokenize, type Token } from './lexer';
import { NULL, bool, float, int, str } from './values';

const ALLOW_METHODS: AllowMethod[] = ['get', 'list', 'read', 'create', 'update', 'delete', 'write'];
const RESERVED = new Set(['if', 'let', 'return', 'function', 'match', 'allow', 'service', 'true', 'false', 'null', 'in', 'is']);
/** Identifiers followed by `.name(` that are function namespaces, not variables. */
export const NAMESPACES = new Set(['math', 'timestamp', 'duration', 'latlng', 'hashing']);
const RELATIONAL = new Set(['==', '!=', '<', '<=', '>', '>=']);

class Parser {
  private pos = 0;
  constructor(private readonly tokens: Token[]) {}

  private get token(): Token {
    return this.tokens[this.pos];
  }
  private describe(t: Token): string {
    switch (t.type) {
      case 'eof':
        return 'end of file';
      case 'ident':
      case 'punct':
        return `"${t.text}"`;
      case 'string':
        return 'a string';
      case 'path':
        return 'a path';
      default:
        return `"${t.value}"`;
    }
  }
  private fail(construct: string, line = this.token.line): never {
    throw new RulesSyntaxError(line, construct);
  }
  private isPunct(text: string): boolean {
    return this.token.type === 'punct' && this.token.text === text;
  }
  private isWord(text: string): boolean {
    return this.token.type === 'ident' && this.token.text === text;
  }
  private eatPunct(text: string): boolean {
    if (!this.isPunct(text)) return false;
    this.pos++;
    return true;
  }
  private expectPunct(text: string, context: string): void {
    if (!this.eatPunct(text)) this.fail(`expected "${text}" ${context}, found ${this.describe(this.token)}`);
  }
  private expectWord(text: string): void {
    if (!this.isWord(text)) this.fail(`expected "${text}", found ${this.describe(this.token)}`);
    this.pos++;
  }
  private identifier(what: string): string {
    const t = this.token;
    if (t.type !== 'ident' || RESERVED.has(t.text)) this.fail(`expected ${what}, found ${this.describe(t)}`);
    this.pos++;
    return t.text;
  }

  expectEnd(): void {
    if (this.token.type !== 'eof') this.fail(`unexpected ${this.describe(this.token)} after the expression`);
  }

  ruleset(): Ruleset {
    let version: '1' | '2' = '1';
    if (this.isWord('rules_version')) {
      const line = this.token.line;
      this.pos++;
      this.expectPunct('=', 'after rules_version');
      const t = this.token;
      if (t.type !== 'string' || (t.value !== '1' && t.value !== '2')) this.fail(`unsupported rules_version (use '1' or '2')`, line);
      version = t.value;
      this.pos++;
      this.eatPunct(';');
    }
    if (!this.isWord('service')) this.fail(`expected "service cloud.firestore", found ${this.describe(this.token)}`);
    const serviceLine = this.token.line;
    this.pos++;
    const name = [this.identifier('a service name')];
    while (this.eatPunct('.')) name.push(this.identifier('a service name'));
    if (name.join('.') !== 'cloud.firestore') this.fail(`unsupported service "${name.join('.')}" (only cloud.firestore)`, serviceLine);
    this.expectPunct('{', 'after the service name');
    const body = this.blockBody(false);
    if (this.token.type !== 'eof') this.fail(`unexpected ${this.describe(this.token)} after the service block`);
    return { version, functions: body.functions, matches: body.matches };
  }

  /** Statements up to the closing `}` of a service or match block. */
  private blockBody(inMatch: boolean): Omit<MatchBlock, 'pattern' | 'line'> {
    const block: Omit<MatchBlock, 'pattern' | 'line'> = { functions: [], allows: [], matches: [] };
    while (!this.eatPunct('}')) {
      if (this.isWord('match')) block.matches.push(this.match());
      else if (this.isWord('function')) block.functions.push(this.functionDecl());
      else if (this.isWord('allow')) {
        if (!inMatch) this.fail('"allow" outside a match block');
        block.allows.push(this.allow());
      } else if (this.token.type === 'eof') this.fail('missing "}" at end of file');
      else this.fail(`unsupported statement starting with ${this.describe(this.token)}`);
    }
    return block;
  }

  private match(): MatchBlock {
    const line = this.token.line;
    this.pos++;
    const t = this.token;
    if (t.type !== 'path') this.fail(`expected a path after "match", found ${this.describe(t)}`);
    this.pos++;
    const pattern: PatternSegment[] = t.parts.map((part, index) => {
      if (part.kind === 'interpolation') this.fail('$( ) is not allowed in a match path', line);
      if (part.kind === 'wildcard' && part.recursive && index !== t.parts.length - 1) this.fail('a {name=**} wildcard must be the last segment of a match path', line);
      return part;
    });
    this.expectPunct('{', 'after the match path');
    return { pattern, line, ...this.blockBody(true) };
  }

  private functionDecl(): FunctionDecl {
    const line = this.token.line;
    this.pos++;
    const name = this.identifier('a function name');
    this.expectPunct('(', 'after the function name');
    const params: string[] = [];
    if (!this.eatPunct(')')) {
      do params.push(this.identifier('a parameter name'));
      while (this.eatPunct(','));
      this.expectPunct(')', 'after the parameters');
    }
    this.expectPunct('{', 'to open the function body');
    const lets: FunctionDecl['lets'] = [];
    while (this.isWord('let')) {
      this.pos++;
      const letName = this.identifier('a variable name');
      this.expectPunct('=', 'in let');
      lets.push({ name: letName, value: this.expression() });
      this.expectPunct(';', 'after let');
    }
    if (!this.isWord('return')) this.fail(`unsupported statement in function "${name}": expected "let" or "return", found ${this.describe(this.token)}`);
    this.pos++;
    const body = this.expression();
    this.eatPunct(';');
    this.expectPunct('}', `to close function "${name}" (only let statements and one return are supported)`);
    return { name, params, lets, body, line };
  }

  private allow(): AllowRule {
    const line = this.token.line;
    this.pos++;
    const methods: AllowMethod[] = [];
    do {
      const t = this.token;
      if (t.type !== 'ident' || !ALLOW_METHODS.includes(t.text as AllowMethod)) this.fail(`unsupported allow method ${this.describe(t)}`);
      methods.push(t.text as AllowMethod);
      this.pos++;
    } while (this.eatPunct(','));
    let condition: Expr | null = null;
    if (this.eatPunct(':')) {
      this.expectWord('if');
      condition = this.expression();
    }
    this.expectPunct(';', 'at the end of the allow statement');
    return { methods, condition, line };
  }

  expression(): Expr {
    const test = this.binary(0);
    if (!this.isPunct('?')) return test;
    const line = this.token.line;
    this.pos++;
    const then = this.expression();
    this.expectPunct(':', 'in the conditional expression');
    return { k: 'ternary', test, then, otherwise: this.expression(), line };
  }

  private static readonly LEVELS: Array<(p: Parser) => string | null> = [
    (p) => (p.isPunct('||') ? '||' : null),
    (p) => (p.isPunct('&&') ? '&&' : null),
    (p) => {
      const t = p.token;
      if (t.type === 'punct' && RELATIONAL.has(t.text)) return t.text;
      return p.isWord('in') ? 'in' : p.isWord('is') ? 'is' : null;
    },
    (p) => (p.isPunct('+') ? '+' : p.isPunct('-') ? '-' : null),
    (p) => (p.isPunct('*') ? '*' : p.isPunct('/') ? '/' : p.isPunct('%') ? '%' : null),
  ];

  private binary(level: number): Expr {
    if (level >= Parser.LEVELS.length) return this.unary();
    let left = this.binary(level + 1);
    for (let op = Parser.LEVELS[level](this); op; op = Parser.LEVELS[level](this)) {
      const line = this.token.line;
      this.pos++;
      if (op === 'is') {
        const typeToken = this.token;
        if (typeToken.type !== 'ident') this.fail(`expected a type name after "is", found ${this.describe(typeToken)}`);
        this.pos++;
        left = { k: 'is', operand: left, type: typeToken.text, line };
      } else left = { k: 'binary', op, left, right: this.binary(level + 1), line };
    }
    return left;
  }

  private unary(): Expr {
    const t = this.token;
    if (t.type === 'punct' && (t.text === '!' || t.text === '-')) {
      this.pos++;
      const operand = this.unary();
      if (t.text === '-' && operand.k === 'literal' && (operand.value.t === 'int' || operand.value.t === 'float')) {
        return { ...operand, value: { ...operand.value, v: -operand.value.v } };
      }
      return { k: 'unary', op: t.text, operand, line: t.line };
    }
    return this.postfix(this.primary());
  }

  private postfix(start: Expr): Expr {
    let e = start;
    for (;;) {
      const line = this.token.line;
      if (this.eatPunct('.')) {
        const name = this.token.type === 'ident' ? this.token.text : this.fail(`expected a field or method name after ".", found ${this.describe(this.token)}`);
        this.pos++;
        if (this.isPunct('(')) {
          const args = this.args();
          e = e.k === 'ident' && NAMESPACES.has(e.name) ? { k: 'call', name: `${e.name}.${name}`, args, line } : { k: 'method', object: e, name, args, line };
        } else e = { k: 'member', object: e, name, line };
      } else if (this.eatPunct('[')) {
        const index = this.expression();
        if (this.isPunct(':')) this.fail('unsupported construct: list/string slicing a[i:j]');
        this.expectPunct(']', 'after the index');
        e = { k: 'index', object: e, index, line };
      } else if (this.isPunct('(')) {
        if (e.k !== 'ident') this.fail('only named functions can be called');
        e = { k: 'call', name: e.name, args: this.args(), line };
      } else return e;
    }
  }

  private args(): Expr[] {
    this.expectPunct('(', 'to open the arguments');
    const args: Expr[] = [];
    if (this.eatPunct(')')) return args;
    do args.push(this.expression());
    while (this.eatPunct(','));
    this.expectPunct(')', 'after the arguments');
    return args;
  }

  private primary(): Expr {
    const t = this.token;
    const line = t.line;
    this.pos++;
    switch (t.type) {
      case 'int':
        return { k: 'literal', value: int(t.value), line };
      case 'float':
        return { k: 'literal', value: float(t.value), line };
      case 'string':
        return { k: 'literal', value: str(t.value), line };
      case 'path': {
        const interpolations: Expr[] = [];
        for (const part of t.parts) {
          if (part.kind === 'wildcard') this.fail('a {wildcard} is only allowed in a match path', line);
          if (part.kind === 'interpolation') {
            const inner = new Parser(part.tokens);
            interpolations.push(inner.expression());
            inner.expectEnd();
          }
        }
        return { k: 'path', parts: t.parts, interpolations, line };
      }
      case 'ident':
        if (t.text === 'true' || t.text === 'false') return { k: 'literal', value: bool(t.text === 'true'), line };
        if (t.text === 'null') return { k: 'literal', value: NULL, line };
        if (RESERVED.has(t.text)) this.fail(`unexpected keyword "${t.text}"`, line);
        return { k: 'ident', name: t.text, line };
      case 'punct':
        if (t.text === '(') {
          const inner = this.expression();
          this.expectPunct(')', 'to close the parenthesis');
          return inner;
        }
        if (t.text === '[') {
          const items: Expr[] = [];
          if (!this.eatPunct(']')) {
            do items.push(this.expression());
            while (this.eatPunct(','));
            this.expectPunct(']', 'to close the list');
          }
          return { k: 'list', items, line };
        }
        if (t.text === '{') {
          const entries: Array<[Expr, Expr]> = [];
          if (!this.eatPunct('}')) {
            do {
              const key = this.expression();
              this.expectPunct(':', 'in the map literal');
              entries.push([key, this.expression()]);
            } while (this.eatPunct(','));
            this.expectPunct('}', 'to close the map literal');
          }
          return { k: 'map', entries, line };
        }
        break;
    }
    this.pos--;
    return this.fail(`unexpected ${this.describe(t)} in expression`);
  }
}

export function parseRules(source: string): Ruleset {
  return new Parser(tokenize(source)).ruleset();
}

/** One expression on its own (for tests and tools), e.g. `1 + 2 == 3`. */
export function parseExpression(source: string): Expr {
  const parser = new Parser(tokenize(source));
  const e = parser.expression();
  parser.expectEnd();
  return e;
}
