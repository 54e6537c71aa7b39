/** Batched multi-row inserts of imported records (one statement per batch, inside the import's transaction). */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FormModel } from '../query/formModel.js';
import type { ColumnValues } from '../write/coerceRow.js';
import type { WriteMeta } from './recordWrites.js';

/** PostgreSQL binds at most 65,535 parameters a statement; stay well below. */
const MAX_PARAMS = 30_000;

/** Inserts main rows; a column a row lacks takes its default. Answers how many went in. */
export async function insertMainRows(trx: Kysely<Database>, m: FormModel, rows: ColumnValues[], meta: WriteMeta, status: number): Promise<number> {
  if (!rows.length) return 0;
  const cols = [...new Set(rows.flatMap((r) => [...r.keys()]))];
  const fixed = [sql`${meta.tenantId}`, sql`${status}`, sql`${meta.userName}`, sql`${meta.userId}`, sql`${meta.deptId}`, sql`${meta.userName}`];
  const per = Math.max(1, Math.floor(MAX_PARAMS / (cols.length + fixed.length)));
  const names = sql.join(['tenant_id', 'sys_status', 'create_by', 'create_user_id', 'create_dept_id', 'update_by', ...cols].map((c) => sql.id(c)));
  for (let i = 0; i < rows.length; i += per) {
    const values = rows.slice(i, i + per).map((r) => sql`(${sql.join([...fixed, ...cols.map((c): RawBuilder<unknown> => (r.has(c) ? r.get(c) ?? sql`NULL` : sql`DEFAULT`))])})`);
    await sql`INSERT INTO ${sql.id(m.schema, m.main.table.name)} (${names}) VALUES ${sql.join(values)}`.execute(trx);
  }
  return rows.length;
}
