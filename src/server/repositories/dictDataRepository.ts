/** Dictionary data entries of a tenant. */
import type { Kysely, Selectable } from 'kysely';
import type { Database, DictDataTable } from '../db/types.js';
import { containsPattern } from './likePattern.js';

export interface DictDataDto {
  dictCode: number;
  dictSort: number;
  dictLabel: string;
  dictValue: string;
  dictType: string;
  cssClass: string;
  listClass: string;
  isDefault: string;
  status: string;
  remark: string;
  createBy: string;
  createTime: Date;
}

export interface DictDataInput {
  dictType: string;
  dictLabel: string;
  dictValue: string;
  dictSort?: number;
  cssClass?: string;
  listClass?: string;
  isDefault?: string;
  status?: string;
  remark?: string;
}

const cols = ['id', 'dict_sort', 'dict_label', 'dict_value', 'dict_type', 'css_class', 'list_class', 'is_default', 'status', 'remark', 'create_by', 'create_time'] as const;

function toDto(r: Pick<Selectable<DictDataTable>, (typeof cols)[number]>): DictDataDto {
  return {
    dictCode: r.id,
    dictSort: r.dict_sort,
    dictLabel: r.dict_label,
    dictValue: r.dict_value,
    dictType: r.dict_type,
    cssClass: r.css_class,
    listClass: r.list_class,
    isDefault: r.is_default,
    status: r.status,
    remark: r.remark,
    createBy: r.create_by,
    createTime: r.create_time,
  };
}

/** One page of entries (filtered by type, label contains, status) with the total. */
export async function listDictData(db: Kysely<Database>, tenantId: number, f: { dictType?: string; dictLabel?: string; status?: string }, pageNum: number, pageSize: number): Promise<{ rows: DictDataDto[]; total: number }> {
  let q = db.selectFrom('dict_data').where('tenant_id', '=', tenantId);
  if (f.dictType) q = q.where('dict_type', '=', f.dictType);
  if (f.dictLabel) q = q.where('dict_label', 'ilike', containsPattern(f.dictLabel));
  if (f.status) q = q.where('status', '=', f.status);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q.select([...cols]).orderBy('dict_type').orderBy('dict_sort').orderBy('id').limit(pageSize).offset((pageNum - 1) * pageSize).execute();
  return { rows: rows.map(toDto), total: Number(total.n) };
}

/** Active entries of one type, in order. */
export async function dictDataByType(db: Kysely<Database>, tenantId: number, dictType: string): Promise<DictDataDto[]> {
  const rows = await db.selectFrom('dict_data').select([...cols]).where('tenant_id', '=', tenantId).where('dict_type', '=', dictType).where('status', '=', '0').orderBy('dict_sort').orderBy('id').execute();
  return rows.map(toDto);
}

/** One entry of the tenant. */
export async function findDictData(db: Kysely<Database>, tenantId: number, id: number): Promise<DictDataDto | undefined> {
  const r = await db.selectFrom('dict_data').select([...cols]).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return r ? toDto(r) : undefined;
}

function values(d: DictDataInput) {
  return {
    dict_type: d.dictType,
    dict_label: d.dictLabel,
    dict_value: d.dictValue,
    dict_sort: d.dictSort ?? 0,
    css_class: d.cssClass ?? '',
    list_class: d.listClass ?? '',
    is_default: d.isDefault ?? 'N',
    status: d.status ?? '0',
    remark: d.remark ?? '',
  };
}

/** Inserts an entry; returns its dictCode. */
export async function insertDictData(db: Kysely<Database>, tenantId: number, d: DictDataInput, by: string): Promise<number> {
  const r = await db.insertInto('dict_data').values({ tenant_id: tenantId, ...values(d), create_by: by, update_by: by }).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** Updates an entry of the tenant. */
export async function updateDictData(db: Kysely<Database>, tenantId: number, id: number, d: DictDataInput, by: string): Promise<void> {
  await db.updateTable('dict_data').set({ ...values(d), update_by: by, update_time: new Date() }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** How many of these ids are entries of the tenant. */
export async function countDictData(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<number> {
  const r = await db.selectFrom('dict_data').select((eb) => eb.fn.countAll<number>().as('n')).where('tenant_id', '=', tenantId).where('id', 'in', ids).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Deletes entries of the tenant; returns how many. */
export async function deleteDictData(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<number> {
  const r = await db.deleteFrom('dict_data').where('tenant_id', '=', tenantId).where('id', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}
