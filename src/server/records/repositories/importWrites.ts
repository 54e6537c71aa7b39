/** Batched multi-row inserts of imported records (one statement per batch, inside the import's transaction). */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FormModel, ModelTable } from '../query/formModel.js';
import type { ColumnValues } from '../write/coerceRow.js';
import type { WriteMeta } from './recordWrites.js';

/** PostgreSQL binds at most 65,535 parameters a statement; stay well below. */
const MAX_PARAMS = 30_000;

/** One multi-row INSERT per slice of at most MAX_PARAMS parameters; a column a row lacks takes its default. */
async function insertRows(trx: Kysely<Database>, table: RawBuilder<unknown>, fixedNames: string[], rows: { fixed: unknown[]; values: ColumnValues }[]): Promise<void> {
  if (!rows.length) return;
  const cols = [...new Set(rows.flatMap((r) => [...r.values.keys()]))];
  const per = Math.max(1, Math.floor(MAX_PARAMS / (cols.length + fixedNames.length)));
  const names = sql.join([...fixedNames, ...cols].map((c) => sql.id(c)));
  for (let i = 0; i < rows.length; i += per) {
    const values = rows.slice(i, i + per).map((r) => sql`(${sql.join([
      ...r.fixed.map((v) => sql`${v}`),
      ...cols.map((c): RawBuilder<unknown> => (r.values.has(c) ? r.values.get(c) ?? sql`NULL` : sql`DEFAULT`)),
    ])})`);
    await sql`INSERT INTO ${table} (${names}) VALUES ${sql.join(values)}`.execute(trx);
  }
}

/**
 * Inserts main rows. With `ids` (reserved by reserveIds) each row gets its id, so sub-rows can
 * name their parent without relying on the order of a RETURNING list. Answers how many went in.
 */
export async function insertMainRows(trx: Kysely<Database>, m: FormModel, rows: ColumnValues[], meta: WriteMeta, status: number, ids?: number[]): Promise<number> {
  const names = ['tenant_id', 'sys_status', 'create_by', 'create_user_id', 'create_dept_id', 'update_by'];
  const fixed = [meta.tenantId, status, meta.userName, meta.userId, meta.deptId, meta.userName];
  await insertRows(trx, sql.id(m.schema, m.main.table.name), ids ? ['id', ...names] : names, rows.map((values, i) => ({ fixed: ids ? [ids[i], ...fixed] : fixed, values })));
  return rows.length;
}

/** Takes `n` ids from the main table's identity sequence. */
export async function reserveIds(trx: Kysely<Database>, m: FormModel, n: number): Promise<number[]> {
  const table = `${JSON.stringify(m.schema)}.${JSON.stringify(m.main.table.name)}`;
  const r = await sql<{ id: string }>`SELECT nextval(pg_get_serial_sequence(${table}, 'id')) AS id FROM generate_series(1, ${n})`.execute(trx);
  return r.rows.map((x) => Number(x.id));
}

/** Inserts sub-form rows under their parents, in sheet order. */
export async function insertChildRows(trx: Kysely<Database>, m: FormModel, sub: ModelTable, tenantId: number, rows: { parentId: number; order: number; values: ColumnValues }[]): Promise<void> {
  await insertRows(trx, sql.id(m.schema, sub.table.name), ['tenant_id', 'parent_id', 'row_order'], rows.map((r) => ({ fixed: [tenantId, r.parentId, r.order], values: r.values })));
}
