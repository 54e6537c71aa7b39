/**
 * The exact row count of each form's main table, kept by statement-level triggers (ADR 0930).
 *
 * `form_row_counts` holds deltas: every INSERT or DELETE statement on a main table appends one
 * row `(form_id, n)` with the number of rows its transition table holds (+ or −); the count is
 * the sum of a form's rows. Appending never waits on another writer (no shared counter row is
 * updated, so parallel writers neither queue behind one another nor deadlock), and every 16th
 * delta folds the form's committed deltas into one row, skipping rows another transaction has
 * locked (`FOR UPDATE SKIP LOCKED`), so a read sums a handful of rows: O(1).
 * A form without any row here has no counter (the list then falls back to the smart total).
 *
 * The same rows carry the form's **write generation** (ADR 0931): each delta has a weight `w`
 * (1 per writing statement, UPDATE included, which appends a delta with n = 0), folds keep
 * `sum(w)`, and a reset (TRUNCATE, a re-seed) starts above the old sum, so `sum(w)` only grows and
 * grows with every committed write. Two snapshots that see the same generation see the same
 * committed writes to the table (records/cache/answerCache.ts relies on this to reuse answers, ADR 1028).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** Every this-many deltas (by the delta's id) a statement folds its form's deltas into one row. */
export const FOLD_EVERY = 16;

/** The counter table and the trigger function (migration 120 runs this once). */
export async function createRowCountObjects(db: Kysely<Database>): Promise<void> {
  await sql`
    CREATE TABLE form_row_counts (
      form_id int NOT NULL REFERENCES form_definitions(id) ON DELETE CASCADE,
      id bigint GENERATED ALWAYS AS IDENTITY,
      n bigint NOT NULL,
      w bigint NOT NULL DEFAULT 1,
      PRIMARY KEY (form_id, id)
    )`.execute(db);
  await createCountFunction(db);
}

/**
 * The trigger function (CREATE OR REPLACE: migrations 123 and 167 bring databases of earlier
 * shapes to this one). Arguments after the form id (the 'log' of ADR 0933's triggers) are ignored.
 */
export async function createCountFunction(db: Kysely<Database>): Promise<void> {
  // The search_path of the migration is kept with the function, so the trigger finds the table
  // whatever search_path the writing session has.
  await sql.raw(`
    CREATE OR REPLACE FUNCTION fw_count_rows() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fw$
    DECLARE
      f int := TG_ARGV[0]::int;
      d bigint;
      delta_id bigint;
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        -- TRUNCATE holds the table exclusively: no writer of it is in flight, every delta is committed.
        WITH gone AS (DELETE FROM form_row_counts WHERE form_id = f RETURNING w)
        INSERT INTO form_row_counts (form_id, n, w) SELECT f, 0, coalesce(sum(w), 0) + 1 FROM gone;
        RETURN NULL;
      ELSIF TG_OP = 'INSERT' THEN
        SELECT count(*) INTO d FROM fw_new;
        IF d = 0 THEN RETURN NULL; END IF;
      ELSIF TG_OP = 'DELETE' THEN
        SELECT -count(*) INTO d FROM fw_old;
        IF d = 0 THEN RETURN NULL; END IF;
      ELSE
        -- UPDATE: the count stays, the generation moves (an update of no row moves it too, which is
        -- only a cache miss).
        d := 0;
      END IF;
      INSERT INTO form_row_counts (form_id, n, w) VALUES (f, d, 1) RETURNING id INTO delta_id;
      IF delta_id % ${FOLD_EVERY} = 0 THEN
        WITH gone AS (
          DELETE FROM form_row_counts WHERE form_id = f AND id IN (
            SELECT id FROM form_row_counts WHERE form_id = f FOR UPDATE SKIP LOCKED)
          RETURNING n, w)
        INSERT INTO form_row_counts (form_id, n, w) SELECT f, sum(n), sum(w) FROM gone HAVING count(*) > 0;
      END IF;
      RETURN NULL;
    END $fw$`).execute(db);
}

/**
 * Installs the counting triggers on a form's main table and seeds its count, inside the
 * caller's transaction. CREATE TRIGGER takes a lock that keeps writers out until commit, so the
 * seed count and the triggers see the same rows.
 */
export async function installRowCount(trx: Kysely<Database>, schema: string, table: string, formId: number): Promise<void> {
  if (!Number.isSafeInteger(formId) || formId <= 0) throw new Error(`Bad form id ${formId}`);
  await installCountTriggers(trx, schema, table, formId);
  // The seed's weight starts above whatever generation the form had, so it never goes back.
  await sql`WITH gone AS (DELETE FROM form_row_counts WHERE form_id = ${formId} RETURNING w)
    INSERT INTO form_row_counts (form_id, n, w) SELECT ${formId}, (SELECT count(*) FROM ${sql.id(schema, table)}), coalesce(sum(w), 0) + 1 FROM gone`.execute(trx);
}

