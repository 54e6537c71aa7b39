import { Parser, type Expression } from 'expr-eval-fork';
import type { UserContext } from '../definition/types';
import { ConditionSyntaxError } from './ast';
import { RUNTIME_FUNCTIONS } from './functions';
import { fieldsOf, parseCondition } from './parse';
import { isSqlCondition, parseSqlCondition, type SqlCondition } from './sqlCondition';
import { toExprEval, type ExprEvalProgram } from './toExprEval';

/**
 * What a condition says about a field: true / false, `'error'` (it failed to evaluate: the
 * false states of CONTRACT.md §5) or `'default'` (a `$${…}` reference, or a `$sql` condition not
 * yet answered: the field keeps its default state).
 */
export type ConditionOutcome = boolean | 'error' | 'default';

/** Where `${field}` looks for values: inside a sub-form row the row first, else the main form. */
export interface ConditionScope {
  /** The sub-form row being evaluated, when the field sits in a sub-form. */
  row?: Record<string, unknown> | null;
  /** Names of the sub-form's fields; without it, the row's own keys. */
  rowFields?: ReadonlySet<string>;
  /** Names of the main form's fields; without it, the data's own keys. A name in neither is absent. */
  formFields?: ReadonlySet<string>;
}

/** A condition compiled once, evaluated many times (CONTRACT.md §6). */
export interface CompiledCondition {
  kind: 'expr' | 'sql' | 'deferred';
  source: string;
  /** Fields the condition reads (for `$sql`, the fields bound as parameters). */
  fields: string[];
  /** Why the condition cannot be compiled, when it cannot; it then always evaluates to 'error'. */
  error?: string;
  /** For kind 'sql': the statement and its parameters, for the server. */
  sql?: SqlCondition;
  evaluate(data: Record<string, unknown>, ctx: UserContext, scope?: ConditionScope): ConditionOutcome;
}

const parser = new Parser({ operators: { assignment: false, fndef: false } });
Object.assign(parser.functions, RUNTIME_FUNCTIONS);

const own = (object: object | null | undefined, key: string): boolean =>
  !!object && Object.prototype.hasOwnProperty.call(object, key);

/** Reads a field for a condition; `undefined` means the field is absent from the form. */
function lookup(name: string, data: Record<string, unknown>, scope: ConditionScope | undefined): { value: unknown } | undefined {
  const row = scope?.row;
  if (row && (scope?.rowFields ? scope.rowFields.has(name) : own(row, name))) return { value: row[name] ?? null };
  if (scope?.formFields ? scope.formFields.has(name) : own(data, name)) return { value: data[name] ?? null };
  return undefined;
}

function evaluateProgram(program: ExprEvalProgram, expression: () => Expression, data: Record<string, unknown>, ctx: UserContext, scope?: ConditionScope): ConditionOutcome {
  const values: Record<string, unknown> = { ...program.constants };
  for (let i = 0; i < program.fieldVariables.length; i++) {
    const found = lookup(program.fieldVariables[i], data, scope);
    // CONTRACT.md §5: a condition naming a field absent from the form evaluates to true.
    if (!found) return true;
    values[`f${i}`] = found.value;
  }
  for (const name of program.contextVariables) {
    values[`c_${name}`] = (ctx as unknown as Record<string, unknown>)?.[name] ?? (name.startsWith('role') ? [] : null);
  }
  try {
    return Boolean(expression().evaluate(values as never));
  } catch {
    return 'error';
  }
}

function compileUncached(source: string): CompiledCondition {
  if (/\$\$\{/.test(source)) {
    const fields = [...source.matchAll(/(?<!\$)\$\{\s*([^}]+?)\s*\}/g)].map((m) => m[1]);
    return { kind: 'deferred', source, fields: [...new Set(fields)], evaluate: () => 'default' };
  }
  if (isSqlCondition(source)) {
    try {
      const sql = parseSqlCondition(source);
      return { kind: 'sql', source, fields: sql.params, sql, evaluate: () => 'default' };
    } catch (error) {
      return { kind: 'sql', source, fields: [], error: (error as Error).message, evaluate: () => 'error' };
    }
  }
  try {
    const tree = parseCondition(source);
    const program = toExprEval(tree);
    // expr-eval-fork parses on first use: building a schema needs only the tree's field names.
    let parsed: Expression | undefined;
    const expression = () => (parsed ??= parser.parse(program.source));
    return {
      kind: 'expr',
      source,
      fields: fieldsOf(tree),
      evaluate: (data, ctx, scope) => evaluateProgram(program, expression, data ?? {}, ctx, scope),
    };
  } catch (error) {
    const message = error instanceof ConditionSyntaxError ? `${error.message}（第 ${error.position + 1} 个字符）` : String((error as Error).message);
    return { kind: 'expr', source, fields: [], error: message, evaluate: () => 'error' };
  }
}

const cache = new Map<string, CompiledCondition>();

/** Parses and compiles a condition of CONTRACT.md §5 once; the same source returns the same object. */
export function compileCondition(source: string): CompiledCondition {
  let compiled = cache.get(source);
  if (!compiled) {
    compiled = compileUncached(source);
    // Definitions are few and their conditions stable; the bound only guards against abuse.
    if (cache.size > 5000) cache.clear();
    cache.set(source, compiled);
  }
  return compiled;
}
