/**
 * `$sql(…)` hide conditions (CONTRACT.md §5). The SQL is taken from the stored definition only;
 * each `${field}` and `#{…}` becomes a bound parameter; it runs in a read-only transaction with a
 * statement timeout, with search_path set to the tenant's schema and under the tenant's
 * read-only role, which can read that schema's form tables and nothing else.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FieldDefinition } from '../../../../schema-adapters/definition/types.js';
import type { AuthUser } from '../../auth/types.js';
import { badRequest } from '../../http/HttpError.js';
import type { FormModel } from '../query/formModel.js';
import { tenantSchema, tenantSqlRole } from '../storage/names.js';
import { hasTenantSqlRole } from '../storage/tenantSchema.js';

/** Milliseconds a `$sql` condition may run (PostgreSQL enforces it; PGlite has no timer). */
export const SQL_CONDITION_TIMEOUT_MS = 2000;

/** The SELECT inside `$sql(…)`, or null when the condition is not a `$sql` one. */
export function sqlOfCondition(condition: unknown): string | null {
  if (typeof condition !== 'string') return null;
  const m = /^\s*\$sql\(([\s\S]*)\)\s*$/.exec(condition);
  return m ? m[1].trim() : null;
}

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

/** Splits the SQL at `${field}`, `$${…}` and `#{…}` placeholders, binding each as a parameter. */
export function bindPlaceholders(text: string, data: Record<string, unknown>, user: AuthUser): RawBuilder<unknown> {
  const ctx: Record<string, unknown> = {
    userId: user.userId, userName: user.userName, deptId: user.deptId, companyId: null,
    roleKeys: user.roleKeys.join(','), roleNames: user.roleNames.join(','),
  };
  const parts: RawBuilder<unknown>[] = [];
  let last = 0;
  const re = /\$\$\{([^}]*)\}|\$\{([a-z][a-z0-9_]*)\}|#\{([A-Za-z]+)\}/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    parts.push(sql.raw(text.slice(last, m.index)));
    const value = m[2] !== undefined ? data[m[2]] : m[3] !== undefined ? ctx[m[3]] : null;
    parts.push(sql`${bindValue(value)}`);
    last = m.index + m[0].length;
  }
  parts.push(sql.raw(text.slice(last)));
  return sql.join(parts, sql``);
}

/** Evaluates a field's `$sql` hide condition for the caller; answers the first column of the first row. */
export async function evaluateSqlHide(db: Kysely<any>, model: FormModel, user: AuthUser, fieldName: string, data: unknown): Promise<unknown> {
  const field = findField(model, fieldName);
  if (!field) throw badRequest(`未知字段：${fieldName}`);
  const text = sqlOfCondition(field.hideCondition);
  if (text === null) throw badRequest(`字段「${field.label}」没有SQL隐藏条件`);
  if (data !== undefined && data !== null && (typeof data !== 'object' || Array.isArray(data))) throw badRequest('data 须为对象');
  if (!/^(select|with)\b/i.test(text) || text.includes(';')) throw badRequest('SQL条件只能是一条查询语句');
  const tenantId = user.tenantId;
  if (!(await hasTenantSqlRole(db, tenantId))) throw badRequest('当前数据库不支持SQL条件（无法创建只读角色）');
  const query = bindPlaceholders(text, (data ?? {}) as Record<string, unknown>, user);
  try {
    return await db.transaction().execute(async (trx) => {
      await sql`SET TRANSACTION READ ONLY`.execute(trx);
      await sql.raw(`SET LOCAL statement_timeout = ${SQL_CONDITION_TIMEOUT_MS}`).execute(trx);
      await sql.raw(`SET LOCAL search_path = ${tenantSchema(tenantId)}`).execute(trx);
      await sql.raw(`SET LOCAL ROLE ${tenantSqlRole(tenantId)}`).execute(trx);
      const r = await sql<Record<string, unknown>>`${query}`.execute(trx);
      const row = r.rows[0];
      return row ? (Object.values(row)[0] ?? null) : null;
    });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === '57014') throw badRequest('SQL条件执行超时');
    throw badRequest('SQL条件执行失败');
  }
}
