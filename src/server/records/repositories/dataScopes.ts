/** What a user's data scope (数据权限, issue 35) is made of, read in one statement per call. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { runPrepared } from '../../db/preparedQuery.js';

/** The facts a scope is built from; the arrays are empty when `everything` is true. */
export interface ScopeFacts {
  /** Admin role, `*:*:*` or a 全部数据 role (for this form): every row. */
  everything: boolean;
  /** How many active roles the user holds. */
  roleCount: number;
  /** The distinct scope codes of those roles for this form (a per-form override wins). */
  scopes: string[];
  /**
   * Departments seen: the custom scopes' departments (role_depts), the user's own for 本部门, and
   * the user's department with every one below it for 本部门及以下 (by the RuoYi `ancestors`
   * path '0,100,101': one scan of the tenant's departments, never a query per row).
   */
  deptIds: number[];
  /** Records of the form on which the user holds (or held) a flow task or a 抄送: seen whatever the scope. */
  recordIds: number[];
}

/**
 * The scope facts of `userId` on `formName`. One round trip: a list page asked for by a scoped
 * user used to cost up to five of these lookups before its own query.
 */
export async function scopeFacts(db: Kysely<Database>, tenantId: number, userId: number, formName: string, adminRole: string): Promise<ScopeFacts> {
  // Fixed text: a named prepared statement on PostgreSQL (planning it cost ~1 ms of every list request, ADR 1071).
  const rows = await runPrepared(db, sql<{ everything: boolean; role_count: string | number; scopes: string[]; dept_ids: (string | number)[]; record_ids: (string | number)[] }>`
    WITH r AS (
      SELECT r.id, r.role_key, coalesce(f.data_scope, r.data_scope) AS scope,
        EXISTS (SELECT 1 FROM role_permissions p WHERE p.role_id = r.id AND p.permission = '*:*:*') AS star
      FROM user_roles ur
      JOIN roles r ON r.id = ur.role_id AND r.tenant_id = ${tenantId}
      LEFT JOIN role_form_scopes f ON f.role_id = r.id AND f.form_name = ${formName}
      WHERE ur.tenant_id = ${tenantId} AND ur.user_id = ${userId} AND r.status = '0'
    ), s AS (
      SELECT EXISTS (SELECT 1 FROM r WHERE r.role_key = ${adminRole} OR r.star OR r.scope = '1') AS everything,
        (SELECT count(*) FROM r) AS role_count,
        ARRAY(SELECT DISTINCT r.scope FROM r) AS scopes,
        (SELECT u.dept_id FROM users u WHERE u.tenant_id = ${tenantId} AND u.id = ${userId}) AS own
    )
    SELECT s.everything, s.role_count, s.scopes,
      CASE WHEN s.everything THEN '{}'::bigint[] ELSE ARRAY(
        SELECT rd.dept_id FROM role_depts rd
          WHERE rd.tenant_id = ${tenantId} AND rd.role_id IN (SELECT r.id FROM r WHERE r.scope = '2')
        UNION SELECT s.own WHERE s.own IS NOT NULL AND '3' = ANY(s.scopes)
        UNION SELECT d.id FROM depts d
          WHERE s.own IS NOT NULL AND '4' = ANY(s.scopes) AND d.tenant_id = ${tenantId}
            AND (d.id = s.own OR (',' || d.ancestors || ',') LIKE '%,' || s.own || ',%')
        ORDER BY 1) END AS dept_ids,
      CASE WHEN s.everything THEN '{}'::bigint[] ELSE ARRAY(
        SELECT DISTINCT fi.record_id FROM flow_instances fi
        WHERE fi.tenant_id = ${tenantId} AND fi.form_name = ${formName} AND (
          EXISTS (SELECT 1 FROM flow_tasks ft WHERE ft.instance_id = fi.id AND ft.tenant_id = ${tenantId} AND ${userId} IN (ft.assignee_id, ft.completed_by))
          OR EXISTS (SELECT 1 FROM flow_cc c WHERE c.instance_id = fi.id AND c.tenant_id = ${tenantId} AND c.user_id = ${userId}))
        ORDER BY 1) END AS record_ids
    FROM s`);
  const row = rows[0];
  return {
    everything: row.everything,
    roleCount: Number(row.role_count),
    scopes: row.scopes,
    deptIds: row.dept_ids.map(Number),
    recordIds: row.record_ids.map(Number),
  };
}
