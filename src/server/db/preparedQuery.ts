/**
 * A hot, fixed-text query as a named prepared statement: PostgreSQL parses and plans it once per
 * connection and then reuses the plan (for the auth lookup, planning cost ~0.5 ms of ~0.65 ms; for
 * a user's data-scope facts ~1 ms of ~1.2 ms). Only for queries whose SQL text is a constant of the
 * code (the name is derived from the text, so a changed text is a new statement); values stay
 * bound parameters.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { CompiledQuery, Kysely, RawBuilder } from 'kysely';
import type { Database } from './types.js';

const names = new Map<string, string>();

function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `fw_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    if (names.size > 200) names.clear();
    names.set(text, name);
  }
  return name;
}

/** Runs a compiled query through the pool as a named prepared statement; its rows. */
export async function preparedQuery<R>(pool: pg.Pool, compiled: CompiledQuery<R>): Promise<R[]> {
  const r = await pool.query({ name: statementName(compiled.sql), text: compiled.sql, values: [...compiled.parameters] });
  return r.rows as R[];
}

/** PostgreSQL pools behind their Kysely handles (the primary and a read replica each). */
const pools = new WeakMap<object, pg.Pool>();

/**
 * Lets `runPrepared` send named statements through `pool` for queries on `db`. Only PostgreSQL
 * handles are registered: PGlite's connection already keeps every text it is sent twice as a
 * prepared statement (pgliteConnection.ts, ADR 0308).
 */
export function registerPool(db: object, pool: pg.Pool): void {
  pools.set(db, pool);
}

/**
 * A fixed-text query's rows: as a named prepared statement when `db` is a registered PostgreSQL
 * handle, else as usual (PGlite, and a transaction, which is another handle and must use its own
 * connection).
 */
export async function runPrepared<R>(db: Kysely<Database>, query: RawBuilder<R>): Promise<R[]> {
  const compiled = query.compile(db);
  const pool = pools.get(db);
  return pool ? preparedQuery(pool, compiled) : (await db.executeQuery(compiled)).rows;
}
