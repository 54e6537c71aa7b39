/**
 * A fresh database for one test file: PGlite in memory by default; with FORMWORK_TEST_DB=postgres
 * and TEST_DATABASE_URL, a randomly named database on that server, dropped on close.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { openDatabase, type AppDatabase } from '../../../src/server/db/openDatabase.js';
import { sqlRolePrefix } from '../../../src/server/records/storage/sqlRoles.js';
import { seededPglite, seededPostgres } from './seededTemplate.js';

/**
 * A fresh PGlite costs ~3–9 s of initdb here; loading a dump of a freshly initialised one costs
 * ~1 s. The dump is cached in the temp folder, keyed by the PGlite version.
 */
async function pgliteTemplate(): Promise<Blob> {
  const pkg = new URL('../../../node_modules/@electric-sql/pglite/package.json', import.meta.url);
  const version = (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
  const file = join(tmpdir(), `formwork-pglite-template-${version}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const fresh = await PGlite.create('memory://', { extensions: { pg_trgm } });
  const dump = await fresh.dumpDataDir('none');
  await fresh.close();
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

/** 'postgres' when the run targets the PostgreSQL server, else 'pglite'. */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.FORMWORK_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

function testServerUrl(): string {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('FORMWORK_TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
  return adminUrl;
}

const openPostgres = (url: string) => openDatabase({ kind: 'postgres', url, max: 5 });

/** Opens an empty database (no migrations); close() also drops the PostgreSQL database. */
export async function createTestDatabase(): Promise<AppDatabase> {
  if (testDatabaseKind() === 'pglite') return openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: await pgliteTemplate() });
  return createPostgresDatabase(null);
}

/**
 * A migrated database seeded with the demo data (admin password `password`), copied from the
 * template of seededTemplate.ts; `filesDir` holds the demo files its records name.
 */
export async function createSeededTestDatabase(password: string): Promise<{ database: AppDatabase; filesDir: string }> {
  if (testDatabaseKind() === 'pglite') {
    const { dump, filesDir } = await seededPglite(password);
    return { database: await openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: dump }), filesDir };
  }
  const template = await seededPostgres(password, testServerUrl(), openPostgres);
  return { database: await createPostgresDatabase(template.database ?? null), filesDir: template.filesDir };
}

async function createPostgresDatabase(template: string | null): Promise<AppDatabase> {
  const adminUrl = testServerUrl();
  const name = `formwork_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  const closeInner = database.close;
  let closed = false;
  return {
    ...database,
    async close() {
      if (closed) return;
      closed = true;
      await closeInner();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        // The `$sql` roles are cluster-wide; their names carry this database's hash, so these are its own.
        const roles = await c.query<{ rolname: string }>('SELECT rolname FROM pg_roles WHERE starts_with(rolname, $1)', [sqlRolePrefix(name)]);
        for (const { rolname } of roles.rows) {
          if (/^[a-z0-9_]+$/.test(rolname)) await c.query(`DROP ROLE IF EXISTS ${rolname}`).catch(() => {});
        }
      } finally {
        await c.end();
      }
    },
  };
}
