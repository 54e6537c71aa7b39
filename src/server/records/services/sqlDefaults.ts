/**
 * `POST /api/auto/{form}/init/by/sql` (spec 01 §7): the values of a new record's SQL defaults
 * (`defaultType: 'sql'`, `defaultValue: '$sql(SELECT …)'`). Each statement comes from the stored
 * definition only, is guarded again and runs in the tenant's sandbox like a `$sql` hide
 * condition; `${field}` placeholders take the form's current values as bound parameters.
 */
import { coerceFixedDefault, sqlDefaultFields, sqlDefaultText } from '../../../../schema-adapters/index.js';
import type { AuthUser } from '../../auth/types.js';
import { badRequest } from '../../http/HttpError.js';
import type { FormModel } from '../query/formModel.js';
import { tenantRelations } from '../storage/sqlRoles.js';
import { runGuarded, type SqlConditions } from './sqlHide.js';

/** `{enName: value}` for every SQL default of the form; a statement with no row gives null. */
export async function evaluateSqlDefaults(conditions: SqlConditions, model: FormModel, user: AuthUser, data: unknown): Promise<Record<string, unknown>> {
  if (data !== undefined && data !== null && (typeof data !== 'object' || Array.isArray(data))) throw badRequest('data 须为对象');
  const fields = sqlDefaultFields(model.form.definition);
  if (!fields.length) return {};
  const relations = await tenantRelations(conditions.database.db, user.tenantId);
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const value = await runGuarded(conditions, user, sqlDefaultText(f)!, relations, (data ?? {}) as Record<string, unknown>);
    // pg answers numeric as text: the value takes the field's shape, as a fixed default would.
    out[f.enName] = value === null || value === undefined ? null : coerceFixedDefault(f, value instanceof Date ? value.toISOString() : value);
  }
  return out;
}
