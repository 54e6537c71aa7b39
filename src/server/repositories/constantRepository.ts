/** Constants (option lists as a tree with stable ids), within one tenant. */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, ConstantsTable } from '../db/types.js';
import { containsPattern } from './likePattern.js';

export interface ConstantDto {
  id: number;
  parentId: number;
  name: string;
  dataType: string;
  orderNum: number;
  status: number;
  formName: string | null;
  remark: string;
  createTime: Date;
  updateTime: Date;
}

export interface ConstantInput {
  parentId: number;
  name: string;
  dataType?: string;
  orderNum?: number;
  status?: number;
  formName?: string | null;
  remark?: string;
}

const cols = ['id', 'parent_id', 'name', 'data_type', 'order_num', 'status', 'form_name', 'remark', 'create_time', 'update_time'] as const;

function toDto(r: Pick<Selectable<ConstantsTable>, (typeof cols)[number]>): ConstantDto {
  return {
    id: r.id,
    parentId: r.parent_id,
    name: r.name,
    dataType: r.data_type,
    orderNum: r.order_num,
    status: r.status,
    formName: r.form_name,
    remark: r.remark,
    createTime: r.create_time,
    updateTime: r.update_time,
  };
}

export interface ConstantFilter {
  name?: string;
  parentId?: number;
  status?: number;
  /** Entries with no form or this form. */
  formName?: string | null;
}

function filtered(db: Kysely<Database>, tenantId: number, f: ConstantFilter) {
  let q = db.selectFrom('constants').where('tenant_id', '=', tenantId);
  if (f.name) q = q.where('name', 'ilike', containsPattern(f.name));
  if (f.parentId !== undefined) q = q.where('parent_id', '=', f.parentId);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.formName) q = q.where((eb) => eb.or([eb('form_name', 'is', null), eb('form_name', '=', f.formName!)]));
  return q;
}

/** One page of entries in tree order (parent, order, id) with the total. */
export async function listConstants(db: Kysely<Database>, tenantId: number, f: ConstantFilter, pageNum: number, pageSize: number): Promise<{ rows: ConstantDto[]; total: number }> {
  const total = await filtered(db, tenantId, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await filtered(db, tenantId, f).select([...cols]).orderBy('parent_id').orderBy('order_num').orderBy('id').limit(pageSize).offset((pageNum - 1) * pageSize).execute();
  return { rows: rows.map(toDto), total: Number(total.n) };
}

/** Every entry matching the filter, in order. */
export async function allConstants(db: Kysely<Database>, tenantId: number, f: ConstantFilter): Promise<ConstantDto[]> {
  return (await filtered(db, tenantId, f).select([...cols]).orderBy('parent_id').orderBy('order_num').orderBy('id').execute()).map(toDto);
}

/** One entry of the tenant. */
export async function findConstant(db: Kysely<Database>, tenantId: number, id: number): Promise<ConstantDto | undefined> {
  const r = await db.selectFrom('constants').select([...cols]).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return r ? toDto(r) : undefined;
}

/** A token that changes whenever any entry of the tenant is added, changed or removed. */
export async function constantsVersion(db: Kysely<Database>, tenantId: number): Promise<string> {
  const r = await db
    .selectFrom('constants')
    .select([sql<number>`count(*)`.as('n'), sql<string>`coalesce(max(extract(epoch from update_time))::text, '0')`.as('t'), sql<string>`coalesce(sum(id)::text, '0')`.as('s')])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return `${r.n}-${r.s}-${r.t}`;
}

/** Inserts an entry; returns its id. */
export async function insertConstant(db: Kysely<Database>, tenantId: number, c: ConstantInput, by: string): Promise<number> {
  const r = await db
    .insertInto('constants')
    .values({ tenant_id: tenantId, parent_id: c.parentId, name: c.name, data_type: c.dataType ?? '', order_num: c.orderNum ?? 0, status: c.status ?? 1, form_name: c.formName ?? null, remark: c.remark ?? '', create_by: by })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Updates an entry of the tenant. */
export async function updateConstant(db: Kysely<Database>, tenantId: number, id: number, c: ConstantInput): Promise<void> {
  await db
    .updateTable('constants')
    .set({ parent_id: c.parentId, name: c.name, data_type: c.dataType ?? '', order_num: c.orderNum ?? 0, status: c.status ?? 1, form_name: c.formName ?? null, remark: c.remark ?? '', update_time: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Sets status (1 valid, 0 invalid) of entries of the tenant; returns how many. */
export async function setConstantsStatus(db: Kysely<Database>, tenantId: number, ids: number[], status: number): Promise<number> {
  const r = await db.updateTable('constants').set({ status, update_time: new Date() }).where('tenant_id', '=', tenantId).where('id', 'in', ids).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** How many entries have one of these as parent. */
export async function countChildren(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<number> {
  const r = await db.selectFrom('constants').select((eb) => eb.fn.countAll<number>().as('n')).where('tenant_id', '=', tenantId).where('parent_id', 'in', ids).where('id', 'not in', ids).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** How many of these ids are entries of the tenant. */
export async function countConstants(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<number> {
  const r = await db.selectFrom('constants').select((eb) => eb.fn.countAll<number>().as('n')).where('tenant_id', '=', tenantId).where('id', 'in', ids).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Deletes entries of the tenant; returns how many. */
export async function deleteConstants(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<number> {
  const r = await db.deleteFrom('constants').where('tenant_id', '=', tenantId).where('id', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}
