/**
 * A dashboard panel's aggregation compiled to SQL: one measure (count, or sum/avg/min/max of a
 * number field) over the rows the form's list shows, optionally grouped by a field or a date
 * bucket. The WHERE is the list's own (`compileWhere`: tenant schema check and the reader's data
 * scope, 数据权限) AND the panel's filter (conditionWhere). Identifiers come only
 * from the stored definition; every value is a bound parameter.
 */
import { sql, type RawBuilder } from 'kysely';
import type { UserContext } from '../../../../schema-adapters/definition/types.js';
import { badRequest } from '../../http/HttpError.js';
import type { FormModel, ModelField } from './formModel.js';
import { compileWhere } from './listQuery.js';
import type { Reader } from './rowScope.js';
import { conditionWhere } from './conditionWhere.js';
import type { DateBucket, MeasureOp } from '../../../shared/contract/dashboards.js';

/** What a panel asks of one form. */
export interface AggregateSpec {
  groupBy?: { field: string; bucket?: DateBucket };
  measure: { op: MeasureOp; field?: string };
  filter?: string;
  /** Most groups returned. */
  limit: number;
  /** The list's `initFilter` narrowing the rows further (a page parameter: `{project: 12}`). */
  scope?: Record<string, unknown>;
  /**
   * A further condition on the row `t`, built by the caller from stored settings with bound
   * values (a public dashboard: the portal's rule of what is published, ADR 1056).
   */
  restrict?: RawBuilder<unknown>;
}

/** One answered group: key `k`, display text `l` (a choice's `$view`, else null), measure `v`. */
export interface AggregateRow { k: unknown; l: string | null; v: unknown }

/** The compiled panel query and what its answer means. */
export interface CompiledAggregate {
  query: RawBuilder<AggregateRow>;
  /** The grouped field (absent for a single value). */
  group?: ModelField;
  bucket?: DateBucket;
  /** Decimal places of the measure (0 for a count). */
  precision: number;
}

const BUCKET_FORMAT: Record<DateBucket, string> = { day: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY' };
/** Column kinds a panel may group by as they are (a choice list or a JSON value has no one key). */
const GROUPABLE = new Set(['text', 'numeric', 'boolean', 'date', 'timestamp']);

const label = (f: ModelField) => f.def.label || f.def.enName;

/** The rows a panel reads: the list's WHERE (tenant, data scope, and `scope` as its `initFilter`) and the panel's filter. */
export function panelWhere(model: FormModel, filter: string | undefined, scope: Record<string, unknown> | undefined, reader: Reader, ctx: UserContext, restrict?: RawBuilder<unknown>): RawBuilder<unknown> {
  const where = compileWhere(model, scope ? { initFilter: scope } : {}, reader);
  return sql`${where} AND ${filter?.trim() ? conditionWhere(model, filter, ctx) : sql`TRUE`} AND ${restrict ?? sql`TRUE`}`;
}

function measureOf(model: FormModel, m: AggregateSpec['measure']): { expr: RawBuilder<unknown>; precision: number } {
  if (m.op === 'count') return { expr: sql`count(*)`, precision: 0 };
  const f = m.field ? model.main.fields.get(m.field) : undefined;
  if (!f) throw badRequest(m.field ? `统计字段不存在：${m.field}` : '统计方式须指定数字字段');
  const c = f.columns.value;
  if (!c || c.kind !== 'numeric') throw badRequest(`字段「${label(f)}」不是数字，不能统计`);
  const precision = Math.min(Math.max(Number(f.def.precision ?? 2), 0), 10);
  // The operator is one of five known names (checked by the contract and here).
  const fn = sql.raw({ sum: 'sum', avg: 'avg', min: 'min', max: 'max' }[m.op]);
  return { expr: sql`round(${fn}(t.${sql.id(c.name)}), ${precision})`, precision };
}

function groupOf(model: FormModel, g: NonNullable<AggregateSpec['groupBy']>) {
  const f = model.main.fields.get(g.field);
  const c = f?.columns.value;
  if (!f || !c) throw badRequest(`分组字段不存在或不能分组：${g.field}`);
  if (!GROUPABLE.has(c.kind)) throw badRequest(`字段「${label(f)}」不能分组`);
  const r = sql`t.${sql.id(c.name)}`;
  if (g.bucket) {
    if (c.kind !== 'date' && c.kind !== 'timestamp') throw badRequest(`字段「${label(f)}」不是日期，不能按日/月/年分组`);
    return { f, key: sql`to_char(${r}, ${BUCKET_FORMAT[g.bucket]})`, view: sql`NULL::text` };
  }
  const view = f.columns.view ? sql`max(t.${sql.id(f.columns.view.name)})` : sql`NULL::text`;
  return { f, key: r, view };
}

/**
 * Compiles `spec` over `model` for the caller (`ctx` gives the filter's `#{…}` values).
 * Date buckets come back latest first (the most recent `limit`), other groups largest first.
 */
export function compileAggregate(model: FormModel, spec: AggregateSpec, reader: Reader, ctx: UserContext): CompiledAggregate {
  const where = panelWhere(model, spec.filter, spec.scope, reader, ctx, spec.restrict);
  const from = sql`${sql.id(model.schema, model.main.table.name)} t`;
  const { expr, precision } = measureOf(model, spec.measure);
  if (!spec.groupBy) {
    return { query: sql<AggregateRow>`SELECT NULL AS k, NULL::text AS l, ${expr} AS v FROM ${from} WHERE ${where}`, precision };
  }
  const g = groupOf(model, spec.groupBy);
  // The latest buckets (a trend shows the recent end; groupPoints puts them back in date order), other groups largest first.
  const order = spec.groupBy.bucket ? sql`1 DESC NULLS LAST` : sql`3 DESC NULLS LAST, 1 ASC NULLS LAST`;
  const query = sql<AggregateRow>`SELECT ${g.key} AS k, ${g.view} AS l, ${expr} AS v FROM ${from} WHERE ${where} GROUP BY 1 ORDER BY ${order} LIMIT ${spec.limit}`;
  return { query, group: g.f, bucket: spec.groupBy.bucket, precision };
}
