/**
 * Exact counts and aggregates reused while the table has not been written (ADR 0931).
 *
 * A filtered exact total or a `getCalcdValue` sum is a pure function of the SQL, its parameters
 * and the committed rows the statement's snapshot sees. Every committed write to a form's main
 * table moves the form's write generation (storage/rowCounts.ts: `sum(w)` over the counter's
 * deltas, kept by the same statement-level triggers, UPDATE included, and moved by definition
 * saves), and within one server the snapshots are nested (each sees every transaction an earlier
 * one saw), so two snapshots that read the same generation see the same committed writes. So:
 * - on a miss the value and the generation are read **in one statement** (one snapshot) and kept
 *   as (generation, value);
 * - a later request reads the generation alone (one index read of a handful of rows); when it
 *   equals the kept one, the kept value is the exact answer for that request's snapshot, with no
 *   staleness window; otherwise the value is computed again the same way.
 *
 * What is never cached: reads inside a transaction (its own uncommitted writes would be seen under
 * a generation others also reach), forms without a counter (type-2 views, unbuilt forms), queries
 * that read another table (sub-form conditions: their tables have no generation; the caller says
 * so) or call something that changes without a write (now(), current_user …: refused by name).
 * The cache is per process and per database handle (the primary and the read replica each have
 * their own, since a replica applies commits in WAL order, which is not the primary's visibility
 * order); other processes write freely, since validity is checked against the database each time.
 * Memory: an LRU of at most MAX_ENTRIES keys, each a hash of the SQL and its parameters.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/types.js';
import { generationQuery, generationText, generationTextSql, type GenerationRow } from '../storage/rowCounts.js';

/** The table whose generation guards a cached value. */
export interface CacheSource {
  formId: number;
  schema: string;
  table: string;
}

/** Entries per database handle. */
export const MAX_ENTRIES = 20_000;

interface Entry {
  gen: string;
  value: unknown;
}

const caches = new WeakMap<object, Map<string, Entry>>();
const stats = { hits: 0, misses: 0, uncached: 0 };

/** Hits, misses (computed and kept) and uncached reads since the process started (tests and the bench read it). */
export function countCacheStats(): Readonly<typeof stats> {
  return { ...stats };
}

/** Functions and keywords whose value moves without a write, outside quoted identifiers and literals. */
const UNSTABLE = /\b(now|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|random|current_setting|nextval|currval|setval|txid_current|pg_current_xact_id|age|to_regclass)\s*\(|\b(current_date|current_time|current_timestamp|localtime|localtimestamp|current_user|session_user|current_role|current_schema)\b/i;

/** Whether a statement's answer can only change through a write (no clock, no session state). */
export function stableSql(text: string): boolean {
  return !UNSTABLE.test(text.replace(/"(?:[^"]|"")*"|'(?:[^']|'')*'/g, ' '));
}

function cacheOf(db: Kysely<Database>): Map<string, Entry> {
  let c = caches.get(db);
  if (!c) { c = new Map(); caches.set(db, c); }
  return c;
}

/** The generation's numeric part (sum of weights), for keeping the newer of two racing answers. */
const weight = (gen: string) => Number(gen.slice(gen.indexOf(':') + 1));

/**
 * The cache key of a compiled statement under `source`, or null when its answer may not be kept
 * (no source, a transaction, or SQL whose value moves without a write).
 */
export function cacheKey(db: Kysely<Database>, source: CacheSource | null, compiled: { sql: string; parameters: readonly unknown[] }): string | null {
  if (!source || db.isTransaction || !stableSql(compiled.sql)) {
    stats.uncached++;
    return null;
  }
  return createHash('sha256').update(`${source.formId}\u0001${compiled.sql}\u0001${JSON.stringify(compiled.parameters)}`).digest('base64');
}

/** The kept (generation, value) of `key`, marked recently used; the caller still checks the generation. */
export function keptEntry(db: Kysely<Database>, key: string): { gen: string; value: unknown } | undefined {
  const cache = cacheOf(db);
  const kept = cache.get(key);
  if (kept) { cache.delete(key); cache.set(key, kept); }
  return kept;
}

/** Counts a use of a kept value (its generation was checked in the using statement's snapshot). */
export function countHit(): void {
  stats.hits++;
}

/** Keeps `value`, computed in one snapshot with generation `gen` (null: the form has no counter). */
export function keep(db: Kysely<Database>, key: string, gen: string | null, value: unknown): void {
  stats.misses++;
  if (!gen) return;
  const cache = cacheOf(db);
  const now = cache.get(key);
  // Two requests that missed together: the answer of the later generation stays.
  if (!now || now.gen.split(':')[0] !== gen.split(':')[0] || weight(now.gen) <= weight(gen)) {
    cache.delete(key);
    cache.set(key, { gen, value });
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  }
}

/**
 * The one row `query` answers, reused while `source`'s generation stays the one it was computed
 * under. `source` null (or a transaction, or an unstable SQL text) runs the query as it is.
 *
 * One statement either way: it reads the generation and, only when that is not the kept one,
 * computes the value beside it (a CASE arm's subquery runs only when the arm is taken), so the
 * value is the one of the generation read with it, and a miss costs no extra round trip. A
 * computed value comes back as the JSON of its row: numbers (counts, numeric sums) arrive as JSON
 * numbers, which callers read with Number() as they read the driver's numeric text.
 */
export async function cachedRow<R extends object>(db: Kysely<Database>, source: CacheSource | null, query: RawBuilder<R>): Promise<R | undefined> {
  const key = cacheKey(db, source, query.compile(db));
  if (!source || !key) return (await query.execute(db)).rows[0];
  const kept = keptEntry(db, key);
  const r = await sql<GenerationRow & { fw_value: string | null }>`SELECT fw_g.*,
      CASE WHEN ${generationTextSql('fw_g')} = ${kept?.gen ?? null}::text THEN NULL
        ELSE (SELECT row_to_json(fw_v.*)::text FROM (${query}) fw_v LIMIT 1) END AS fw_value
    FROM (${generationQuery(source.formId, source.schema, source.table)}) fw_g`.execute(db);
  const row = r.rows[0];
  const gen = generationText(row);
  if (kept && gen === kept.gen) {
    countHit();
    return kept.value as R;
  }
  if (row?.fw_value === null || row?.fw_value === undefined) return undefined;
  const value = JSON.parse(row.fw_value) as R;
  keep(db, key, gen, value);
  return value;
}
