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
      PRIMARY KEY (form_id, id)
    )`.execute(db);
  // The search_path of the migration is kept with the function, so the trigger finds the table
  // whatever search_path the writing session has.
  await sql.raw(`
    CREATE FUNCTION fw_count_rows() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fw$
    DECLARE
      f int := TG_ARGV[0]::int;
      d bigint;
      delta_id bigint;
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM form_row_counts WHERE form_id = f;
        INSERT INTO form_row_counts (form_id, n) VALUES (f, 0);
        RETURN NULL;
      ELSIF TG_OP = 'INSERT' THEN
        SELECT count(*) INTO d FROM fw_new;
      ELSE
        SELECT -count(*) INTO d FROM fw_old;
      END IF;
      IF d = 0 THEN RETURN NULL; END IF;
      INSERT INTO form_row_counts (form_id, n) VALUES (f, d) RETURNING id INTO delta_id;
      IF delta_id % ${FOLD_EVERY} = 0 THEN
        WITH gone AS (
          DELETE FROM form_row_counts WHERE form_id = f AND id IN (
            SELECT id FROM form_row_counts WHERE form_id = f FOR UPDATE SKIP LOCKED)
          RETURNING n)
        INSERT INTO form_row_counts (form_id, n) SELECT f, sum(n) FROM gone HAVING count(*) > 0;
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
  const t = sql.id(schema, table);
  const arg = sql.lit(String(formId));
  await sql`CREATE TRIGGER fw_count_ins AFTER INSERT ON ${t} REFERENCING NEW TABLE AS fw_new
    FOR EACH STATEMENT EXECUTE FUNCTION fw_count_rows(${arg})`.execute(trx);
  await sql`CREATE TRIGGER fw_count_del AFTER DELETE ON ${t} REFERENCING OLD TABLE AS fw_old
    FOR EACH STATEMENT EXECUTE FUNCTION fw_count_rows(${arg})`.execute(trx);
  await sql`CREATE TRIGGER fw_count_trunc AFTER TRUNCATE ON ${t}
    FOR EACH STATEMENT EXECUTE FUNCTION fw_count_rows(${arg})`.execute(trx);
  await sql`DELETE FROM form_row_counts WHERE form_id = ${formId}`.execute(trx);
  await sql`INSERT INTO form_row_counts (form_id, n) SELECT ${formId}, count(*) FROM ${t}`.execute(trx);
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
