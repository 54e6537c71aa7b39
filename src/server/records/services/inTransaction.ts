/** Runs `fn` in the caller's transaction when there is one, else in a new one (seed steps nest). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** `db.transaction()` cannot nest in Kysely; a transaction passed in is simply reused. */
export function inTransaction<T>(db: Kysely<Database>, fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
