/** Keeps a form table's indexes equal to what its columns ask for (btree, trigram or GIN). */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { StorageTable } from './types.js';

/** Index names carry the form id, column id, role and method, so a retype replaces them. */
function indexName(formId: number, columnId: number, role: string, method: string): string {
  return `ix_f${formId}_c${columnId}_${role}_${method}`;
}

/**
 * Drops the indexes no column wants any more (before columns are retyped: a trigram index
 * would block a change to numeric), or, with `create`, adds the missing ones (afterwards).
 */
export async function syncIndexes(trx: Kysely<Database>, schema: string, formId: number, table: StorageTable, create: boolean): Promise<void> {
  const wanted = new Map<string, () => Promise<unknown>>();
  const t = sql.id(schema, table.name);
  for (const c of table.columns) {
    if (!c.index) continue;
    const name = indexName(formId, c.columnId, c.role, c.index);
    const col = sql.id(c.name);
    wanted.set(name, () => c.index === 'trgm'
      ? sql`CREATE INDEX ${sql.id(name)} ON ${t} USING gin (${col} gin_trgm_ops)`.execute(trx)
      // jsonb_ops serves `@>` (a list containing one of the searched values).
      : c.index === 'gin' ? sql`CREATE INDEX ${sql.id(name)} ON ${t} USING gin (${col})`.execute(trx)
      // (col, id) serves sorting with the id tiebreak in both directions.
      : sql`CREATE INDEX ${sql.id(name)} ON ${t} (${col}, id)`.execute(trx));
  }
  if (table.columnId === 0) {
    // Tree rows: haveSub and child lists look records up by their parent record.
    const name = `ix_f${formId}_pid`;
    wanted.set(name, () => sql`CREATE INDEX ${sql.id(name)} ON ${t} (pid) WHERE pid IS NOT NULL`.execute(trx));
    // 创建时间 is the column lists are most often sorted by after the default (id): without this a
    // sorted page is a top-N sort of the whole table (ADR 0930 addendum).
    const created = `ix_f${formId}_ctime`;
    wanted.set(created, () => sql`CREATE INDEX ${sql.id(created)} ON ${t} (create_time, id)`.execute(trx));
    // The data scopes (数据权限, ADR 1040) are `create_user_id = $1 OR create_dept_id = ANY($2)`:
    // one btree each lets PostgreSQL answer the OR by a bitmap of both instead of a full scan.
    // (An owner field's column, ADR 1041, is a single user / dept value: its sortable btree serves it.)
    for (const [suffix, column] of [['cuser', 'create_user_id'], ['cdept', 'create_dept_id']] as const) {
      const name = `ix_f${formId}_${suffix}`;
      wanted.set(name, () => sql`CREATE INDEX IF NOT EXISTS ${sql.id(name)} ON ${t} (${sql.id(column)})`.execute(trx));
    }
  }
  const existing = await sql<{ indexname: string }>`
    SELECT indexname FROM pg_indexes WHERE schemaname = ${schema} AND indexname LIKE ${`ix\\_f${formId}\\_%`}`.execute(trx);
  const have = new Set(existing.rows.map((r) => r.indexname));
  if (!create) {
    for (const name of have) if (!wanted.has(name)) await sql`DROP INDEX ${sql.id(schema, name)}`.execute(trx);
    return;
  }
  for (const [name, make] of wanted) if (!have.has(name)) await make();
}
