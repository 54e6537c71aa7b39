/**
 * A progress board's rows (项目进度看板) compiled to SQL: one row per record the form's list
 * shows (the same WHERE as an aggregation, panelWhere), with its text, group, percent and dates.
 * Identifiers come only from the stored definition; every value is a bound parameter.
 */
import { sql, type RawBuilder } from 'kysely';
import type { UserContext } from '../../../../schema-adapters/definition/types.js';
import { badRequest } from '../../http/HttpError.js';
import type { FormModel, ModelField } from './formModel.js';
import type { Reader } from './rowScope.js';
import { panelWhere } from './aggregateQuery.js';
import type { Progress } from '../../../shared/contract/dashboards.js';

/** What a progress board asks of one form. */
export interface ProgressSpec extends Progress {
  filter?: string;
  scope?: Record<string, unknown>;
  /** A further condition on the row `t` (aggregateQuery.ts AggregateSpec.restrict). */
  restrict?: RawBuilder<unknown>;
  /** Most rows returned. */
  limit: number;
}

/** One answered row: id, label text, group key and its `$view`, percent, start and end. */
export interface ProgressRow { id: unknown; l: unknown; g: unknown; gv: string | null; p: unknown; s: unknown; e: unknown }

/** The compiled board and its group field (for the group's Chinese text). */
export interface CompiledProgress { query: RawBuilder<ProgressRow>; group?: ModelField }

const SCALAR = new Set(['text', 'numeric', 'boolean', 'date', 'timestamp']);
const DATES = new Set(['date', 'timestamp']);
const nameOf = (f: ModelField) => f.def.label || f.def.enName;

function fieldOf(model: FormModel, name: string, what: string): ModelField {
  const f = model.main.fields.get(name);
  if (!f) throw badRequest(`${what}字段不存在：${name}`);
  return f;
}

/** A field holding one value (its `$view` text when it has one: users, departments, related records). */
function scalar(model: FormModel, name: string, what: string): { f: ModelField; key: RawBuilder<unknown>; view: RawBuilder<unknown> } {
  const f = fieldOf(model, name, what);
  const c = f.columns.value;
  if (!c || !SCALAR.has(c.kind)) throw badRequest(`字段「${nameOf(f)}」不能作为${what}`);
  const v = f.columns.view;
  return { f, key: sql`t.${sql.id(c.name)}`, view: v ? sql`t.${sql.id(v.name)}` : sql`NULL::text` };
}

function dateColumn(model: FormModel, name: string, what: string): RawBuilder<unknown> {
  const f = fieldOf(model, name, what);
  const c = f.columns.value;
  if (!c || !DATES.has(c.kind)) throw badRequest(`字段「${nameOf(f)}」不是日期，不能作为${what}`);
  return sql`t.${sql.id(c.name)}`;
}

function periodColumns(model: FormModel, name: string): [RawBuilder<unknown>, RawBuilder<unknown>] {
  const f = fieldOf(model, name, '工期');
  const { start, end } = f.columns;
  if (!start || !end || !DATES.has(start.kind)) throw badRequest(`字段「${nameOf(f)}」不是日期范围，不能作为工期`);
  return [sql`t.${sql.id(start.name)}`, sql`t.${sql.id(end.name)}`];
}

/** Compiles the board: rows in group order (the empty group last), then by label, at most `limit`. */
export function compileProgress(model: FormModel, spec: ProgressSpec, reader: Reader, ctx: UserContext): CompiledProgress {
  const label = scalar(model, spec.label, '名称');
  let percent: RawBuilder<unknown> = sql`NULL::numeric`;
  if (spec.percent) {
    const f = fieldOf(model, spec.percent, '进度');
    const c = f.columns.value;
    if (!c || c.kind !== 'numeric') throw badRequest(`字段「${nameOf(f)}」不是数字，不能作为进度`);
    percent = sql`t.${sql.id(c.name)}`;
  }
  let start: RawBuilder<unknown> = sql`NULL::date`;
  let end: RawBuilder<unknown> = sql`NULL::date`;
  if (spec.period) {
    if (spec.start || spec.end) throw badRequest('工期与开始、结束日期只能选一种');
    [start, end] = periodColumns(model, spec.period);
  } else if (spec.start || spec.end) {
    if (!spec.start || !spec.end) throw badRequest('须同时指定开始日期和结束日期');
    start = dateColumn(model, spec.start, '开始日期');
    end = dateColumn(model, spec.end, '结束日期');
  }
  if (!spec.percent && !spec.period && !spec.start) throw badRequest('进度看板须指定进度字段或工期');
  const group = spec.group ? scalar(model, spec.group, '分组') : undefined;
  const where = panelWhere(model, spec.filter, spec.scope, reader, ctx, spec.restrict);
  const from = sql`${sql.id(model.schema, model.main.table.name)} t`;
  const g = group?.key ?? sql`NULL`;
  const gv = group?.view ?? sql`NULL::text`;
  const l = sql`coalesce(${label.view}, ${label.key}::text)`;
  const query = sql<ProgressRow>`SELECT t.id AS id, ${l} AS l, ${g} AS g, ${gv} AS gv, ${percent} AS p, ${start} AS s, ${end} AS e
    FROM ${from} WHERE ${where} ORDER BY 3 ASC NULLS LAST, 2 ASC NULLS LAST, 1 ASC LIMIT ${spec.limit}`;
  return { query, group: group?.f };
}
