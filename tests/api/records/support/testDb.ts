/** A migrated database for records tests: PGlite in memory, or a fresh PostgreSQL database. */
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { openDatabase, type AppDatabase } from '../../../../src/server/db/openDatabase.js';
import { migrate } from '../../../../src/server/db/migrate.js';
import { migrations } from '../../../../src/server/db/migrations/index.js';
import { m100Records } from '../../../../src/server/records/migrations/100_records.js';

/** Every migration, including the records engine's even before the index lists it. */
const all = migrations.some((m) => m.id === m100Records.id) ? migrations : [...migrations, m100Records];

export interface TestDb {
  database: AppDatabase;
  db: Kysely<any>;
  close(): Promise<void>;
}

/** Opens and migrates a database of its own; TEST_DATABASE_URL selects PostgreSQL. */
export async function openTestDb(): Promise<TestDb> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    await migrate(database.db, all);
    return { database, db: database.db, close: () => database.close() };
  }
  const name = `fw_records_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: u.toString() });
  await migrate(database.db, all);
  return {
    database,
    db: database.db,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Inserts a tenant row and returns its id. */
export async function addTenant(db: Kysely<any>, code: string): Promise<number> {
  const r = await db.insertInto('tenants').values({ code, name: code }).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}
