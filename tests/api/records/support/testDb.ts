/** A migrated database for records tests that need no app (PGlite, or PostgreSQL in api-pg). */
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../../../src/server/db/openDatabase.js';
import { migrate } from '../../../../src/server/db/migrate.js';
import { createTestDatabase } from '../../support/testDatabase.js';

export interface TestDb {
  database: AppDatabase;
  db: Kysely<any>;
  close(): Promise<void>;
}

/** Opens and migrates a database of its own (dropped again on close for PostgreSQL). */
export async function openTestDb(): Promise<TestDb> {
  const database = await createTestDatabase();
  await migrate(database.db);
  return { database, db: database.db, close: () => database.close() };
}

/** Inserts a tenant row and returns its id. */
export async function addTenant(db: Kysely<any>, code: string): Promise<number> {
  const r = await db.insertInto('tenants').values({ code, name: code }).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}
