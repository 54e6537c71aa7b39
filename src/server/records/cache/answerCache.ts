/**
 * The one place list, count and sum answers are kept (README.md beside this file, ADR 1028).
 *
 * The rule: an answer is reused only while the form's write generation read now is the one it was
 * computed under. The counting triggers move the generation (`storage/rowCounts.ts`) in the same
 * transaction as every statement that writes the form's main table (INSERT, UPDATE, DELETE,
 * TRUNCATE, COPY, whatever connection or tool sends it; a rolled-back write rolls its move back),
 * and a definition save moves it too. Snapshots of one server are nested in time and the
 * generation only grows, so equal generations mean the same committed rows: the kept answer is
 * the one the query would give now. PGlite and PostgreSQL follow the same rule; nothing reads SQL
 * text to guess whether a statement wrote.
 *
 * A miss reads the generation before and after computing; the answer is kept only when both reads
 * agree (every statement in between then saw the same committed rows). A hit costs one short
 * statement (a handful of index rows). Entries live per database handle (a WeakMap on the Kysely
 * instance: the primary, a read replica and every test database have their own).
 */
import { createHash } from 'node:crypto';
import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../../db/types.js';
import { generationQuery, generationText } from '../storage/rowCounts.js';
import { runPrepared } from '../../db/preparedQuery.js';

/** The form main table whose generation guards an answer. */
export interface CacheSource {
  formId: number;
  schema: string;
  table: string;
}

/** What an answer depends on: its WHERE (checked to read the row alone) and every query it runs. */
export interface AnswerKey {
  where: RawBuilder<unknown>;
  queries: RawBuilder<unknown>[];
  /** Anything else the answer depends on (flags that change its shape). */
  parts?: unknown[];
}

/** Answers kept per database handle; the least recently used goes first. */
export const MAX_ANSWERS = 5_000;

interface Kept {
  gen: string;
  value: unknown;
}

const stores = new WeakMap<object, Map<string, Kept>>();
const stats = { hits: 0, misses: 0, uncached: 0 };

/** Hits, misses and uncached reads since the process started (tests and the bench read it). */
export function answerCacheStats(): Readonly<typeof stats> {
  return { ...stats };
}

/** Functions and keywords whose value moves without a write, outside quoted identifiers and literals. */
const UNSTABLE = /\b(now|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|random|current_setting|nextval|currval|setval|txid_current|pg_current_xact_id|age|to_regclass)\s*\(|\b(current_date|current_time|current_timestamp|localtime|localtimestamp|current_user|session_user|current_role|current_schema)\b/i;
const QUOTED = /"(?:[^"]|"")*"|'(?:[^']|'')*'/g;

/**
 * Whether a compiled WHERE depends on nothing but the row it is evaluated on: no clock or session
 * function, and no FROM (another table: a sub-form's rows, an administrator's `$sql`, a data scope
 * over departments), except the row's own JSON arrays. Such a condition's answer can only change
 * when the form's main table is written, which is what the generation counts.
 */
export function readsRowOnly(whereSql: string): boolean {
  const bare = whereSql.replace(QUOTED, ' ');
  return !UNSTABLE.test(bare) && !/\bFROM\b/i.test(bare.replace(/\bFROM\s+jsonb_array_elements_text\s*\(/gi, ' '));
}

function keyOf(db: Kysely<Database>, source: CacheSource, key: AnswerKey): string | null {
  if (!readsRowOnly(key.where.compile(db).sql)) return null;
  const h = createHash('sha256').update(String(source.formId));
  for (const q of key.queries) {
    const c = q.compile(db);
    h.update('\u0001').update(c.sql).update('\u0001').update(JSON.stringify(c.parameters));
  }
  return h.update('\u0001').update(JSON.stringify(key.parts ?? [])).digest('base64');
}

/** The form's generation as this statement's snapshot sees it (null: the form has no counter). */
async function generation(db: Kysely<Database>, source: CacheSource): Promise<string | null> {
  // A named prepared statement on PostgreSQL: a hit parses and plans nothing (ADR 1071).
  const rows = await runPrepared(db, generationQuery(source.formId, source.schema, source.table));
  return generationText(rows[0]);
}

/**
 * `compute()`'s answer, or the one kept for the same key under the generation the database has
 * now. `source` null (a view, nothing to guard it), a transaction (its own uncommitted writes) or
 * a WHERE reading more than the row: computed every time. `copy` gives each caller an object of
 * its own, so nobody can change a kept answer. `refresh` recomputes, on every use of a kept
 * answer, a part that follows something other than the rows (a list's estimated total follows the
 * planner's statistics).
 */
export async function reuse<T>(
  db: Kysely<Database>, source: CacheSource | null, key: () => AnswerKey, compute: () => Promise<T>,
  opts: { copy: (v: T) => T; refresh?: (kept: T) => Promise<T> },
): Promise<T> {
  const k = source && !db.isTransaction ? keyOf(db, source, key()) : null;
  if (!source || !k) {
    stats.uncached++;
    return compute();
  }
  const before = await generation(db, source);
  let store = stores.get(db);
  if (!store) stores.set(db, (store = new Map()));
  const kept = store.get(k);
  if (before !== null && kept && kept.gen === before) {
    stats.hits++;
    store.delete(k);
    store.set(k, kept);
    const mine = opts.copy(kept.value as T);
    return opts.refresh ? opts.refresh(mine) : mine;
  }
  stats.misses++;
  const value = await compute();
  if (before === null) return value;
  // A write committed while the answer was computed may or may not be in it: used, not kept.
  if ((await generation(db, source)) !== before) return value;
  store.delete(k);
  store.set(k, { gen: before, value: opts.copy(value) });
  if (store.size > MAX_ANSWERS) store.delete(store.keys().next().value as string);
  return value;
}
