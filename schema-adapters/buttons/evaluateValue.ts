import { Parser, type Expression } from 'expr-eval-fork';
import type { UserContext } from '../definition/types';
import { RUNTIME_FUNCTIONS } from '../conditions/functions';
import { parseCondition } from '../conditions/parse';
import { toExprEval, type ExprEvalProgram } from '../conditions/toExprEval';
import type { ButtonValue } from './buttonTypes';

const parser = new Parser({ operators: { assignment: false, fndef: false } });
Object.assign(parser.functions, RUNTIME_FUNCTIONS);

interface Compiled {
  program?: ExprEvalProgram;
  expression?: Expression;
  error?: string;
}
const cache = new Map<string, Compiled>();

function compile(source: string): Compiled {
  let c = cache.get(source);
  if (!c) {
    try {
      const program = toExprEval(parseCondition(source));
      c = { program, expression: parser.parse(program.source) };
    } catch (error) {
      c = { error: (error as Error).message };
    }
    if (cache.size > 2000) cache.clear();
    cache.set(source, c);
  }
  return c;
}

/** Why an expression of the condition grammar cannot be compiled, or undefined when it can. */
export function expressionError(source: string): string | undefined {
  return compile(source).error;
}

/**
 * The value of an expression of the condition grammar (CONTRACT.md §5) over a record, where a
 * condition would only say true or false: `${amount} * 2` → 200. A field absent from the record
 * or a failing evaluation is an error (a button must not write a guess).
 * Example: `evaluateValue("'已归档'", {}, ctx)` → `{ value: '已归档' }`.
 */
export function evaluateValue(source: string, record: Record<string, unknown>, ctx: UserContext): { value: unknown } | { error: string } {
  const c = compile(source);
  if (!c.program || !c.expression) return { error: c.error ?? '表达式无法解析' };
  const values: Record<string, unknown> = { ...c.program.constants };
  for (const [i, name] of c.program.fieldVariables.entries()) {
    if (!Object.prototype.hasOwnProperty.call(record, name)) return { error: `字段 “${name}” 不存在` };
    values[`f${i}`] = record[name] ?? null;
  }
  for (const name of c.program.contextVariables) {
    values[`c_${name}`] = (ctx as unknown as Record<string, unknown>)?.[name] ?? (name.startsWith('role') ? [] : null);
  }
  try {
    const value = c.expression.evaluate(values as never);
    return { value: typeof value === 'number' && !Number.isFinite(value) ? null : value };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** A configured value: a literal as it is, `{expr}` evaluated over the record. */
export function resolveButtonValue(value: ButtonValue, record: Record<string, unknown>, ctx: UserContext): { value: unknown } | { error: string } {
  if (value && typeof value === 'object') return evaluateValue(value.expr, record, ctx);
  return { value };
}
