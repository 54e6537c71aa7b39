/** The readiness facts of GET /api/health: does the database answer, and which known migrations are not applied. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { migrations } from '../db/migrations/index.js';

/** How long the check waits for the database before calling it unreachable. */
const DB_TIMEOUT_MS = 3000;

export interface Readiness {
  /** 'ok', or 'unreachable: …'. */
  database: string;
  /** Ids of this build's migrations the database has not applied. */
  pending: number[];
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms))),
  ]);
}

export async function readiness(db: Kysely<Database>): Promise<Readiness> {
  const known = migrations.map((m) => m.id).sort((x, y) => x - y);
  try {
    const applied = await withTimeout(sql<{ id: number }>`SELECT id FROM schema_migrations`.execute(db), DB_TIMEOUT_MS);
    const done = new Set(applied.rows.map((r) => Number(r.id)));
    return { database: 'ok', pending: known.filter((id) => !done.has(id)) };
  } catch (err) {
    // A database never migrated has no schema_migrations yet: reachable, nothing applied.
    if ((err as { code?: string }).code === '42P01') return { database: 'ok', pending: known };
    return { database: `unreachable: ${(err as Error).message}`, pending: [] };
  }
}
