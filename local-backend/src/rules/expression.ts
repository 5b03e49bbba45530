/**
 * Evaluates a single rules expression outside any rules file: for tests and for trying an expression quickly.
 * Variables are given in Firestore REST form, like document fields.
 */
import type { RestValue, RulesDocumentLookup } from './contract';
import { checkExpr } from './checker';
import { Scope, evaluate } from './evaluator';
import { parseExpression } from './parser';
import { type RulesValue, fromRest } from './values';

const NO_DOCUMENTS: RulesDocumentLookup = { get: () => null, getAfter: () => null };

/** Parses, checks and evaluates `source`; throws RulesSyntaxError for unsupported constructs and RulesEvalError for evaluation errors. */
export function evaluateExpression(source: string, variables: Record<string, RestValue> = {}, lookup: RulesDocumentLookup = NO_DOCUMENTS): RulesValue {
  const expr = parseExpression(source);
  checkExpr(expr, { vars: new Set(Object.keys(variables)), functions: new Map() });
  const scope = new Scope(null);
  for (const [name, value] of Object.entries(variables)) scope.define(name, fromRest(value));
  return evaluate(expr, scope, { lookup, depth: 0 });
}
