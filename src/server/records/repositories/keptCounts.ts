/**
 * A count panel answered from the counts the database keeps on every write (ADR 1075): the
 * table's row count (ADR 0930) for a KPI of 计数, and the per-option counts (ADR 1068) for 计数
 * grouped by a select or radio field. Both are exact in the reader's snapshot, so the answer is
 * the one `GROUP BY` over the table would give, read from a handful of index entries whatever the
 * table's size, before or after a write.
 *
 * Used only where the counts are the whole answer: a count over every row of the form, i.e. no
 * filter, no page parameter, no public-side restriction, a reader whose data scope and the list's
 * own conditions narrow nothing, a main table (not a view). Anything else returns null and the
 * panel runs its aggregation (records/query/aggregateQuery.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FormModel } from '../query/formModel.js';
import type { Reader } from '../query/rowScope.js';
import type { AggregateRow, AggregateSpec } from '../query/aggregateQuery.js';
import { compileList } from '../query/listQuery.js';
import { isScalarChoice } from '../query/fieldConditions.js';
import { countsOptions } from '../storage/valueCounts.js';

/** The column whose option counts answer `spec`, '' for the row count, or null when kept counts cannot answer it. */
export function keptCountColumn(model: FormModel, spec: AggregateSpec, reader: Reader): string | null {
  if (spec.measure.op !== 'count' || spec.filter?.trim() || spec.scope || spec.restrict || model.main.view) return null;
  // The list's WHERE with no search: empty only when the reader sees every row (数据权限 全部).
  if (compileList(model, {}, reader).filtered) return null;
  if (!spec.groupBy) return '';
  if (spec.groupBy.bucket) return null;
  const field = model.main.fields.get(spec.groupBy.field);
  const c = field?.columns.value;
  if (!field || !c || c.kind !== 'text' || !isScalarChoice(field) || !countsOptions(field.def.funcType)) return null;
  return c.name;
}

/**
 * The rows of `spec` (as compileAggregate's query would answer them: options largest first, the
 * empty group as key null, at most `limit`) from the kept counts, or null when they cannot answer
 * it (the column or the table is not counted: the caller aggregates the rows itself).
 */
export async function keptCountRows(db: Kysely<Database>, model: FormModel, spec: AggregateSpec, reader: Reader): Promise<AggregateRow[] | null> {
  const col = keptCountColumn(model, spec, reader);
  if (col === null) return null;
  const formId = model.form.id;
  // One statement: whether the counts exist (`ok`), then the groups. The empty group is the rows
  // holding no option: the table's count less the options' (the option counts skip NULL).
  const r = await sql<{ ok: boolean; k: string | null; v: string | null }>`
    WITH ok AS (
      SELECT EXISTS (SELECT 1 FROM form_row_counts WHERE form_id = ${formId})
        AND (${col}::text = '' OR EXISTS (SELECT 1 FROM form_value_columns WHERE form_id = ${formId} AND col = ${col})) AS ok),
    total AS (SELECT sum(n) AS n FROM form_row_counts WHERE form_id = ${formId}),
    opts AS (SELECT val, sum(n) AS n FROM form_value_counts WHERE form_id = ${formId} AND col = ${col} GROUP BY val),
    groups AS (
      SELECT val AS k, n AS v FROM opts WHERE ${col}::text <> ''
      UNION ALL
      SELECT NULL, (SELECT n FROM total) - CASE WHEN ${col}::text = '' THEN 0 ELSE (SELECT coalesce(sum(n), 0) FROM opts) END)
    SELECT ok.ok, g.k, g.v::text AS v FROM ok LEFT JOIN (
      SELECT k, v FROM groups WHERE v <> 0 ORDER BY v DESC, k ASC NULLS LAST LIMIT ${spec.limit}) g ON ok.ok`.execute(db);
  if (!r.rows[0]?.ok) return null;
  const rows = r.rows.filter((row) => row.v !== null).map((row) => ({ k: row.k, l: null, v: row.v }));
  // A KPI is one row even over an empty table (count(*) of nothing is 0).
  return col === '' ? [{ k: null, l: null, v: rows[0]?.v ?? '0' }] : rows;
}
