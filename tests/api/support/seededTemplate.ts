/**
 * A migrated and seeded database that test apps copy instead of migrating and seeding their own
 * (~2–3 s a test app on an idle 2-core machine, twice that under load, about a hundred times a run).
 *
 * Built once per state of the sources: the key hashes everything the migrations and the demo seed
 * read (src/server, src/shared, schema-adapters, fixtures), the PGlite version and the day (the
 * seed dates samples from today), so a change to any of them builds a new template on the next run. PGlite: a dump in the temp folder, loaded into
 * a fresh in-memory database. PostgreSQL: a template database on the test server, copied with
 * `CREATE DATABASE … TEMPLATE`. The demo files the seed writes sit in a folder beside it, copied
 * into each app's data folder.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { bcryptCost } from '../../../src/server/auth/bcryptCost.js';
import { migrate } from '../../../src/server/db/migrate.js';
import { openDatabase, type AppDatabase } from '../../../src/server/db/openDatabase.js';
import { localFileStore } from '../../../src/server/files/localFileStore.js';
import { runSeed } from '../../../src/server/services/seed/index.js';
import { withoutTarEntries } from './withoutTarEntries.js';

const root = resolve(import.meta.dirname, '../../..');
// This builder itself too: a change to how the template is made must not reuse an old one.
const SOURCES = [
  'src/server',
  'src/shared',
  'schema-adapters',
  'fixtures',
  'node_modules/@electric-sql/pglite/package.json',
  'tests/api/support/seededTemplate.ts',
  'tests/api/support/withoutTarEntries.ts',
];

function addTree(hash: ReturnType<typeof createHash>, path: string): void {
  if (!existsSync(path)) return;
  const st = statSync(path);
  if (!st.isDirectory()) {
    if (/\.test\.tsx?$/.test(path)) return;
    hash.update(path.slice(root.length));
    hash.update(readFileSync(path));
    return;
  }
  for (const entry of readdirSync(path).sort()) addTree(hash, join(path, entry));
}

let key: string | undefined;
/** The hash of the sources a seeded database depends on, and the password and bcrypt cost it was seeded with. */
function templateKey(password: string): string {
  if (!key) {
    const hash = createHash('sha1');
    for (const source of SOURCES) addTree(hash, join(root, source));
    // The seed dates sample records and announcements from today.
    hash.update(new Date().toDateString());
    key = hash.digest('hex').slice(0, 12);
  }
  return `${key}_${createHash('sha1').update(`${password}:${bcryptCost()}`).digest('hex').slice(0, 4)}`;
}

/** Migrates and seeds `database`, writing the demo files under `filesDir`. */
async function migrateAndSeed(database: AppDatabase, password: string, filesDir: string): Promise<void> {
  await migrate(database.db);
  await runSeed(database.db, { adminPassword: password, files: localFileStore(filesDir) });
}

/** Moves a finished temp folder or file into place; another worker may have finished first. */
function settle(partial: string, final: string): void {
  try {
    renameSync(partial, final);
  } catch {
    rmSync(partial, { recursive: true, force: true });
  }
}

/**
 * The data folder of `lite` as a tar, without what every copy would load for nothing. VACUUM FREEZE
 * sets the rows' hint bits once here (else each test app's first reads set them and rewrite the
 * pages), and after a CHECKPOINT only the WAL segment holding the checkpoint is needed: PostgreSQL
 * keeps 16 MB segments it has finished or recycled for later, half the 71 MB dump before (issue 29).
 */
async function compactDump(lite: PGlite): Promise<Buffer> {
  // One statement per call: several in one run as a transaction, which VACUUM refuses.
  await lite.exec('VACUUM (FREEZE)');
  await lite.exec('CHECKPOINT');
  const { rows } = await lite.query<{ redo: string; current: string }>(
    'SELECT pg_walfile_name(redo_lsn) AS redo, pg_walfile_name(pg_current_wal_lsn()) AS current FROM pg_control_checkpoint()',
  );
  const { redo, current } = rows[0];
  const dump = Buffer.from(await (await lite.dumpDataDir('none')).arrayBuffer());
  return withoutTarEntries(dump, (name) => {
    const segment = /(?:^|\/)pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1];
    return segment !== undefined && (segment < redo || segment > current);
  });
}

export interface SeededTemplate {
  /** The demo files the seed wrote (a `files` folder's content). */
  filesDir: string;
  /** PGlite: the dump to load. */
  dump?: Blob;
  /** PostgreSQL: the template database's name. */
  database?: string;
}

