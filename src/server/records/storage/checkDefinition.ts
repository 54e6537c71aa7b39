/**
 * The definition check before a save touches tables. The rules are the adapter's
 * (schema-adapters' validateDefinition: names, reserved names, types, sub-form rules, column
 * limits), so the browser's preview and the server refuse the same definitions; only what is
 * the database's own concern is added here.
 */
import { validateDefinition } from '../../../../schema-adapters/index.js';
import type { FormDefinition } from '../../../../schema-adapters/definition/types.js';
import { badRequest } from '../../http/HttpError.js';

/** Throws a 400 listing every problem (path and Chinese message); returns the definition typed. */
export function checkDefinition(input: unknown): FormDefinition {
  const refuse = (message: string) => badRequest(message, undefined, { problems: [{ path: '', message }] });
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw refuse('表单定义须为JSON对象');
  // PostgreSQL's jsonb holds no NUL character: refuse it here rather than fail on insert.
  if (JSON.stringify(input).includes('\\u0000')) throw refuse('表单定义含有不允许的字符');
  const problems = validateDefinition(input);
  // `data.problems` is the structured list the designer places on its fields (issue 19 item 2).
  if (problems.length) throw badRequest(problems[0].message, problems.map((p) => ({ field: p.path, message: p.message })), { problems });
  return input as FormDefinition;
}
