import type { PathPart } from './lexer';
import type { RulesValue } from './values';

export type Expr =
  | { k: 'literal'; value: RulesValue; line: number }
  | { k: 'ident'; name: string; line: number }
  | { k: 'path'; parts: PathPart[]; interpolations: Expr[]; line: number }
  | { k: 'list'; items: Expr[]; line: number }
  | { k: 'map'; entries: Array<[Expr, Expr]>; line: number }
  | { k: 'unary'; op: '!' | '-'; operand: Expr; line: number }
  | { k: 'binary'; op: string; left: Expr; right: Expr; line: number }
  | { k: 'ternary'; test: Expr; then: Expr; otherwise: Expr; line: number }
  | { k: 'is'; operand: Expr; type: string; line: number }
  | { k: 'member'; object: Expr; name: string; line: number }
  | { k: 'index'; object: Expr; index: Expr; line: number }
  /** A free or namespaced function: `get(...)`, `isAdmin()`, `math.abs(...)`, `timestamp.date(...)`. */
  | { k: 'call'; name: string; args: Expr[]; line: number }
  | { k: 'method'; object: Expr; name: string; args: Expr[]; line: number };

export interface FunctionDecl {
  name: string;
  params: string[];
  lets: Array<{ name: string; value: Expr }>;
  body: Expr;
  line: number;
}

export type AllowMethod = 'get' | 'list' | 'read' | 'create' | 'update' | 'delete' | 'write';

export interface AllowRule {
  methods: AllowMethod[];
  /** `allow read;` without a condition grants unconditionally, as in Firestore. */
  condition: Expr | null;
  line: number;
}

export type PatternSegment = { kind: 'literal'; text: string } | { kind: 'wildcard'; name: string; recursive: boolean };

export interface MatchBlock {
  pattern: PatternSegment[];
  functions: FunctionDecl[];
  allows: AllowRule[];
  matches: MatchBlock[];
  line: number;
}

export interface Ruleset {
  version: '1' | '2';
  functions: FunctionDecl[];
  matches: MatchBlock[];
}
