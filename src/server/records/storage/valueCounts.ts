/**
 * Exact counts per option of a form's single-choice fields (select, radio), kept by
 * statement-level triggers as the row count is (rowCounts.ts, ADR 0930; this is ADR 1068).
 *
 * Why: the filter people use most is "状态 = 已审核"-like, one option of a select, and it often
 * matches a fifth of the table. Its page comes from the `(col, id)` btree in index order with a
 * LIMIT, but its exact total would count 200,000 index entries after every write. The triggers
 * keep that total instead, in the same transaction as the write: `form_value_counts` holds
 * deltas `(form_id, col, val, n)`, one row per option a statement changed, summed on read.
 * Nothing is cached: a reader sums the deltas its own snapshot sees, so the count is exact for
 * that snapshot, exactly as `count(*)` would be.
 *
 * Only select and radio fields are counted: their values are a configured option list, so a
 * form has at most a few hundred counted (col, val) pairs. User, department and related-form ids
 * are not (their distinct values grow with the data).
 *
 * `form_value_columns` names the columns whose counts are complete; a column absent from it is
 * never answered from here (the list then counts as before). A definition save that changes the
 * counted columns re-seeds them inside its transaction (`syncValueCounts`).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FieldDefinition } from '../../../../schema-adapters/definition/types.js';
import type { StorageTable } from './types.js';

/** Field types whose value is one option of a configured list. */
const COUNTED_TYPES: ReadonlySet<string> = new Set(['select', 'radio']);

/** Whether a field of this type has its options counted (when stored as one text value). */
export function countsOptions(funcType: string): boolean {
  return COUNTED_TYPES.has(funcType);
}

/** A physical column name as formStorage makes them (checked again before it reaches SQL text). */
const COLUMN_NAME = /^[a-z_][a-z0-9_$]{0,62}$/i;

/** Every this-many deltas (by id) a statement folds its form's deltas into one row per option. */
export const VALUE_FOLD_EVERY = 16;

/** The tables and the trigger function (migration 208 runs this once). */
export async function createValueCountObjects(db: Kysely<Database>): Promise<void> {
  await sql`
    CREATE TABLE form_value_counts (
      form_id int NOT NULL REFERENCES form_definitions(id) ON DELETE CASCADE,
      col text NOT NULL,
      val text NOT NULL,
      id bigint GENERATED ALWAYS AS IDENTITY,
      n bigint NOT NULL,
      PRIMARY KEY (form_id, col, val, id)
    )`.execute(db);
  await sql`
    CREATE TABLE form_value_columns (
      form_id int NOT NULL REFERENCES form_definitions(id) ON DELETE CASCADE,
      col text NOT NULL,
      PRIMARY KEY (form_id, col)
    )`.execute(db);
  // Arguments: the form id, then the counted column names (validated by `syncValueCounts`).
  // One INSERT per statement: +1 per new row's value, −1 per old row's, netted per option; an
  // UPDATE that leaves a value as it was writes nothing. Folding skips rows other writers hold,
  // so parallel writers never wait on one another (as fw_count_rows).
  await sql.raw(`
    CREATE OR REPLACE FUNCTION fw_count_values() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fw$
    DECLARE
      f int := TG_ARGV[0]::int;
      parts text[] := '{}';
      lo bigint;
      hi bigint;
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM form_value_counts WHERE form_id = f;
        RETURN NULL;
      END IF;
      FOR i IN 1 .. TG_NARGS - 1 LOOP
        IF TG_OP <> 'DELETE' THEN parts := parts || format('SELECT %L AS c, %I::text AS v, 1 AS d FROM fw_new', TG_ARGV[i], TG_ARGV[i]); END IF;
        IF TG_OP <> 'INSERT' THEN parts := parts || format('SELECT %L AS c, %I::text AS v, -1 AS d FROM fw_old', TG_ARGV[i], TG_ARGV[i]); END IF;
      END LOOP;
      EXECUTE format('WITH ins AS (INSERT INTO form_value_counts (form_id, col, val, n)
          SELECT $1, c, v, sum(d) FROM (%s) x WHERE v IS NOT NULL GROUP BY c, v HAVING sum(d) <> 0 RETURNING id)
        SELECT min(id), max(id) FROM ins', array_to_string(parts, ' UNION ALL ')) INTO lo, hi USING f;
      IF hi IS NOT NULL AND hi / ${VALUE_FOLD_EVERY} > (lo - 1) / ${VALUE_FOLD_EVERY} THEN
        WITH gone AS (
          DELETE FROM form_value_counts WHERE form_id = f AND id IN (
            SELECT id FROM form_value_counts WHERE form_id = f FOR UPDATE SKIP LOCKED)
          RETURNING col, val, n)
        INSERT INTO form_value_counts (form_id, col, val, n) SELECT f, col, val, sum(n) FROM gone GROUP BY col, val HAVING sum(n) <> 0;
      END IF;
      RETURN NULL;
    END $fw$`).execute(db);
}

