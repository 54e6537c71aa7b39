/** System configuration (`configs`), always within one tenant. */
import type { Kysely, Selectable } from 'kysely';
import type { Database, ConfigsTable } from '../db/types.js';
import { containsPattern } from './likePattern.js';

export interface ConfigDto {
  configId: number;
  configName: string;
  configKey: string;
  configValue: string;
  configType: string;
  remark: string;
  createBy: string;
  createTime: Date;
  updateBy: string;
  updateTime: Date;
}

const columns = ['id', 'config_name', 'config_key', 'config_value', 'config_type', 'remark', 'create_by', 'create_time', 'update_by', 'update_time'] as const;

function toDto(r: Pick<Selectable<ConfigsTable>, (typeof columns)[number]>): ConfigDto {
  return {
    configId: r.id,
    configName: r.config_name,
    configKey: r.config_key,
    configValue: r.config_value,
    configType: r.config_type,
    remark: r.remark,
    createBy: r.create_by,
    createTime: r.create_time,
    updateBy: r.update_by,
    updateTime: r.update_time,
  };
}

/** The value of one key in a tenant, or null. */
export async function getConfigValue(db: Kysely<Database>, tenantId: number, key: string): Promise<string | null> {
  const row = await db.selectFrom('configs').select('config_value').where('tenant_id', '=', tenantId).where('config_key', '=', key).executeTakeFirst();
  return row?.config_value ?? null;
}

/** Values of several keys in a tenant, as {key: value} (absent keys omitted). */
export async function getConfigValues(db: Kysely<Database>, tenantId: number, keys: string[]): Promise<Record<string, string>> {
  if (keys.length === 0) return {};
  const rows = await db.selectFrom('configs').select(['config_key', 'config_value']).where('tenant_id', '=', tenantId).where('config_key', 'in', keys).execute();
  return Object.fromEntries(rows.map((r) => [r.config_key, r.config_value]));
}

export interface ConfigFilter {
  configName?: string;
  configKey?: string;
  configType?: string;
}

/** One page of a tenant's config entries with the total. */
export async function listConfigs(db: Kysely<Database>, tenantId: number, f: ConfigFilter, pageNum: number, pageSize: number): Promise<{ rows: ConfigDto[]; total: number }> {
  let q = db.selectFrom('configs').where('tenant_id', '=', tenantId);
  if (f.configName) q = q.where('config_name', 'ilike', containsPattern(f.configName));
  if (f.configKey) q = q.where('config_key', 'ilike', containsPattern(f.configKey));
  if (f.configType) q = q.where('config_type', '=', f.configType);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q.select([...columns]).orderBy('id').limit(pageSize).offset((pageNum - 1) * pageSize).execute();
  return { rows: rows.map(toDto), total: Number(total.n) };
}

/** One entry of a tenant by id. */
export async function findConfig(db: Kysely<Database>, tenantId: number, id: number): Promise<ConfigDto | undefined> {
  const r = await db.selectFrom('configs').select([...columns]).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return r ? toDto(r) : undefined;
}

/** One entry of a tenant by key. */
export async function findConfigByKey(db: Kysely<Database>, tenantId: number, key: string): Promise<ConfigDto | undefined> {
  const r = await db.selectFrom('configs').select([...columns]).where('tenant_id', '=', tenantId).where('config_key', '=', key).executeTakeFirst();
  return r ? toDto(r) : undefined;
}

export interface ConfigInput {
  configName: string;
  configKey: string;
  configValue: string;
  configType?: string;
  remark?: string;
}

/** Inserts an entry; returns its id. */
export async function insertConfig(db: Kysely<Database>, tenantId: number, c: ConfigInput, by: string): Promise<number> {
  const r = await db
    .insertInto('configs')
    .values({ tenant_id: tenantId, config_name: c.configName, config_key: c.configKey, config_value: c.configValue, config_type: c.configType ?? 'N', remark: c.remark ?? '', create_by: by, update_by: by })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Updates an entry of the tenant; returns whether a row changed. */
export async function updateConfig(db: Kysely<Database>, tenantId: number, id: number, c: ConfigInput, by: string): Promise<boolean> {
  const r = await db
    .updateTable('configs')
    .set({ config_name: c.configName, config_key: c.configKey, config_value: c.configValue, config_type: c.configType ?? 'N', remark: c.remark ?? '', update_by: by, update_time: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes entries of the tenant; returns how many. */
export async function deleteConfigs(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<number> {
  const r = await db.deleteFrom('configs').where('tenant_id', '=', tenantId).where('id', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** How many of these ids are entries of the tenant. */
export async function countConfigs(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<number> {
  const r = await db.selectFrom('configs').select((eb) => eb.fn.countAll<number>().as('n')).where('tenant_id', '=', tenantId).where('id', 'in', ids).executeTakeFirstOrThrow();
  return Number(r.n);
}
