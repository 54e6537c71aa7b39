/** Roles and their permission strings, within one tenant. */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, RolesTable } from '../db/types.js';
import { containsPattern } from './likePattern.js';

export interface RoleDto {
  roleId: number;
  roleName: string;
  roleKey: string;
  roleSort: number;
  status: string;
  remark: string;
  createTime: Date;
  permissions: string[];
  /** 数据权限 (issue 35, migration 176). */
  dataScope: string;
  deptIds: number[];
  formScopes: { formName: string; dataScope: string }[];
}

export interface RoleInput {
  roleName: string;
  roleKey: string;
  roleSort?: number;
  status?: string;
  remark?: string;
  permissions: string[];
  dataScope?: string;
  deptIds?: number[];
  formScopes?: { formName: string; dataScope: string }[];
}

const cols = ['id', 'role_name', 'role_key', 'role_sort', 'status', 'remark', 'create_time', 'data_scope'] as const;

async function withPermissions(db: Kysely<Database>, tenantId: number, rows: Pick<Selectable<RolesTable>, (typeof cols)[number]>[]): Promise<RoleDto[]> {
  const ids = rows.map((r) => r.id);
  const perms = ids.length ? await db.selectFrom('role_permissions').select(['role_id', 'permission']).where('tenant_id', '=', tenantId).where('role_id', 'in', ids).orderBy('permission').execute() : [];
  const depts = ids.length ? await db.selectFrom('role_depts').select(['role_id', 'dept_id']).where('tenant_id', '=', tenantId).where('role_id', 'in', ids).orderBy('dept_id').execute() : [];
  const forms = ids.length ? await db.selectFrom('role_form_scopes').select(['role_id', 'form_name', 'data_scope']).where('tenant_id', '=', tenantId).where('role_id', 'in', ids).orderBy('form_name').execute() : [];
  return rows.map((r) => ({
    roleId: r.id,
    roleName: r.role_name,
    roleKey: r.role_key,
    roleSort: r.role_sort,
    status: r.status,
    remark: r.remark,
    createTime: r.create_time,
    permissions: perms.filter((p) => p.role_id === r.id).map((p) => p.permission),
    dataScope: r.data_scope,
    deptIds: depts.filter((d) => Number(d.role_id) === Number(r.id)).map((d) => Number(d.dept_id)),
    formScopes: forms.filter((f) => Number(f.role_id) === Number(r.id)).map((f) => ({ formName: f.form_name, dataScope: f.data_scope })),
  }));
}

/** One page of roles with the total. */
export async function listRoles(db: Kysely<Database>, tenantId: number, f: { roleName?: string; roleKey?: string; status?: string }, pageNum: number, pageSize: number): Promise<{ rows: RoleDto[]; total: number }> {
  let q = db.selectFrom('roles').where('tenant_id', '=', tenantId);
  if (f.roleName) q = q.where('role_name', 'ilike', containsPattern(f.roleName));
  if (f.roleKey) q = q.where('role_key', 'ilike', containsPattern(f.roleKey));
  if (f.status) q = q.where('status', '=', f.status);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q.select([...cols]).orderBy('role_sort').orderBy('id').limit(pageSize).offset((pageNum - 1) * pageSize).execute();
  return { rows: await withPermissions(db, tenantId, rows), total: Number(total.n) };
}

/** One role of the tenant. */
export async function findRole(db: Kysely<Database>, tenantId: number, id: number): Promise<RoleDto | undefined> {
  const r = await db.selectFrom('roles').select([...cols]).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return r ? (await withPermissions(db, tenantId, [r]))[0] : undefined;
}

/** Roles of the tenant with these ids (to check ids a request names). */
export async function findRoleIds(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  return (await db.selectFrom('roles').select('id').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute()).map((r) => r.id);
}

/** The role with this key in the tenant, if any. */
export async function findRoleByKey(db: Kysely<Database>, tenantId: number, roleKey: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('roles').select('id').where('tenant_id', '=', tenantId).where('role_key', '=', roleKey).executeTakeFirst();
}

