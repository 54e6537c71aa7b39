/** Runs the numbered migrations not yet applied, each in its own transaction. */
import { sql, type Kysely } from 'kysely';
import type { Database } from './types.js';
import { migrations as allMigrations, type Migration } from './migrations/index.js';

/** Arbitrary constant for pg_advisory_xact_lock: one migrator at a time across instances. */
const MIGRATION_LOCK = 7_420_001;

/** Applies pending migrations in id order; returns the ids it applied. */
export async function migrate(db: Kysely<Database>, migrations: Migration[] = allMigrations): Promise<number[]> {
  const ids = migrations.map((m) => m.id);
  if (new Set(ids).size !== ids.length) throw new Error(`Duplicate migration ids: ${ids.join(', ')}`);
  const ordered = [...migrations].sort((a, b) => a.id - b.id);
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    id int PRIMARY KEY, name text NOT NULL, applied_time timestamptz NOT NULL DEFAULT now())`.execute(db);
  const applied: number[] = [];
  for (const m of ordered) {
    const done = await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
      const row = await trx.selectFrom('schema_migrations').select('id').where('id', '=', m.id).executeTakeFirst();
      if (row) return false;
      await m.up(trx);
      await trx.insertInto('schema_migrations').values({ id: m.id, name: m.name }).execute();
      return true;
    });
    if (done) applied.push(m.id);
  }
  return applied;
}
