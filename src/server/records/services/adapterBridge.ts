/**
 * The records engine's use of the adapter's record rules (field states, record validation), so
 * that the rules the browser applies are the rules the server enforces. The definition rules are
 * applied by storage/checkDefinition.ts; names and key shapes are imported where they are used.
 */
import { fieldNameOfKey, fieldStates, rowFieldsOf, validateRecord } from '../../../../schema-adapters/index.js';
import type { FieldDefinition, FormDefinition, UserContext } from '../../../../schema-adapters/definition/types.js';
import type { FieldError } from '../../../shared/envelope.js';
import { badRequest } from '../../http/HttpError.js';

/**
 * Whether each top-level field is shown for this data (CONTRACT.md §5). `sqlAnswers` are the
 * answers of the form's `$sql` hide conditions (sqlHide.ts `sqlAnswersFor`); a field without one stays shown.
 */
export function visibleFields(def: FormDefinition, data: Record<string, unknown>, ctx: UserContext, sqlAnswers?: Record<string, unknown>): Record<string, boolean> {
  const states = fieldStates(def, data, ctx, { sqlAnswers });
  const out: Record<string, boolean> = {};
  for (const f of def.fields) out[f.enName] = states[f.enName]?.visible !== false;
  return out;
}

/** Each field list's fields by enName (an import checks a million rows against one list). */
const BY_NAME = new WeakMap<FieldDefinition[], Map<string, FieldDefinition>>();

/** Only the keys of the definition's fields: system keys of stored rows are not the adapter's concern. */
function fieldKeysOnly(fields: FieldDefinition[], data: Record<string, unknown>): Record<string, unknown> {
  let byName = BY_NAME.get(fields);
  if (!byName) {
    byName = new Map(fields.map((f) => [f.enName, f]));
    BY_NAME.set(fields, byName);
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    const f = byName.get(fieldNameOfKey(k));
    if (!f) continue;
    out[k] = f.funcType === 'subForm' && Array.isArray(v)
      ? v.map((row) => (row && typeof row === 'object' && !Array.isArray(row) ? fieldKeysOnly(rowFieldsOf(f), row as Record<string, unknown>) : row))
      : v;
  }
  return out;
}

/** The record rules the server re-checks with the adapter (required, lengths, numbers, options, sub-rows). */
export function recordProblems(def: FormDefinition, data: Record<string, unknown>, ctx: UserContext, sqlAnswers?: Record<string, unknown>): FieldError[] {
  return validateRecord(serverChecked(def), fieldKeysOnly(def.fields, data), ctx, { sqlAnswers });
}

/** The definition as the server checks it, made once per definition object (and field list). */
const CHECKED = new WeakMap<FormDefinition, { fields: FieldDefinition[]; def: FormDefinition }>();

function serverChecked(def: FormDefinition): FormDefinition {
  const hit = CHECKED.get(def);
  if (hit && hit.fields === def.fields) return hit.def;
  // Serial numbers are assigned by the server, so they are never missing from the client's point of view.
  const fields = def.fields.map((f) => (f.funcType === 'serialNumber' ? { ...f, required: false, requiredCon: undefined } : f));
  const checked = { ...def, fields };
  CHECKED.set(def, { fields: def.fields, def: checked });
  return checked;
}

/** Throws the 400 of CONTRACT.md §7 when the record breaks a rule. */
export function assertRecordValid(def: FormDefinition, data: Record<string, unknown>, ctx: UserContext, sqlAnswers?: Record<string, unknown>): void {
  const problems = recordProblems(def, data, ctx, sqlAnswers);
  if (problems.length) throw badRequest(problems[0].message, problems);
}
