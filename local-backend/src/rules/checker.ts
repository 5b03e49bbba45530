/**
 * Load-time validation: every variable must be in scope and every function, method and `is` type must be one
 * the evaluator implements, with the right number of arguments. A rules file that passes cannot hit an
 * "unsupported" path at request time, and one that fails names the line and the construct.
 */
import type { Expr, FunctionDecl, MatchBlock, Ruleset } from './ast';
import { FUNCTIONS, METHODS, TYPE_NAMES } from './builtins';
import { RulesSyntaxError } from './lexer';

const GLOBALS = ['request', 'resource'];

interface CheckScope {
  vars: Set<string>;
  functions: Map<string, FunctionDecl>;
}

function arity(count: number, min: number, max: number): boolean {
  return count >= min && count <= max;
}

function checkExpr(e: Expr, scope: CheckScope): void {
  switch (e.k) {
    case 'literal':
      return;
    case 'ident':
      if (!scope.vars.has(e.name)) throw new RulesSyntaxError(e.line, `unknown variable "${e.name}"`);
      return;
    case 'path':
      return e.interpolations.forEach((x) => checkExpr(x, scope));
    case 'list':
      return e.items.forEach((x) => checkExpr(x, scope));
    case 'map':
      for (const [k, v] of e.entries) {
        checkExpr(k, scope);
        checkExpr(v, scope);
      }
      return;
    case 'unary':
      return checkExpr(e.operand, scope);
    case 'binary':
      checkExpr(e.left, scope);
      return checkExpr(e.right, scope);
    case 'ternary':
      checkExpr(e.test, scope);
      checkExpr(e.then, scope);
      return checkExpr(e.otherwise, scope);
    case 'is':
      if (!TYPE_NAMES.has(e.type)) throw new RulesSyntaxError(e.line, `unsupported type "${e.type}" after "is"`);
      return checkExpr(e.operand, scope);
    case 'member':
      return checkExpr(e.object, scope);
    case 'index':
      checkExpr(e.object, scope);
      return checkExpr(e.index, scope);
    case 'call': {
      const user = scope.functions.get(e.name);
      const builtin = FUNCTIONS[e.name];
      if (user) {
        if (user.params.length !== e.args.length) {
          throw new RulesSyntaxError(e.line, `function ${e.name}() takes ${user.params.length} argument(s), called with ${e.args.length}`);
        }
      } else if (!builtin) throw new RulesSyntaxError(e.line, `unsupported function ${e.name}()`);
      else if (!arity(e.args.length, builtin[0], builtin[1])) throw new RulesSyntaxError(e.line, `function ${e.name}() called with ${e.args.length} argument(s)`);
      return e.args.forEach((x) => checkExpr(x, scope));
    }
    case 'method': {
      const method = METHODS[e.name];
      if (!method) throw new RulesSyntaxError(e.line, `unsupported method .${e.name}()`);
      if (!arity(e.args.length, method[0], method[1])) throw new RulesSyntaxError(e.line, `method .${e.name}() called with ${e.args.length} argument(s)`);
      checkExpr(e.object, scope);
      return e.args.forEach((x) => checkExpr(x, scope));
    }
  }
}

function checkFunctions(decls: FunctionDecl[], scope: CheckScope): void {
  for (const f of decls) {
    const vars = new Set([...scope.vars, ...f.params]);
    for (const l of f.lets) {
      checkExpr(l.value, { vars, functions: scope.functions });
      vars.add(l.name);
    }
    checkExpr(f.body, { vars, functions: scope.functions });
  }
}

function withFunctions(scope: CheckScope, decls: FunctionDecl[]): CheckScope {
  const functions = new Map(scope.functions);
  const seen = new Set<string>();
  for (const d of decls) {
    if (seen.has(d.name)) throw new RulesSyntaxError(d.line, `function ${d.name}() is declared twice in the same block`);
    seen.add(d.name);
    functions.set(d.name, d);
  }
  return { vars: scope.vars, functions };
}

function checkMatch(block: MatchBlock, outer: CheckScope): void {
  const vars = new Set(outer.vars);
  for (const seg of block.pattern) if (seg.kind === 'wildcard') vars.add(seg.name);
  const scope = withFunctions({ vars, functions: outer.functions }, block.functions);
  checkFunctions(block.functions, scope);
  for (const allow of block.allows) if (allow.condition) checkExpr(allow.condition, scope);
  for (const inner of block.matches) checkMatch(inner, scope);
}

export function checkRuleset(ruleset: Ruleset): void {
  const scope = withFunctions({ vars: new Set(GLOBALS), functions: new Map() }, ruleset.functions);
  checkFunctions(ruleset.functions, scope);
  for (const block of ruleset.matches) checkMatch(block, scope);
}

export { checkExpr };
