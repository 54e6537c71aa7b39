/** Departments of a tenant: a tree kept with `ancestors` ('0,1,4'), always within the tenant. */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, DeptsTable } from '../db/types.js';
import { containsPattern } from './likePattern.js';

export interface DeptDto {
  deptId: number;
  parentId: number;
  ancestors: string;
  deptName: string;
  orderNum: number;
  leader: string;
  phone: string;
  email: string;
  status: string;
  createTime: Date;
}

const cols = ['id', 'parent_id', 'ancestors', 'dept_name', 'order_num', 'leader', 'phone', 'email', 'status', 'create_time'] as const;

function toDto(r: Pick<Selectable<DeptsTable>, (typeof cols)[number]>): DeptDto {
  return {
    deptId: r.id,
    parentId: r.parent_id,
    ancestors: r.ancestors,
    deptName: r.dept_name,
    orderNum: r.order_num,
    leader: r.leader,
    phone: r.phone,
    email: r.email,
    status: r.status,
    createTime: r.create_time,
  };
}

/** Departments of the tenant, filtered by name (contains) and status, in tree order. */
export async function listDepts(db: Kysely<Database>, tenantId: number, f: { deptName?: string; status?: string } = {}): Promise<DeptDto[]> {
  let q = db.selectFrom('depts').select([...cols]).where('tenant_id', '=', tenantId);
  if (f.deptName) q = q.where('dept_name', 'ilike', containsPattern(f.deptName));
  if (f.status) q = q.where('status', '=', f.status);
  return (await q.orderBy('parent_id').orderBy('order_num').orderBy('id').execute()).map(toDto);
}

/** One department of the tenant. */
export async function findDept(db: Kysely<Database>, tenantId: number, id: number): Promise<DeptDto | undefined> {
  const r = await db.selectFrom('depts').select([...cols]).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return r ? toDto(r) : undefined;
}

/** Ids of a department and all its descendants. */
export async function subtreeIds(db: Kysely<Database>, tenantId: number, id: number): Promise<number[]> {
  const rows = await db
    .selectFrom('depts')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where(sql<boolean>`id = ${id} OR ${String(id)} = ANY(string_to_array(ancestors, ','))`)
    .execute();
  return rows.map((r) => r.id);
}

export interface DeptInput {
  parentId: number;
  deptName: string;
  orderNum?: number;
  leader?: string;
  phone?: string;
  email?: string;
  status?: string;
}

/** Inserts a department under parent (ancestors computed by the caller); returns its id. */
export async function insertDept(db: Kysely<Database>, tenantId: number, d: DeptInput, ancestors: string, by: string): Promise<number> {
  const r = await db
    .insertInto('depts')
    .values({
      tenant_id: tenantId,
      parent_id: d.parentId,
      ancestors,
      dept_name: d.deptName,
      order_num: d.orderNum ?? 0,
      leader: d.leader ?? '',
      phone: d.phone ?? '',
      email: d.email ?? '',
      status: d.status ?? '0',
      create_by: by,
      update_by: by,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Updates a department and rewrites the ancestors of its subtree when it moved. */
export async function updateDept(db: Kysely<Database>, tenantId: number, id: number, d: DeptInput, oldAncestors: string, newAncestors: string, by: string): Promise<void> {
  await db
    .updateTable('depts')
    .set({
      parent_id: d.parentId,
      ancestors: newAncestors,
      dept_name: d.deptName,
      order_num: d.orderNum ?? 0,
      leader: d.leader ?? '',
      phone: d.phone ?? '',
      email: d.email ?? '',
      status: d.status ?? '0',
      update_by: by,
      update_time: new Date(),
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
  if (oldAncestors !== newAncestors) {
    const oldPrefix = `${oldAncestors},${id}`;
    const newPrefix = `${newAncestors},${id}`;
    const children = await db.selectFrom('depts').select(['id', 'ancestors']).where('tenant_id', '=', tenantId).where('ancestors', 'like', `${oldPrefix}%`).execute();
    for (const c of children) {
      if (c.ancestors !== oldPrefix && !c.ancestors.startsWith(oldPrefix + ',')) continue;
      await db.updateTable('depts').set({ ancestors: newPrefix + c.ancestors.slice(oldPrefix.length) }).where('tenant_id', '=', tenantId).where('id', '=', c.id).execute();
    }
  }
}

/** How many direct children and users a department has. */
export async function deptUsage(db: Kysely<Database>, tenantId: number, id: number): Promise<{ children: number; users: number }> {
  const c = await db.selectFrom('depts').select((eb) => eb.fn.countAll<number>().as('n')).where('tenant_id', '=', tenantId).where('parent_id', '=', id).executeTakeFirstOrThrow();
  const u = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('tenant_id', '=', tenantId).where('dept_id', '=', id).executeTakeFirstOrThrow();
  return { children: Number(c.n), users: Number(u.n) };
}

/** Deletes departments of the tenant; returns how many. */
export async function deleteDepts(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<number> {
  const r = await db.deleteFrom('depts').where('tenant_id', '=', tenantId).where('id', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Departments of the tenant with these ids. */
export async function findDepts(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<DeptDto[]> {
  if (!ids.length) return [];
  return (await db.selectFrom('depts').select([...cols]).where('tenant_id', '=', tenantId).where('id', 'in', ids).execute()).map(toDto);
}

/** Departments visible for public registration (active ones) of a tenant. */
export async function listActiveDepts(db: Kysely<Database>, tenantId: number): Promise<DeptDto[]> {
  return listDepts(db, tenantId, { status: '0' });
}
