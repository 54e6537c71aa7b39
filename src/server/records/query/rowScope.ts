/**
 * Row-level data scope (数据权限, issue 35) as a predicate of the list query. A scope is resolved
 * once per call (services/dataScope.ts: the caller's roles, departments and flow tasks) into plain
 * lists, so the predicate reads the row alone: `create_user_id = $1 OR create_dept_id = ANY($2)
 * OR id = ANY($3)`. A department subtree is expanded to its ids before the query (depts.ancestors),
 * never a recursive query per row; the btree indexes on the creator columns serve it, and the
 * answer cache keys it by its parameters (two scopes never share a kept answer, ADR 1028).
 */
import { sql, type RawBuilder } from 'kysely';

/** Every row (admin, 全部数据). */
export interface AllRows { all: true }

/** The rows a user may see: their own, those of some departments, and those of their flow tasks. */
export interface SomeRows {
  all: false;
  /** 仅本人 (and 本部门 … for one's own rows is not implied): the creator id, or null. */
  userId: number | null;
  /** Creator departments seen (自定义部门, 本部门, 本部门及以下 expanded). */
  deptIds: number[];
  /** Records of this form on which the user holds a flow task (seen whatever the scope). */
  recordIds: number[];
}

export type RowScope = AllRows | SomeRows;

/** The scope of a caller who may read every row (admin, a system task acting for nobody). */
export const ALL_ROWS: AllRows = Object.freeze({ all: true });

/** The query's own reader: the tenant whose schema is read and the rows the caller may see. */
export interface Reader {
  tenantId: number;
  scope: RowScope;
}

/** The condition of `scope` on the row `alias`, or null when every row is in it. */
export function scopeCondition(scope: RowScope, alias = 't', view = false): RawBuilder<unknown> | null {
  if (scope.all) return null;
  const t = sql.id(alias);
  const parts: RawBuilder<unknown>[] = [];
  if (scope.userId !== null) parts.push(sql`${t}.create_user_id = ${scope.userId}`);
  if (scope.deptIds.length) parts.push(sql`${t}.create_dept_id = ANY(${scope.deptIds}::bigint[])`);
  // A view's ids are `{id}@{table}` text; a task is on a source record, opened through its source form.
  if (scope.recordIds.length && !view) parts.push(sql`${t}.id = ANY(${scope.recordIds}::bigint[])`);
  return parts.length ? sql`(${sql.join(parts, sql` OR `)})` : sql`FALSE`;
}

/** `AND <scope>` to append to a WHERE that reads `alias`, or nothing. */
export function andScope(scope: RowScope, alias = 't', view = false): RawBuilder<unknown> {
  const c = scopeCondition(scope, alias, view);
  return c ? sql` AND ${c}` : sql``;
}
