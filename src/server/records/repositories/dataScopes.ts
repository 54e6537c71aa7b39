/** What a user's data scope (数据权限, issue 35) is made of: their roles' scopes for a form, departments and flow tasks. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** One active role of the user: its key, its scope for the form (override or default), whether it holds `*:*:*`. */
export interface ScopedRole {
  roleId: number;
  roleKey: string;
  dataScope: string;
  star: boolean;
}

/** The user's active roles with their scope for `formName` (a per-form override wins). */
export async function rolesWithScope(db: Kysely<Database>, tenantId: number, userId: number, formName: string): Promise<ScopedRole[]> {
  const r = await sql<{ id: string | number; role_key: string; scope: string; star: boolean }>`
    SELECT r.id, r.role_key, coalesce(f.data_scope, r.data_scope) AS scope,
      EXISTS (SELECT 1 FROM role_permissions p WHERE p.role_id = r.id AND p.permission = '*:*:*') AS star
    FROM user_roles ur
    JOIN roles r ON r.id = ur.role_id AND r.tenant_id = ${tenantId}
    LEFT JOIN role_form_scopes f ON f.role_id = r.id AND f.form_name = ${formName}
    WHERE ur.tenant_id = ${tenantId} AND ur.user_id = ${userId} AND r.status = '0'`.execute(db);
  return r.rows.map((x) => ({ roleId: Number(x.id), roleKey: x.role_key, dataScope: x.scope, star: x.star }));
}

/** The user's department, or null. */
export async function userDept(db: Kysely<Database>, tenantId: number, userId: number): Promise<number | null> {
  const r = await sql<{ dept_id: string | number | null }>`SELECT dept_id FROM users WHERE tenant_id = ${tenantId} AND id = ${userId}`.execute(db);
  const d = r.rows[0]?.dept_id;
  return d === null || d === undefined ? null : Number(d);
}

/** The departments of these roles' custom scopes (role_depts). */
export async function customDepts(db: Kysely<Database>, tenantId: number, roleIds: number[]): Promise<number[]> {
  if (!roleIds.length) return [];
  const r = await sql<{ dept_id: string | number }>`SELECT DISTINCT dept_id FROM role_depts
    WHERE tenant_id = ${tenantId} AND role_id = ANY(${roleIds}::bigint[])`.execute(db);
  return r.rows.map((x) => Number(x.dept_id));
}

/**
 * A department and every department below it, by the RuoYi `ancestors` path ('0,100,101'): one
 * scan of the tenant's departments, once per call, never a query per row.
 */
export async function deptSubtree(db: Kysely<Database>, tenantId: number, deptId: number): Promise<number[]> {
  const r = await sql<{ id: string | number }>`SELECT id FROM depts WHERE tenant_id = ${tenantId}
    AND (id = ${deptId} OR (',' || ancestors || ',') LIKE ${`%,${deptId},%`})`.execute(db);
  return r.rows.map((x) => Number(x.id));
}

/** Records of `formName` on which the user holds (or held) a flow task or a 抄送: seen whatever the scope. */
export async function flowRecordIds(db: Kysely<Database>, tenantId: number, userId: number, formName: string): Promise<number[]> {
  const r = await sql<{ record_id: string | number }>`
    SELECT DISTINCT fi.record_id FROM flow_instances fi
    WHERE fi.tenant_id = ${tenantId} AND fi.form_name = ${formName} AND (
      EXISTS (SELECT 1 FROM flow_tasks ft WHERE ft.instance_id = fi.id AND ft.tenant_id = ${tenantId} AND ${userId} IN (ft.assignee_id, ft.completed_by))
      OR EXISTS (SELECT 1 FROM flow_cc c WHERE c.instance_id = fi.id AND c.tenant_id = ${tenantId} AND c.user_id = ${userId}))`.execute(db);
  return r.rows.map((x) => Number(x.record_id));
}
