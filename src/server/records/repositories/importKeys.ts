/** The records an import's key column names (issue 27 item 2): by a main column's text, or by id. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FormModel } from '../query/formModel.js';

/** One record a key names: its id, version, status, and whether it changed after `since`. */
export interface KeyedRecord { id: number; version: number; status: number; key: string; changed: boolean }

/**
 * The records of `keys` (texts): `column` is a main-table column name from the form's model (an
 * identifier, never user text), null for the record id. Keys that are no whole number match no id.
 */
export async function recordsByKey(db: Kysely<Database>, m: FormModel, tenantId: number, column: string | null, keys: string[], since?: Date): Promise<KeyedRecord[]> {
  if (!keys.length) return [];
  const table = sql.id(m.schema, m.main.table.name);
  const changed = since ? sql<boolean>`t.update_time > ${since}` : sql<boolean>`false`;
  if (column === null) {
    const ids = keys.filter((k) => /^\d{1,15}$/.test(k)).map(Number);
    if (!ids.length) return [];
    const r = await sql<{ id: string | number; version: number; sys_status: number; changed: boolean }>`SELECT t.id, t.version, t.sys_status, ${changed} AS changed FROM ${table} t
      WHERE t.tenant_id = ${tenantId} AND t.id = ANY(${ids}::bigint[])`.execute(db);
    return r.rows.map((x) => ({ id: Number(x.id), version: Number(x.version), status: Number(x.sys_status), key: String(x.id), changed: x.changed === true }));
  }
  const r = await sql<{ id: string | number; version: number; sys_status: number; key: string; changed: boolean }>`SELECT t.id, t.version, t.sys_status, ${changed} AS changed, t.${sql.id(column)}::text AS key
    FROM ${table} t WHERE t.tenant_id = ${tenantId} AND t.${sql.id(column)}::text = ANY(${keys}::text[])`.execute(db);
  return r.rows.map((x) => ({ id: Number(x.id), version: Number(x.version), status: Number(x.sys_status), key: x.key, changed: x.changed === true }));
}