async function setPermissions(db: Kysely<Database>, tenantId: number, roleId: number, permissions: string[]): Promise<void> {
  await db.deleteFrom('role_permissions').where('tenant_id', '=', tenantId).where('role_id', '=', roleId).execute();
  const unique = [...new Set(permissions)];
  if (unique.length) await db.insertInto('role_permissions').values(unique.map((permission) => ({ tenant_id: tenantId, role_id: roleId, permission }))).execute();
}

/**
 * The role's data scope: its code, the departments of a custom scope (of this tenant only: the
 * caller checks them, `tenantDeptIds`) and its per-form overrides. Left as they are when absent.
 */
async function setDataScope(db: Kysely<Database>, tenantId: number, roleId: number, r: RoleInput): Promise<void> {
  if (r.dataScope !== undefined) await db.updateTable('roles').set({ data_scope: r.dataScope }).where('tenant_id', '=', tenantId).where('id', '=', roleId).execute();
  if (r.deptIds !== undefined || r.dataScope !== undefined) {
    await db.deleteFrom('role_depts').where('tenant_id', '=', tenantId).where('role_id', '=', roleId).execute();
    // Departments are kept only for a custom scope: another scope has no list to remember.
    const depts = r.dataScope === '2' || (r.dataScope === undefined && r.deptIds?.length) ? [...new Set(r.deptIds ?? [])] : [];
    if (depts.length) await db.insertInto('role_depts').values(depts.map((dept_id) => ({ tenant_id: tenantId, role_id: roleId, dept_id }))).execute();
  }
  if (r.formScopes !== undefined) {
    await db.deleteFrom('role_form_scopes').where('tenant_id', '=', tenantId).where('role_id', '=', roleId).execute();
    const byForm = new Map(r.formScopes.map((f) => [f.formName, f.dataScope]));
    if (byForm.size) await db.insertInto('role_form_scopes').values([...byForm].map(([form_name, data_scope]) => ({ tenant_id: tenantId, role_id: roleId, form_name, data_scope }))).execute();
  }
}

/** Which of these department ids belong to the tenant. */
export async function tenantDeptIds(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('depts').select('id').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
  return new Set(rows.map((r) => Number(r.id)));
}

/** Inserts a role with its permissions; returns its id. */
export async function insertRole(db: Kysely<Database>, tenantId: number, r: RoleInput, by: string): Promise<number> {
  const row = await db
    .insertInto('roles')
    .values({ tenant_id: tenantId, role_name: r.roleName, role_key: r.roleKey, role_sort: r.roleSort ?? 0, status: r.status ?? '0', remark: r.remark ?? '', create_by: by, update_by: by })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setPermissions(db, tenantId, row.id, r.permissions);
  await setDataScope(db, tenantId, row.id, r);
  return row.id;
}

/** Updates a role and replaces its permissions. */
export async function updateRole(db: Kysely<Database>, tenantId: number, id: number, r: RoleInput, by: string): Promise<void> {
  await db
    .updateTable('roles')
    .set({ role_name: r.roleName, role_key: r.roleKey, role_sort: r.roleSort ?? 0, status: r.status ?? '0', remark: r.remark ?? '', update_by: by, update_time: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
  await setPermissions(db, tenantId, id, r.permissions);
  await setDataScope(db, tenantId, id, r);
}

/** How many users hold each of these roles. */
export async function roleUserCounts(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('user_roles')
    .select(['role_id', sql<number>`count(*)`.as('n')])
    .where('tenant_id', '=', tenantId)
    .where('role_id', 'in', ids)
    .groupBy('role_id')
    .execute();
  return new Map(rows.map((r) => [r.role_id, Number(r.n)]));
}

/** Deletes roles of the tenant; returns how many. */
export async function deleteRoles(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<number> {
  const r = await db.deleteFrom('roles').where('tenant_id', '=', tenantId).where('id', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Active roles of the tenant for option lists. */
export async function roleOptions(db: Kysely<Database>, tenantId: number): Promise<{ roleId: number; roleName: string; roleKey: string }[]> {
  const rows = await db.selectFrom('roles').select(['id', 'role_name', 'role_key']).where('tenant_id', '=', tenantId).where('status', '=', '0').orderBy('role_sort').orderBy('id').execute();
  return rows.map((r) => ({ roleId: r.id, roleName: r.role_name, roleKey: r.role_key }));
}
