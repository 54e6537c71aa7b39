/**
 * Table upkeep after a bulk write (an import), ADR 0930: `VACUUM (ANALYZE)` at once rather than
 * whenever autovacuum comes by. ANALYZE keeps the planner's row estimates (the flagged totals of
 * filtered lists) true to the new data; VACUUM sets the new pages all-visible in the visibility
 * map, so exact counts over an index run index-only instead of visiting the heap.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** Below this many written rows autovacuum's own thresholds are soon enough. */
export const BULK_WRITE_ROWS = 1000;

/**
 * Vacuums and analyzes a table after `rows` were written in bulk; outside any transaction
 * (VACUUM cannot run in one). Best effort: a failure is logged by the caller, never fatal —
 * the data is already committed.
 */
export async function afterBulkWrite(db: Kysely<Database>, schema: string, table: string, rows: number): Promise<boolean> {
  if (rows < BULK_WRITE_ROWS) return false;
  await sql`VACUUM (ANALYZE) ${sql.id(schema, table)}`.execute(db);
  return true;
}
