import type { FormDefinition } from '../definition/types';
import { compileCondition } from './compileCondition';
import type { SqlCondition } from './sqlCondition';

/** The `$sql(…)` hide conditions of a form by field enName, for the server's `/hide` call and re-checks. */
export function sqlHideConditions(def: FormDefinition): Record<string, SqlCondition> {
  const out: Record<string, SqlCondition> = {};
  for (const field of def.fields) {
    if (typeof field.hideCondition !== 'string') continue;
    const compiled = compileCondition(field.hideCondition);
    if (compiled.kind === 'sql' && compiled.sql) out[field.enName] = compiled.sql;
  }
  return out;
}
