/**
 * `$sql(…)` hide conditions (CONTRACT.md §5, docs/security.md) and SQL defaults (sqlDefaults.ts:
 * their statements are guarded here when the definition is saved). The SQL is taken from the stored
 * definition only. Each `${field}`, `$${…}` and `#{…}` becomes a bound parameter; the statement
 * must pass the parser guard (src/server/db/sqlGuard) when the definition is saved and again
 * before every run, and then runs in the tenant's sandbox (sqlSandbox.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FieldDefinition, FormDefinition } from '../../../../schema-adapters/definition/types.js';
import { sqlDefaultText } from '../../../../schema-adapters/index.js';
import type { AuthUser } from '../../auth/types.js';
import type { AppDatabase } from '../../db/openDatabase.js';
import { guardSql, MAX_PARAM_LENGTH, prepareSqlText, SqlGuardError, sqlOfCondition, type GuardResult, type Placeholder } from '../../db/sqlGuard/index.js';
import { badRequest, HttpError } from '../../http/HttpError.js';
import type { FieldError } from '../../../shared/envelope.js';
import type { FormModel } from '../query/formModel.js';
import { formTables } from '../storage/formStorage.js';
import { tenantSchema } from '../storage/names.js';
import { tenantRelations } from '../storage/sqlRoles.js';
import { sqlSandbox, type SandboxOptions } from './sqlSandbox.js';

export { sqlOfCondition };

function findField(model: FormModel, name: string): FieldDefinition | undefined {
  for (const f of model.form.definition.fields) {
    if (f.enName === name) return f;
    if (f.funcType === 'subForm') {
      const c = (f.children ?? []).find((x) => x.enName === name);
      if (c) return c;
    }
  }
  return undefined;
}

function bindValue(v: unknown): unknown {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number')) return v.map(String).join(',');
  return JSON.stringify(v);
}

/** The values of `$1`, `$2`, … : the form data's fields and the caller's context; `$${…}` is null. */
function paramValues(params: Placeholder[], data: Record<string, unknown>, user: AuthUser): unknown[] {
  const ctx: Record<string, unknown> = {
    userId: user.userId, userName: user.userName, deptId: user.deptId, companyId: null,
    roleKeys: user.roleKeys.join(','), roleNames: user.roleNames.join(','),
  };
  return params.map((p) => {
    if (p.kind === 'field') return bindValue(Object.hasOwn(data, p.name) ? data[p.name] : undefined);
    if (p.kind === 'user') return Object.hasOwn(ctx, p.name) ? ctx[p.name] : null;
    return null;
  });
}

/**
 * Checks every `$sql` condition of a definition about to be saved: 400 with the guard's reason on
 * the field. The statement may read the tenant's existing tables and the ones this definition makes.
 */
export async function guardDefinitionSql(db: Kysely<Database>, tenantId: number, def: FormDefinition): Promise<void> {
  const found: { at: string; text: string }[] = [];
  const visit = (fields: FieldDefinition[] | undefined, path: string) => (fields ?? []).forEach((f, i) => {
    const text = sqlOfCondition(f.hideCondition);
    if (text !== null) found.push({ at: `${path}[${i}].hideCondition`, text });
    const fallback = sqlDefaultText(f);
    if (fallback !== null) found.push({ at: `${path}[${i}].defaultValue`, text: fallback });
    if (f.funcType === 'subForm') visit(f.children, `${path}[${i}].children`);
  });
  visit(def.fields, 'fields');
  if (!found.length) return;
  const relations = await tenantRelations(db, tenantId);
  for (const t of formTables(def)) relations.add(t.name);
  const errors: FieldError[] = [];
  for (const { at, text } of found) {
    const prepared = prepareSqlText(text);
    try {
      await guardSql(prepared.text, { schema: tenantSchema(tenantId), relations, paramCount: prepared.params.length });
    } catch (err) {
      if (!(err instanceof SqlGuardError)) throw err;
      errors.push({ field: at, message: err.message });
    }
  }
  // `data.problems`: the designer's shape of the same list (issue 19 item 2).
  if (errors.length) throw badRequest(errors[0].message, errors, { problems: errors.map((e) => ({ path: e.field, message: e.message })) });
}

