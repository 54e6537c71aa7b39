/** Runs `fn` in the caller's transaction when there is one, else in a new one (seed steps nest). */
import type { Kysely } from 'kysely';

/** `db.transaction()` cannot nest in Kysely; a transaction passed in is simply reused. */
export function inTransaction<T>(db: Kysely<any>, fn: (trx: Kysely<any>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
