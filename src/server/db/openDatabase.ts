/** Opens the database: PGlite in a data directory (or in memory), or a PostgreSQL server. */
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { acquireDataDirLock } from './lockFile.js';
import { installTypeParsers } from './typeParsers.js';
import { batchedPgConfig } from './pgliteConnection.js';
import { registerPool } from './preparedQuery.js';
import type { Database } from './types.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** An open database: the Kysely instance, its kind, and how to close it (and release the lock). */
export interface AppDatabase {
  kind: DatabaseKind;
  db: Kysely<Database>;
  /** The underlying pool (for streaming queries through pg-style cursors). */
  pool: pg.Pool;
  /** PostgreSQL only: the server URL (the `$sql` pools sign in to it as their own roles). */
  url?: string;
  close(): Promise<void>;
}

export type OpenOptions =
  | { kind: 'pglite'; dataDir: string | null; /** A dump to start an in-memory database from (tests). */ loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; max?: number };

/** Picks PostgreSQL when a URL is configured, else PGlite in dataDir. */
export function openOptionsFromConfig(config: { databaseUrl: string | null; dataDir: string }): OpenOptions {
  return config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir };
}

/**
 * A PostgreSQL pool and its Kysely instance, checked with one query; `variable` names the setting
 * in the error, so a bad URL stops the start with a message that says which one.
 */
export async function connectPostgres(config: pg.PoolConfig, variable: string): Promise<{ db: Kysely<Database>; pool: pg.Pool }> {
  const pool = new pg.Pool(config);
  // An idle connection the server closed: the pool drops it; the next query opens another.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  registerPool(db, pool);
  try {
    await pool.query('SELECT 1');
  } catch (err) {
    await db.destroy().catch(() => {});
    throw new Error(`Cannot reach the PostgreSQL server of ${variable}: ${(err as Error).message}`);
  }
  return { db, pool };
}

/**
 * PGlite's own start parameters, and wal_init_zero off: a commit that crossed into a new 16 MB
 * WAL segment first zero-filled the whole segment file, inside that commit and on the API's
 * thread — 0.5–5 s during which every tenant's request waited (issue 26 item 4: the longest wait
 * of another tenant during an import, found by the `jobs` bench's wait probe; ADR 1074). The
 * segment is now created without the zeroes, as PostgreSQL allows where they buy nothing (PGlite
 * runs with fsync off). Set at start, so DISCARD ALL (the $sql sandbox) keeps it.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off'];

/** Opens PGlite (dataDir null = in memory; a directory is guarded by a lock file) or PostgreSQL. */
export async function openDatabase(options: OpenOptions): Promise<AppDatabase> {
  installTypeParsers();
  if (options.kind === 'postgres') {
    const { db, pool } = await connectPostgres({ connectionString: options.url, max: options.max ?? 10 }, 'DATABASE_URL');
    return { kind: 'postgres', db, pool, url: options.url, close: () => db.destroy() };
  }
  const release = options.dataDir ? acquireDataDirLock(options.dataDir) : () => {};
  let pglite: PGlite | undefined;
  try {
    pglite = await PGlite.create(options.dataDir ?? 'memory://', {
      extensions: { pg_trgm }, startParams: PGLITE_START_PARAMS, ...(options.loadDataDir && !options.dataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    const pool = new pg.Pool(batchedPgConfig(pglite));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const lite = pglite;
    let closed = false;
    return {
      kind: 'pglite',
      db,
      pool,
      async close() {
        if (closed) return;
        closed = true;
        try {
          await db.destroy();
          await lite.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    await pglite?.close().catch(() => {});
    release();
    throw err;
  }
}
