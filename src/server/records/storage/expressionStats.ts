/**
 * Statistics on the text of single-valued jsonb columns (select, radio, user … fields), which the
 * list compares as `(col #>> '{}') = ANY(…)`. Without them the planner guesses 0.5 % for any
 * such filter (5,000 of a million rows where 200,000 match), and the smart total then counts up to
 * 10,001 rows on every request instead of answering the flagged estimate (ADR 0930).
 * Dropped before a retype (like indexes: a statistics object is rebuilt on ALTER TYPE and
 * `text #>> '{}'` would fail), created afterwards; ANALYZE fills them.
 */
import { sql, type Kysely } from 'kysely';
import type { StorageTable } from './types.js';
import type { Database } from '../../db/types.js';

const statName = (formId: number, columnId: number, role: string) => `st_f${formId}_c${columnId}_${role}_jtext`;

/** Drops the statistics no column wants any more, or, with `create`, adds the missing ones. */
export async function syncExpressionStats(trx: Kysely<Database>, schema: string, formId: number, table: StorageTable, create: boolean): Promise<void> {
  const wanted = new Map<string, string>();
  for (const c of table.columns) if (c.kind === 'jsonb') wanted.set(statName(formId, c.columnId, c.role), c.name);
  const existing = await sql<{ name: string }>`
    SELECT s.stxname AS name FROM pg_statistic_ext s JOIN pg_namespace n ON n.oid = s.stxnamespace
    WHERE n.nspname = ${schema} AND s.stxname LIKE ${`st\\_f${formId}\\_%`}`.execute(trx);
  const have = new Set(existing.rows.map((r) => r.name));
  if (!create) {
    for (const name of have) if (!wanted.has(name)) await sql`DROP STATISTICS ${sql.id(schema, name)}`.execute(trx);
    return;
  }
  for (const [name, column] of wanted) {
    if (have.has(name)) continue;
    await sql`CREATE STATISTICS ${sql.id(schema, name)} ON ((${sql.id(column)} #>> '{}')) FROM ${sql.id(schema, table.name)}`.execute(trx);
  }
}