/** The main-table columns whose options are counted, for a definition's fields and its main table. */
export function countedColumns(fields: FieldDefinition[], main: StorageTable): string[] {
  const types = new Map(fields.map((f) => [f.enName, f.funcType]));
  return main.columns
    .filter((c) => c.role === 'value' && c.kind === 'text' && countsOptions(types.get(c.field) ?? ''))
    .map((c) => c.name)
    .sort();
}

const TRIGGERS = [
  ['fw_values_ins', 'INSERT', 'REFERENCING NEW TABLE AS fw_new'],
  ['fw_values_del', 'DELETE', 'REFERENCING OLD TABLE AS fw_old'],
  ['fw_values_upd', 'UPDATE', 'REFERENCING OLD TABLE AS fw_old NEW TABLE AS fw_new'],
  ['fw_values_trunc', 'TRUNCATE', ''],
] as const;

/**
 * Makes the counted columns of a form's main table `columns`, inside the caller's transaction:
 * nothing happens when they already are; otherwise the triggers are made again with the new
 * column list and every count is seeded from the table (one GROUP BY per column). CREATE TRIGGER
 * keeps writers out until commit, so the seed and the triggers see the same rows.
 */
export async function syncValueCounts(trx: Kysely<Database>, schema: string, table: string, formId: number, columns: string[]): Promise<void> {
  if (!Number.isSafeInteger(formId) || formId <= 0) throw new Error(`Bad form id ${formId}`);
  for (const c of columns) if (!COLUMN_NAME.test(c)) throw new Error(`Bad counted column ${c}`);
  const have = await sql<{ col: string }>`SELECT col FROM form_value_columns WHERE form_id = ${formId} ORDER BY col`.execute(trx);
  const t = sql.id(schema, table);
  const installed = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_trigger
    WHERE tgrelid = to_regclass(quote_ident(${schema}) || '.' || quote_ident(${table})) AND tgname = 'fw_values_ins'`.execute(trx);
  const same = have.rows.map((r) => r.col).join(',') === [...columns].sort().join(',');
  if (same && (installed.rows[0]!.n > 0) === columns.length > 0) return;
  for (const [name] of TRIGGERS) await sql`DROP TRIGGER IF EXISTS ${sql.id(name)} ON ${t}`.execute(trx);
  await sql`DELETE FROM form_value_counts WHERE form_id = ${formId}`.execute(trx);
  await sql`DELETE FROM form_value_columns WHERE form_id = ${formId}`.execute(trx);
  if (!columns.length) return;
  const args = sql.join([sql.lit(String(formId)), ...columns.map((c) => sql.lit(c))], sql`, `);
  for (const [name, event, referencing] of TRIGGERS) {
    await sql`CREATE TRIGGER ${sql.id(name)} AFTER ${sql.raw(event)} ON ${t} ${sql.raw(referencing)}
      FOR EACH STATEMENT EXECUTE FUNCTION fw_count_values(${args})`.execute(trx);
  }
  for (const c of columns) {
    await sql`INSERT INTO form_value_counts (form_id, col, val, n)
      SELECT ${formId}, ${c}, ${sql.id(c)}::text, count(*) FROM ${t} WHERE ${sql.id(c)} IS NOT NULL GROUP BY 3`.execute(trx);
    await sql`INSERT INTO form_value_columns (form_id, col) VALUES (${formId}, ${c})`.execute(trx);
  }
}

/**
 * The exact number of rows whose `column` holds one of `values`, in the caller's snapshot; null
 * when the column is not counted (the caller counts the rows itself then).
 */
export async function countedValues(db: Kysely<Database>, formId: number, column: string, values: string[]): Promise<number | null> {
  const r = await sql<{ counted: boolean; n: string | null }>`
    SELECT EXISTS (SELECT 1 FROM form_value_columns WHERE form_id = ${formId} AND col = ${column}) AS counted,
      (SELECT sum(n)::text FROM form_value_counts WHERE form_id = ${formId} AND col = ${column} AND val = ANY(${values}::text[])) AS n`.execute(db);
  const row = r.rows[0];
  return row?.counted ? Number(row.n ?? 0) : null;
}