/**
 * Waits until `ready()` or until this process holds the lock folder `lock` (mkdir is atomic), then
 * runs `build` unless another process finished it meanwhile. `npm test` runs two vitest processes
 * (scripts/test.mjs), and both set up the template at start: one builds, the other waits for it.
 * A lock older than 20 minutes is taken to be left by a killed run.
 */
async function buildOnce(lock: string, ready: () => boolean, build: () => Promise<void>): Promise<void> {
  for (;;) {
    if (ready()) return;
    try {
      mkdirSync(lock);
    } catch {
      const age = existsSync(lock) ? Date.now() - statSync(lock).mtimeMs : 0;
      if (age > 20 * 60_000) rmSync(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    try {
      if (!ready()) await build();
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
    return;
  }
}

/** The seeded PGlite dump, built on first use. */
export async function seededPglite(password: string): Promise<SeededTemplate> {
  // One folder holding the dump and the files the seed wrote, renamed into place whole: a dump
  // never meets the files of another build (their keys differ from build to build).
  const base = join(tmpdir(), `formwork-seeded-pglite-${templateKey(password)}`);
  const dumpFile = join(base, 'dump.tar');
  const filesDir = join(base, 'files');
  await buildOnce(`${base}.lock`, () => existsSync(dumpFile), async () => {
    const building = mkdtempSync(`${base}-building-`);
    // Seeded in a data folder of its own, then reopened bare to dump it.
    const dataDir = join(building, 'pgdata');
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await migrateAndSeed(database, password, join(building, 'files'));
    } finally {
      await database.close();
    }
    const lite = await PGlite.create(dataDir, { extensions: { pg_trgm } });
    try {
      writeFileSync(join(building, 'dump.tar'), await compactDump(lite));
    } finally {
      await lite.close();
    }
    rmSync(dataDir, { recursive: true, force: true });
    settle(building, base);
  });
  return { filesDir, dump: new Blob([readFileSync(dumpFile)]) };
}

const TEMPLATE_LOCK = 7420099;

/**
 * The seeded template database on the PostgreSQL server at `adminUrl` (built on first use, one
 * builder at a time across workers); templates no run has used for a day are dropped.
 */
export async function seededPostgres(password: string, adminUrl: string, open: (url: string) => Promise<AppDatabase>): Promise<SeededTemplate> {
  const name = `formwork_tpl_${templateKey(password)}`;
  const filesDir = join(tmpdir(), `${name}-files`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const ready = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate', [name]);
    if (ready.rowCount === 1 && existsSync(filesDir)) {
      await admin.query(`COMMENT ON DATABASE ${name} IS '${Date.now()}'`);
      return { filesDir, database: name };
    }
    // Leftovers: an interrupted build of this key, and templates no run has used for a day (other
    // checkouts on the same server keep theirs: each template notes when it was last used).
    const others = await admin.query<{ datname: string; note: string | null }>(
      "SELECT datname, shobj_description(oid, 'pg_database') AS note FROM pg_database WHERE datname LIKE 'formwork\\_tpl\\_%'",
    );
    for (const { datname, note } of others.rows) {
      const stale = datname === name || !(Number(note) > Date.now() - 24 * 3600_000);
      if (!stale || !/^formwork_tpl_[a-z0-9_]+$/.test(datname)) continue;
      await admin.query(`ALTER DATABASE ${datname} IS_TEMPLATE false`).catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
    }
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const building = mkdtempSync(`${filesDir}-building-`);
    const database = await open(url.toString());
    try {
      await migrateAndSeed(database, password, join(building, 'files'));
      const roles = await database.db.selectFrom('sql_roles' as any).select('tenant_id' as any).execute();
      // A `$sql` role made here would carry the template's name into every copy (sqlRoles.ts).
      if (roles.length > 0) throw new Error('the seed created $sql roles; a template cannot carry them');
    } finally {
      await database.close();
    }
    rmSync(filesDir, { recursive: true, force: true });
    settle(join(building, 'files'), filesDir);
    rmSync(building, { recursive: true, force: true });
    await admin.query(`COMMENT ON DATABASE ${name} IS '${Date.now()}'`);
    await admin.query(`ALTER DATABASE ${name} IS_TEMPLATE true`);
    return { filesDir, database: name };
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    await admin.end();
  }
}
