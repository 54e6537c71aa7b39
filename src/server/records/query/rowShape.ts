/** Reading form rows: the select list (with casts that keep types stable) and the row mapping. */
import { sql, type RawBuilder } from 'kysely';
import type { ModelTable } from './formModel.js';
import { ROLE_SUFFIX, type StorageColumn } from '../storage/types.js';

const MAIN_SYSTEM = ['id', 'sys_status', 'pid', 'create_by', 'create_user_id', 'create_dept_id', 'create_time', 'update_time', 'version'];
const CHILD_SYSTEM = ['id', 'parent_id', 'pid', 'row_order'];

function columnSelect(alias: string, c: StorageColumn): RawBuilder<unknown> {
  const r = sql.id(alias, c.name);
  // Timestamps leave the database as text so no time zone shifts them; dates already do.
  if (c.kind === 'timestamp') return sql`to_char(${r}, 'YYYY-MM-DD HH24:MI:SS') AS ${sql.id(c.name)}`;
  return sql`${r}`;
}

/** The select list of a table's rows (system columns first). */
export function selectColumns(table: ModelTable, alias: string, child = false): RawBuilder<unknown> {
  const sys = (child ? CHILD_SYSTEM : MAIN_SYSTEM).map((n) => sql`${sql.id(alias, n)}`);
  return sql.join([...sys, ...table.table.columns.map((c) => columnSelect(alias, c))], sql`, `);
}

/** A database row as the API's record: logical keys, numbers as numbers, `$view` companions. */
export function mapRow(table: ModelTable, raw: Record<string, unknown>, child = false): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const n of child ? CHILD_SYSTEM : MAIN_SYSTEM) {
    const v = raw[n];
    out[n] = v === null || v === undefined ? null : n === 'create_by' || v instanceof Date ? v : Number(v);
  }
  if (!child) out.sysStatus = out.sys_status;
  for (const c of table.table.columns) {
    const v = raw[c.name];
    out[c.field + ROLE_SUFFIX[c.role]] = v === null || v === undefined ? null : c.kind === 'numeric' ? Number(v) : v;
  }
  return out;
}