/** Where `$sql` conditions run: the open database (its sandbox) and the configured limits. */
export interface SqlConditions {
  database: AppDatabase;
  options: SandboxOptions;
}

/** Guards a condition's text again (a definition stored before the guard existed, or tables since dropped) and runs it in the sandbox. */
export async function runGuarded(
  conditions: SqlConditions, user: AuthUser, text: string, relations: Set<string>, data: Record<string, unknown>,
): Promise<unknown> {
  const tenantId = user.tenantId;
  const prepared = prepareSqlText(text);
  let guarded: GuardResult;
  try {
    guarded = await guardSql(prepared.text, { schema: tenantSchema(tenantId), relations, paramCount: prepared.params.length });
  } catch (err) {
    if (err instanceof SqlGuardError) throw badRequest(err.message);
    throw err;
  }
  const values = paramValues(prepared.params, data, user);
  // The guard bounds every computed value by multiples of one bound value: this bounds that value.
  values.forEach((v, i) => {
    if (typeof v === 'string' && v.length > MAX_PARAM_LENGTH) {
      const p = prepared.params[i];
      throw badRequest(`SQL条件使用的值「${p.name}」超过 ${MAX_PARAM_LENGTH} 个字符，无法计算`);
    }
  });
  return sqlSandbox(conditions.database, conditions.options).run(tenantId, prepared.text, values, guarded);
}

/** Evaluates a field's `$sql` hide condition for the caller; answers the first column of the first row. */
export async function evaluateSqlHide(
  database: AppDatabase, options: SandboxOptions, model: FormModel, user: AuthUser, fieldName: string, data: unknown,
): Promise<unknown> {
  const field = findField(model, fieldName);
  if (!field) throw badRequest(`未知字段：${fieldName}`);
  const text = sqlOfCondition(field.hideCondition);
  if (text === null) throw badRequest(`字段「${field.label}」没有SQL隐藏条件`);
  if (data !== undefined && data !== null && (typeof data !== 'object' || Array.isArray(data))) throw badRequest('data 须为对象');
  const relations = await tenantRelations(database.db, user.tenantId);
  return runGuarded({ database, options }, user, text, relations, (data ?? {}) as Record<string, unknown>);
}

/** The form's `$sql` hide conditions, keyed as the adapter's `sqlAnswers` (`field`, `subForm.child`). */
export function sqlHideTexts(model: FormModel): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of model.form.definition.fields) {
    const text = sqlOfCondition(f.hideCondition);
    if (text !== null) out.set(f.enName, text);
    // The definition validator refuses these today; a definition stored before that still gets the browser's answer.
    if (f.funcType === 'subForm') {
      for (const c of f.children ?? []) {
        const t = sqlOfCondition(c.hideCondition);
        if (t !== null) out.set(`${f.enName}.${c.enName}`, t);
      }
    }
  }
  return out;
}

/**
 * The adapter's `sqlAnswers` for one save: each `$sql` hide condition of the form run once,
 * guarded and sandboxed exactly like the `/hide` call, with the record's values — so the
 * server's re-check hides what the browser hid. A condition that fails (refused by the guard,
 * too costly, timed out) gets no answer and its field stays shown, as in the browser, where the
 * failed call leaves the field shown.
 */
export async function sqlAnswersFor(
  conditions: SqlConditions | undefined, model: FormModel, user: AuthUser, data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const texts = sqlHideTexts(model);
  const answers: Record<string, unknown> = {};
  if (!texts.size || !conditions) return answers;
  const relations = await tenantRelations(conditions.database.db, user.tenantId);
  for (const [key, text] of texts) {
    try {
      answers[key] = await runGuarded(conditions, user, text, relations, data);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
    }
  }
  return answers;
}
