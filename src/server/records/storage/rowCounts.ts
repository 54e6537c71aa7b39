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
 * committed writes to the table (query/countCache.ts relies on this to reuse exact counts).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** Every this-many deltas (by the delta's id) a statement folds its form's deltas into one row. */
export const FOLD_EVERY = 16;
/** A writing statement of more rows than this logs one reset marker instead of its ids (ADR 0933). */
export const CHANGE_LOG_BULK = 64;
/** Change-log rows are kept at least this long (a match set kept longer is counted again). */
export const CHANGE_LOG_KEEP_SECONDS = 300;

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
  // The triggers installRowCount makes write the change log too (ADR 0933).
  await createChangeLogObjects(db);
  await createCountFunction(db);
}

/**
 * The trigger function (CREATE OR REPLACE: migration 123 brings databases of migration 120's
 * first shape to this one).
 */
export async function createCountFunction(db: Kysely<Database>): Promise<void> {
  // The search_path of the migration is kept with the function, so the trigger finds the table
  // whatever search_path the writing session has.
  await sql.raw(`
    CREATE OR REPLACE FUNCTION fw_count_rows() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fw$
    DECLARE
      f int := TG_ARGV[0]::int;
      -- Triggers made since migration 132 pass 'log' and have a transition table for every event.
      logs boolean := TG_NARGS > 1 AND TG_ARGV[1] = 'log';
      d bigint;
      k bigint := 0;
      delta_id bigint;
      hz record;
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        -- TRUNCATE holds the table exclusively: no writer of it is in flight, every delta is committed.
        WITH gone AS (DELETE FROM form_row_counts WHERE form_id = f RETURNING w)
        INSERT INTO form_row_counts (form_id, n, w) SELECT f, 0, coalesce(sum(w), 0) + 1 FROM gone;
        INSERT INTO form_row_changes (form_id, id) VALUES (f, NULL);
        RETURN NULL;
      ELSIF TG_OP = 'INSERT' THEN
        SELECT count(*) INTO d FROM fw_new;
        IF d = 0 THEN RETURN NULL; END IF;
        k := d;
      ELSIF TG_OP = 'DELETE' THEN
        SELECT -count(*) INTO d FROM fw_old;
        IF d = 0 THEN RETURN NULL; END IF;
        k := -d;
      ELSE
        -- UPDATE: the count stays, the generation moves (an update of no row moves it too, which is
        -- only a cache miss).
        d := 0;
        IF logs THEN SELECT count(*) INTO k FROM fw_new; END IF;
      END IF;
      -- The change log (ADR 0933): the ids this statement wrote, or one reset marker (id NULL) for a
      -- bulk statement or a trigger of the old shape, which has no transition table to read.
      IF NOT logs OR k > ${CHANGE_LOG_BULK} THEN
        INSERT INTO form_row_changes (form_id, id) VALUES (f, NULL);
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO form_row_changes (form_id, id) SELECT f, o.id FROM fw_old o;
      ELSIF k > 0 THEN
        INSERT INTO form_row_changes (form_id, id) SELECT f, o.id FROM fw_new o;
      END IF;
      INSERT INTO form_row_counts (form_id, n, w) VALUES (f, d, 1) RETURNING id INTO delta_id;
      IF delta_id % ${FOLD_EVERY} = 0 THEN
        WITH gone AS (
          DELETE FROM form_row_counts WHERE form_id = f AND id IN (
            SELECT id FROM form_row_counts WHERE form_id = f FOR UPDATE SKIP LOCKED)
          RETURNING n, w)
        INSERT INTO form_row_counts (form_id, n, w) SELECT f, sum(n), sum(w) FROM gone HAVING count(*) > 0;
        -- Pruning the change log: rows below a snapshot horizon sampled at least CHANGE_LOG_KEEP ago
        -- (readers check the horizon against their kept snapshot, so pruning never makes them wrong).
        SELECT * INTO hz FROM form_change_horizon WHERE form_id = f
          AND (pending IS NULL OR pending_at < now() - interval '${CHANGE_LOG_KEEP_SECONDS} seconds') FOR UPDATE SKIP LOCKED;
        IF FOUND THEN
          IF hz.pending IS NOT NULL THEN
            DELETE FROM form_row_changes WHERE form_id = f AND xid < hz.pending;
          END IF;
          UPDATE form_change_horizon SET h = coalesce(hz.pending, h), pending = pg_snapshot_xmin(pg_current_snapshot()), pending_at = now()
            WHERE form_id = f;
        END IF;
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
 * The four counting triggers of a main table, each passing 'log' so the function also writes the
 * change log (ADR 0933); the UPDATE trigger has a transition table for it. Migration 132 replaces
 * the triggers of tables made before it with these.
 */
export async function installCountTriggers(trx: Kysely<Database>, schema: string, table: string, formId: number): Promise<void> {
  if (!Number.isSafeInteger(formId) || formId <= 0) throw new Error(`Bad form id ${formId}`);
  const t = sql.id(schema, table);
  const args = sql`${sql.lit(String(formId))}, 'log'`;
  await sql`CREATE TRIGGER fw_count_ins AFTER INSERT ON ${t} REFERENCING NEW TABLE AS fw_new
    FOR EACH STATEMENT EXECUTE FUNCTION fw_count_rows(${args})`.execute(trx);
  await sql`CREATE TRIGGER fw_count_del AFTER DELETE ON ${t} REFERENCING OLD TABLE AS fw_old
    FOR EACH STATEMENT EXECUTE FUNCTION fw_count_rows(${args})`.execute(trx);
  await sql`CREATE TRIGGER fw_count_trunc AFTER TRUNCATE ON ${t}
    FOR EACH STATEMENT EXECUTE FUNCTION fw_count_rows(${args})`.execute(trx);
  await sql`CREATE TRIGGER fw_count_upd AFTER UPDATE ON ${t} REFERENCING NEW TABLE AS fw_new
    FOR EACH STATEMENT EXECUTE FUNCTION fw_count_rows(${args})`.execute(trx);
  await sql`INSERT INTO form_change_horizon (form_id) VALUES (${formId}) ON CONFLICT (form_id) DO NOTHING`.execute(trx);
  // A table made again (same form, new rows) invalidates every match set kept for the form.
  await sql`INSERT INTO form_row_changes (form_id, id) VALUES (${formId}, NULL)`.execute(trx);
}

/**
 * The UPDATE trigger that moves the generation, in its first shape (no transition table, no change
 * log): migration 123 adds it to tables counted before it, and migration 132 replaces it.
 */
export async function installUpdateTrigger(trx: Kysely<Database>, schema: string, table: string, formId: number): Promise<void> {
  if (!Number.isSafeInteger(formId) || formId <= 0) throw new Error(`Bad form id ${formId}`);
  await sql`CREATE TRIGGER fw_count_upd AFTER UPDATE ON ${sql.id(schema, table)}
    FOR EACH STATEMENT EXECUTE FUNCTION fw_count_rows(${sql.lit(String(formId))})`.execute(trx);
}

/**
 * The change log and its pruning horizon (migration 132, ADR 0933). `form_row_changes` holds, per
 * writing statement, the ids it inserted, updated or deleted with the writer's transaction id, or
 * one row with id NULL (a reset: a bulk statement, a TRUNCATE, a definition save, a table made
 * again): a reader that kept a form's match set under a snapshot patches it with the ids of the
 * transactions that snapshot did not see. `form_change_horizon.h`: every log row with a lower xid
 * has been pruned.
 */
export async function createChangeLogObjects(db: Kysely<Database>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS form_row_changes (
      form_id int NOT NULL REFERENCES form_definitions(id) ON DELETE CASCADE,
      xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
      id bigint
    )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS form_row_changes_form_xid ON form_row_changes (form_id, xid)`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS form_change_horizon (
      form_id int PRIMARY KEY REFERENCES form_definitions(id) ON DELETE CASCADE,
      h xid8 NOT NULL DEFAULT '0',
      pending xid8,
      pending_at timestamptz
    )`.execute(db);
}

/**
 * Moves a form's generation inside the caller's transaction: for changes no row trigger sees
 * (a definition save renames, retypes, retires and adds columns, so the same SQL text can read
 * other values afterwards). Nothing happens for a form without a counter.
 */
export async function bumpGeneration(trx: Kysely<Database>, formId: number): Promise<void> {
  await sql`INSERT INTO form_row_counts (form_id, n, w)
    SELECT ${formId}, 0, 1 WHERE EXISTS (SELECT 1 FROM form_row_counts WHERE form_id = ${formId})`.execute(trx);
  // The same SQL text may now read other values: kept match sets are reset too (ADR 0933).
  await sql`INSERT INTO form_row_changes (form_id, id)
    SELECT ${formId}, NULL WHERE EXISTS (SELECT 1 FROM form_change_horizon WHERE form_id = ${formId})`.execute(trx);
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

/** One form's write generation as the database sees it in one snapshot (ADR 0931). */
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

/**
 * `generationText` in SQL, over the columns of `generationQuery` under alias `g`: lets one
 * statement compare the generation it reads with a kept one and compute only what is out of date.
 */
export const generationTextSql = (g: string) =>
  sql<string | null>`(CASE WHEN ${sql.ref(`${g}.fw_gen_k`)} > 0 THEN ${sql.ref(`${g}.fw_gen_oid`)} || ':' || ${sql.ref(`${g}.fw_gen_w`)} END)`;

/** The generation as one comparable text, or null when the form has no counter (nothing may be cached). */
export function generationText(row: GenerationRow | undefined): string | null {
  if (!row || !row.fw_gen_oid || row.fw_gen_w === null || !(Number(row.fw_gen_k) > 0)) return null;
  return `${row.fw_gen_oid}:${row.fw_gen_w}`;
}
