/**
 * Row-level data scope (数据权限, issue 35) as a predicate of the list query. A scope is resolved
 * once per call (services/dataScope.ts: the caller's roles, departments and flow tasks) into plain
 * lists, so the predicate reads the row alone: `create_user_id = $1 OR create_dept_id = ANY($2)
 * OR id = ANY($3)`, or the form's owner field columns in place of the creator ones (ADR 1041). A department subtree is expanded to its ids before the query (depts.ancestors),
 * never a recursive query per row; the btree indexes on the creator columns serve it, and the
 * answer cache keys it by its parameters (two scopes never share a kept answer, ADR 1028).
 */
import { sql, type RawBuilder } from 'kysely';

/** Every row (admin, 全部数据). */
export interface AllRows { all: true }

/**
 * A column deciding ownership: the creator columns by default, or an owner field's value column
 * (ADR 1041), with its SQL type, so the bound ids are of the column's type and its index serves
 * the predicate (`text`: migration 150 kept a column of hand-written ids as text).
 */
export interface OwnerColumn {
  column: string;
  type: 'bigint' | 'numeric' | 'text';
}

/** The creator columns every main table has. */
export const CREATOR_USER: OwnerColumn = Object.freeze({ column: 'create_user_id', type: 'bigint' as const });
export const CREATOR_DEPT: OwnerColumn = Object.freeze({ column: 'create_dept_id', type: 'bigint' as const });

/** The rows a user may see: their own, those of some departments, and those of their flow tasks. */
export interface SomeRows {
  all: false;
  /** 仅本人 (and 本部门 … for one's own rows is not implied): the creator id, or null. */
  userId: number | null;
  /** Creator departments seen (自定义部门, 本部门, 本部门及以下 expanded). */
  deptIds: number[];
  /** Records of this form on which the user holds a flow task (seen whatever the scope). */
  recordIds: number[];
  /** The form's owner columns (absent: the creator columns); never used on a view, whose rows carry their creators. */
  owner?: { user: OwnerColumn; dept: OwnerColumn };
}

export type RowScope = AllRows | SomeRows;

/** The scope of a caller who may read every row (admin, a system task acting for nobody). */
export const ALL_ROWS: AllRows = Object.freeze({ all: true });

/** The query's own reader: the tenant whose schema is read and the rows the caller may see. */
export interface Reader {
  tenantId: number;
  scope: RowScope;
}

/** Ids bound as an array of the column's type (the type names are fixed here, never input). */
function typed(c: OwnerColumn, ids: number[]): RawBuilder<unknown> {
  return c.type === 'text' ? sql`${ids.map(String)}::text[]` : sql`${ids}::${sql.raw(c.type)}[]`;
}

/** One id bound as the column's type. */
function typedOne(c: OwnerColumn, id: number): RawBuilder<unknown> {
  return c.type === 'text' ? sql`${String(id)}::text` : sql`${id}::${sql.raw(c.type)}`;
}

/** The condition of `scope` on the row `alias`, or null when every row is in it. */
export function scopeCondition(scope: RowScope, alias = 't', view = false): RawBuilder<unknown> | null {
  if (scope.all) return null;
  const t = sql.id(alias);
  const parts: RawBuilder<unknown>[] = [];
  const user = (!view && scope.owner?.user) || CREATOR_USER;
  const dept = (!view && scope.owner?.dept) || CREATOR_DEPT;
  // `col = $1` / `col = ANY($2)`: a btree index on the column serves both (storage/indexes.ts).
  if (scope.userId !== null) parts.push(sql`${t}.${sql.id(user.column)} = ${typedOne(user, scope.userId)}`);
  if (scope.deptIds.length) parts.push(sql`${t}.${sql.id(dept.column)} = ANY(${typed(dept, scope.deptIds)})`);
  // A view's ids are `{id}@{table}` text; a task is on a source record, opened through its source form.
  if (scope.recordIds.length && !view) parts.push(sql`${t}.id = ANY(${scope.recordIds}::bigint[])`);
  return parts.length ? sql`(${sql.join(parts, sql` OR `)})` : sql`FALSE`;
}

/** `AND <scope>` to append to a WHERE that reads `alias`, or nothing. */
export function andScope(scope: RowScope, alias = 't', view = false): RawBuilder<unknown> {
  const c = scopeCondition(scope, alias, view);
  return c ? sql` AND ${c}` : sql``;
}