/**
 * The four counting triggers of a main table (the UPDATE trigger needs no transition table: it only
 * moves the generation). Migration 167 replaces the triggers of tables made before it with these.
 */
export async function installCountTriggers(trx: Kysely<Database>, schema: string, table: string, formId: number): Promise<void> {
  if (!Number.isSafeInteger(formId) || formId <= 0) throw new Error(`Bad form id ${formId}`);
  const t = sql.id(schema, table);
  const args = sql.lit(String(formId));
  await sql`CREATE TRIGGER fw_count_ins AFTER INSERT ON ${t} REFERENCING NEW TABLE AS fw_new
    FOR EACH STATEMENT EXECUTE FUNCTION fw_count_rows(${args})`.execute(trx);
  await sql`CREATE TRIGGER fw_count_del AFTER DELETE ON ${t} REFERENCING OLD TABLE AS fw_old
    FOR EACH STATEMENT EXECUTE FUNCTION fw_count_rows(${args})`.execute(trx);
  await sql`CREATE TRIGGER fw_count_trunc AFTER TRUNCATE ON ${t}
    FOR EACH STATEMENT EXECUTE FUNCTION fw_count_rows(${args})`.execute(trx);
  await sql`CREATE TRIGGER fw_count_upd AFTER UPDATE ON ${t}
    FOR EACH STATEMENT EXECUTE FUNCTION fw_count_rows(${args})`.execute(trx);
}

/**
 * The UPDATE trigger that moves the generation: migration 123 adds it to tables counted before it.
 */
export async function installUpdateTrigger(trx: Kysely<Database>, schema: string, table: string, formId: number): Promise<void> {
  if (!Number.isSafeInteger(formId) || formId <= 0) throw new Error(`Bad form id ${formId}`);
  await sql`CREATE TRIGGER fw_count_upd AFTER UPDATE ON ${sql.id(schema, table)}
    FOR EACH STATEMENT EXECUTE FUNCTION fw_count_rows(${sql.lit(String(formId))})`.execute(trx);
}

/**
 * Moves a form's generation inside the caller's transaction: for changes no row trigger sees
 * (a definition save renames, retypes, retires and adds columns, so the same SQL text can read
 * other values afterwards). Nothing happens for a form without a counter.
 */
export async function bumpGeneration(trx: Kysely<Database>, formId: number): Promise<void> {
  await sql`INSERT INTO form_row_counts (form_id, n, w)
    SELECT ${formId}, 0, 1 WHERE EXISTS (SELECT 1 FROM form_row_counts WHERE form_id = ${formId})`.execute(trx);
}

/**
 * Adds the check that a table of tenant N's schema holds tenant N's rows only, so the database
 * itself guarantees what lets list queries leave out the `tenant_id` predicate (ADR 0930).
 */
export async function addTenantCheck(trx: Kysely<Database>, schema: string, table: string, tenantId: number): Promise<void> {
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error(`Bad tenant id ${tenantId}`);
  await sql`ALTER TABLE ${sql.id(schema, table)} ADD CONSTRAINT fw_tenant_check CHECK (tenant_id = ${sql.lit(tenantId)})`.execute(trx);
}

/** The exact row count of a form's main table, or null when it has no counter. */
export async function countedRows(db: Kysely<Database>, formId: number): Promise<number | null> {
  const r = await sql<{ n: string | null; k: string }>`
    SELECT sum(n)::text AS n, count(*)::text AS k FROM form_row_counts WHERE form_id = ${formId}`.execute(db);
  const row = r.rows[0];
  return row && Number(row.k) > 0 ? Number(row.n) : null;
}

/** One form's write generation as the database sees it in one snapshot (ADR 0931, ADR 1028). */
export interface GenerationRow {
  fw_gen_oid: string | null;
  fw_gen_w: string | null;
  fw_gen_k: number;
}

/**
 * The SELECT that reads a form's generation: its main table's oid (a table dropped and made again
 * is another table) and `sum(w)`. Put in the same statement as a count, both read one snapshot.
 */
export function generationQuery(formId: number, schema: string, table: string) {
  return sql<GenerationRow>`SELECT to_regclass(quote_ident(${schema}) || '.' || quote_ident(${table}))::oid::text AS fw_gen_oid,
    sum(w)::text AS fw_gen_w, count(*)::int AS fw_gen_k FROM form_row_counts WHERE form_id = ${formId}`;
}

/** The generation as one comparable text, or null when the form has no counter (nothing may be cached). */
export function generationText(row: GenerationRow | undefined): string | null {
  if (!row || !row.fw_gen_oid || row.fw_gen_w === null || !(Number(row.fw_gen_k) > 0)) return null;
  return `${row.fw_gen_oid}:${row.fw_gen_w}`;
}
