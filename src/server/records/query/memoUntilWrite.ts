/**
 * Read answers reused on a database only this process writes, until its next write (ADR 0307).
 *
 * On PGlite the engine runs on the API's own thread and every list request's SQL is paid there;
 * a repeated list (the same page refreshed, several users on one list) needs no SQL at all when
 * nothing was written since: the write clock (db/writeClock.ts) counts every statement that may
 * write, so an answer computed while the clock stood still is exactly what the query would answer
 * now. A value is kept only when the clock did not move while it was computed (a write that
 * interleaved may or may not be in it), never inside a transaction (its own writes), and the
 * caller gets its own copy. PostgreSQL has other writers (processes, psql) and no clock: nothing
 * is memoised there (the count cache of ADR 0931 checks the database's generation instead).
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { writeClockOf } from '../../db/writeClock.js';
import { stableSql } from './countCache.js';

/** Answers kept per database handle; the least recently used goes first. */
export const MEMO_MAX = 2000;

interface Kept {
  writes: number;
  value: unknown;
}

const memos = new WeakMap<object, Map<string, Kept>>();
const stats = { hits: 0, misses: 0 };

/** Hits and misses since the process started (tests read it). */
export function memoStats(): Readonly<typeof stats> {
  return { ...stats };
}

/**
 * A key for a statement's SQL, its parameters and `parts`: a hash, so long SQL does not stay in
 * memory; null when the SQL reads something that moves without a write (now(), current_user …).
 */
export function memoKey(sqlText: string, parameters: readonly unknown[], ...parts: unknown[]): string | null {
  if (!stableSql(sqlText)) return null;
  return createHash('sha256').update(JSON.stringify([sqlText, parameters, ...parts])).digest('base64');
}

/**
 * `compute()`'s answer, or the one kept under `key` while nothing was written since it was
 * computed. `copy` gives each caller an object of its own. `key` is called only where answers are
 * kept (PGlite, outside a transaction): on PostgreSQL compiling and hashing the SQL would be work
 * every request pays for nothing.
 */
export async function memoUntilWrite<T>(db: Kysely<Database>, key: () => string | null, compute: () => Promise<T>, copy: (v: T) => T): Promise<T> {
  const clock = writeClockOf(db);
  if (!clock || db.isTransaction) return compute();
  const k = key();
  if (!k) return compute();
  let memo = memos.get(db);
  if (!memo) { memo = new Map(); memos.set(db, memo); }
  const writes = clock();
  const kept = memo.get(k);
  if (kept && kept.writes === writes) {
    stats.hits++;
    memo.delete(k);
    memo.set(k, kept);
    return copy(kept.value as T);
  }
  stats.misses++;
  const value = await compute();
  if (clock() === writes) {
    memo.delete(k);
    memo.set(k, { writes, value: copy(value) });
    if (memo.size > MEMO_MAX) memo.delete(memo.keys().next().value as string);
  }
  return value;
}
