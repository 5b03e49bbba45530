/**
 * The security rules engine of the local Firestore emulator: parses `firestore.rules` and answers
 * `authorize(request, lookup)` (see ./contract.ts) with Firestore's semantics.
 */
import { readFileSync } from 'node:fs';
import { checkRuleset } from './checker';
import type { RulesDecision, RulesDocumentLookup, RulesEngine, RulesRequest } from './contract';
import { RulesetEngine } from './engine';
import { parseRules } from './parser';

export type * from './contract';
export { RulesSyntaxError } from './lexer';
export { RulesEvalError, type RulesValue } from './values';
export { evaluateExpression } from './expression';

/** Parses and validates rules text. Throws RulesSyntaxError ("firestore.rules line N: <construct>") for anything the evaluator does not support. */
export function loadRules(source: string): RulesEngine {
  const ruleset = parseRules(source);
  checkRuleset(ruleset);
  return new RulesetEngine(ruleset);
}

export function loadRulesFile(path: string): RulesEngine {
  return loadRules(readFileSync(path, 'utf8'));
}

/** A RulesEngine that always answers with the latest good version of a rules file. */
export interface RulesFileWatcher extends RulesEngine {
  readonly current: RulesEngine;
  close(): void;
}

export interface WatchOptions {
  /** Where reload errors go; console.error by default. */
  log?: (message: string) => void;
  /** Polling interval in ms (polling survives editors that save by replacing the file). Default 300. */
  intervalMs?: number;
}

/**
 * Development hot reload: loads `path` now (throws if it is broken), then reloads it whenever it changes and calls
 * `onReload` with the new engine. A broken edit keeps the previous rules and logs the error. The returned watcher is
 * itself a RulesEngine delegating to the current rules, so it can be handed to the emulator once.
 */
export function watchRulesFile(path: string, onReload: (engine: RulesEngine) => void = () => {}, options: WatchOptions = {}): RulesFileWatcher {
  const log = options.log ?? ((message: string) => console.error(message));
  // Compare contents read synchronously rather than fs.watchFile's stats: its baseline stat is taken later,
  // asynchronously, so an edit made right after starting could go unnoticed.
  let text = readFileSync(path, 'utf8');
  let current = loadRules(text);
  const poll = () => {
    let next: string;
    try {
      next = readFileSync(path, 'utf8');
    } catch {
      return; // an editor replacing the file: try again at the next tick
    }
    if (next === text) return;
    text = next;
    try {
      current = loadRules(next);
    } catch (error) {
      log(`[rules] ${path} not reloaded, keeping the previous rules: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    onReload(current);
  };
  const timer = setInterval(poll, options.intervalMs ?? 300);
  timer.unref();
  return {
    get current() {
      return current;
    },
    authorize(request: RulesRequest, lookup: RulesDocumentLookup): RulesDecision {
      return current.authorize(request, lookup);
    },
    close() {
      clearInterval(timer);
    },
  };
}
