/**
 * The list query of spec 01 §3.5 / CONTRACT.md §7 compiled to a WHERE clause and an ORDER BY.
 * Identifiers come only from the stored definition; every value is a bound parameter.
 */
import { sql, type RawBuilder } from 'kysely';
import { badRequest } from '../../http/HttpError.js';
import type { FormModel } from './formModel.js';
import { compileEntries, MAX_SEARCH_ENTRIES } from './searchEntry.js';
import { isScalarChoice, rangeMatches, valueMatches } from './fieldConditions.js';
import { isSortable } from '../storage/fieldStorage.js';
import { countsOptions } from '../storage/valueCounts.js';
import { capValues, isBlank, likePattern, toNumber, toTextList } from './values.js';
import { tenantSchema } from '../storage/names.js';
import { scopeCondition, type Reader } from './rowScope.js';

type Cond = RawBuilder<unknown>;

/** System columns a query may filter (initFilter) or sort on. */
export const SYSTEM_COLUMNS: Record<string, 'int' | 'text' | 'time'> = {
  id: 'int', sys_status: 'int', pid: 'int', create_by: 'text', create_user_id: 'int', create_dept_id: 'int',
  create_time: 'time', update_time: 'time', version: 'int',
};

/** Statuses a related-form picker may offer (spec 01 §4). */
export const PICKER_STATUSES = [-1, 0, 1];

/**
 * The key under which a list route puts a picker's resolved relateHeadFilter (pickerHeadFilter.ts):
 * a symbol, so no JSON body can carry it.
 */
export const HEAD_FILTER: unique symbol = Symbol('relateHeadFilter');

/** A list body with the server's own keys. */
export type ListBody = Record<string, unknown> & { [HEAD_FILTER]?: Record<string, unknown> };

/** The compiled query: filter, order and page. */
export interface CompiledList {
  where: Cond;
  orderBy: Cond;
  /** The columns `orderBy` reads besides `id`, each once (a query over the matches' sort keys alone selects these). */
  sortColumns: string[];
  /** Direction of the first sort key, which the id tiebreak follows. */
  pageNum: number;
  pageSize: number;
  offset: number;
  exactTotal: boolean;
  /** Whether any condition narrows the rows (an unfiltered list's total is the table's row count). */
  filtered: boolean;
  /** Whether the conditions read the main table alone (its answers may be kept, ADR 1028). */
  mainTableOnly: boolean;
  /**
   * When the only condition is "this select/radio field is one of these options": the column and
   * the options, whose exact count the triggers keep (storage/valueCounts.ts, ADR 1068).
   */
  optionFilter: { column: string; values: string[] } | null;
}

function systemEquals(name: string, value: unknown): Cond {
  const kind = Object.hasOwn(SYSTEM_COLUMNS, name) ? SYSTEM_COLUMNS[name] : undefined;
  const list = capValues(Array.isArray(value) ? value : [value], name).filter((v) => !isBlank(v));
  if (!list.length) return sql`TRUE`;
  if (kind === 'int') return sql`t.${sql.id(name)} = ANY(${list.map((v) => Math.trunc(toNumber(v, name)))}::bigint[])`;
  if (kind === 'text') return sql`t.${sql.id(name)} = ANY(${toTextList(list, name)}::text[])`;
  throw badRequest(`字段「${name}」不能作为固定条件`);
}

function parseInitFilter(model: FormModel, raw: unknown): Cond[] {
  let init = raw;
  if (typeof init === 'string') {
    if (!init.trim()) return [];
    try { init = JSON.parse(init); } catch { throw badRequest('initFilter 格式不正确'); }
  }
  if (init === undefined || init === null) return [];
  if (Array.isArray(init)) return compileEntries(model, model.main, 't', init);
  if (typeof init !== 'object') throw badRequest('initFilter 格式不正确');
  if (Object.keys(init).length > MAX_SEARCH_ENTRIES) throw badRequest(`固定条件最多${MAX_SEARCH_ENTRIES}个`);
  const out: Cond[] = [];
  for (const [key, value] of Object.entries(init as Record<string, unknown>)) {
    const name = key.startsWith('in$_') ? key.slice(4) : key;
    // A type-2 view's ids are text (`{id}@{data_table}`).
    if (name === 'id' && model.main.view) {
      const list = capValues(Array.isArray(value) ? value : [value], name).filter((v) => !isBlank(v));
      if (list.length) out.push(sql`t.id = ANY(${toTextList(list, name)}::text[])`);
      continue;
    }
    if (Object.hasOwn(SYSTEM_COLUMNS, name)) { out.push(systemEquals(name, value)); continue; }
    const m = /^(.*)\$(start|end)$/.exec(name);
    if (m && model.main.fields.has(m[1])) {
      out.push(rangeMatches('t', model.main.fields.get(m[1])!, m[2] === 'start' ? value : undefined, m[2] === 'end' ? value : undefined));
      continue;
    }
    const field = model.main.fields.get(name);
    if (!field) throw badRequest(`未知字段：${name}`);
    if (!isBlank(value)) out.push(valueMatches('t', field, value, 'equal'));
  }
  return out;
}

function isChoiceField(model: FormModel, name: string): boolean {
  const f = model.main.fields.get(name);
  return !!f && isScalarChoice(f);
}

function keywordMatch(model: FormModel, keyword: string): Cond {
  // A choice's stored value is a code, not words: its `$view` text is what the keyword reads.
  const cols = model.main.table.columns.filter((c) => c.kind === 'text' && (c.role === 'view' || (c.role === 'value' && !isChoiceField(model, c.field))));
  if (!cols.length) return sql`FALSE`;
  const p = likePattern(keyword.trim());
  return sql`(${sql.join(cols.map((c) => sql`t.${sql.id(c.name)} ILIKE ${p}`), sql` OR `)})`;
}

type Dir = 'asc' | 'desc';

/** More sort keys than a table has sortable columns is never a real request. */
const MAX_SORT_KEYS = 20;

function direction(order: unknown): Dir {
  if (order === undefined || order === null || order === '') return 'desc';
  const o = String(order).toLowerCase();
  if (o === 'asc' || o === 'ascending') return 'asc';
  if (o === 'desc' || o === 'descending') return 'desc';
  throw badRequest('排序方向须为 asc 或 desc');
}

/** The column a sort key names. */
function sortColumn(model: FormModel, field: unknown): string {
  if (typeof field !== 'string' || !field) throw badRequest('排序字段不能为空');
  // An own-property test: `in` would also accept constructor, toString, __proto__ … (a 500).
  if (Object.hasOwn(SYSTEM_COLUMNS, field)) return field;
  if (field === 'sysStatus') return 'sys_status';
  const byKey = model.main.byKey.get(field);
  const f = model.main.fields.get(field);
  if (f && !isSortable(f.def)) throw badRequest(`字段「${f.def.label}」不能排序`);
  if (!byKey) throw badRequest(`未知的排序字段：${field}`);
  return byKey.name;
}

function compileOrder(model: FormModel, body: Record<string, unknown>): { orderBy: Cond; sortColumns: string[] } {
  const keys: { col: string; dir: Dir }[] = [];
  const multi = body.multiFieldOrder;
  if (multi !== undefined && multi !== null) {
    if (!Array.isArray(multi)) throw badRequest('multiFieldOrder 须为数组');
    if (multi.length > MAX_SORT_KEYS) throw badRequest(`排序字段最多${MAX_SORT_KEYS}个`);
    for (const o of multi) {
      if (!o || typeof o !== 'object') throw badRequest('multiFieldOrder 格式不正确');
      const { field, order } = o as { field?: unknown; order?: unknown };
      keys.push({ col: sortColumn(model, field), dir: direction(order) });
    }
  }
  const single = body.sysOrderBy as { field?: unknown; order?: unknown } | undefined | null;
  if (!keys.length && single && typeof single === 'object' && single.field) {
    keys.push({ col: sortColumn(model, single.field), dir: direction(single.order) });
  } else if (single !== undefined && single !== null && typeof single !== 'object') throw badRequest('sysOrderBy 格式不正确');
  // The id tiebreak follows the first key's direction, so an index on (column, id) serves it.
  const tie = keys[0]?.dir ?? 'desc';
  const parts = keys.map((k) => sql`t.${sql.id(k.col)} ${sql.raw(k.dir.toUpperCase())}`);
  parts.push(sql`t.id ${sql.raw(tie.toUpperCase())}`);
  return { orderBy: sql.join(parts, sql`, `), sortColumns: [...new Set(keys.map((k) => k.col).filter((c) => c !== 'id'))] };
}

function paging(body: Record<string, unknown>): { pageNum: number; pageSize: number } {
  const num = body.pageNum === undefined || body.pageNum === null || body.pageNum === '' ? 1 : Number(body.pageNum);
  const size = body.pageSize === undefined || body.pageSize === null || body.pageSize === '' ? 10 : Number(body.pageSize);
  if (!Number.isInteger(num) || num < 1 || num > 1_000_000) throw badRequest('页码须为1到1000000之间的整数');
  if (!Number.isInteger(size) || size < 0 || size > 1000) throw badRequest('每页条数须在1到1000之间');
  return { pageNum: num, pageSize: size === 0 ? 10 : size };
}

/**
 * The form's table lives in the caller's tenant schema `t_N`, whose tables hold tenant N's rows
 * only (a CHECK on every one of them, ADR 0930), so no condition on `tenant_id` is written: it
 * would be true of every row and costs index-only plans. What keeps another tenant's rows out is
 * the schema, so it is checked here against the caller's tenant.
 */
export function assertTenantTable(model: FormModel, tenantId: number): void {
  if (model.form.tenantId !== tenantId || model.schema !== tenantSchema(tenantId)) throw new Error('Form model of another tenant');
}

function whereParts(model: FormModel, body: Record<string, unknown>, reader: Reader): Cond[] {
  assertTenantTable(model, reader.tenantId);
  const conds: Cond[] = [];
  // The caller's data scope (数据权限, issue 35): here, so every read built on this query has it.
  const scope = scopeCondition(reader.scope, 't', !!model.main.view);
  if (scope) conds.push(scope);
  conds.push(...compileEntries(model, model.main, 't', body.searchConList));
  conds.push(...parseInitFilter(model, body.initFilter));
  conds.push(...parseInitFilter(model, (body as ListBody)[HEAD_FILTER]));
  if (!isBlank(body.sysStatus)) conds.push(systemEquals('sys_status', body.sysStatus));
  if (!isBlank(body['in$_sys_status'])) conds.push(systemEquals('sys_status', body['in$_sys_status']));
  if (body.scene === 'relateForm') conds.push(sql`t.sys_status = ANY(${PICKER_STATUSES}::int[])`);
  if (!isBlank(body.keyword)) {
    if (typeof body.keyword !== 'string') throw badRequest('关键词须为文本');
    conds.push(keywordMatch(model, body.keyword));
  }
  // Top-level `{field}$start` / `{field}$end` (spec 01 §3.5).
  for (const [key, value] of Object.entries(body)) {
    const m = /^(.+)\$(start|end)$/.exec(key);
    if (!m || isBlank(value)) continue;
    const field = model.main.fields.get(m[1]);
    if (!field) throw badRequest(`未知字段：${m[1]}`);
    if (m[2] === 'start') conds.push(rangeMatches('t', field, value, body[`${m[1]}$end`]));
    else if (isBlank(body[`${m[1]}$start`])) conds.push(rangeMatches('t', field, undefined, value));
  }
  return conds;
}

/**
 * Whether the conditions of `body` read no table but the main one. Sub-form entries (in
 * `searchConList` or an array `initFilter`) are EXISTS over a child table, whose writes move no
 * generation, so an answer under them is not kept (records/cache, ADR 1028; its `readsRowOnly`
 * also refuses any WHERE naming another table).
 */
export function readsMainTableOnly(model: FormModel, body: Record<string, unknown>): boolean {
  if (model.main.view) return false;
  let init = body.initFilter;
  if (typeof init === 'string') { try { init = JSON.parse(init); } catch { return false; } }
  const lists = [body.searchConList, init].filter(Array.isArray) as unknown[][];
  return !lists.some((list) => list.some((e) => !!e && typeof e === 'object' && typeof (e as { enName?: unknown }).enName === 'string'
    && model.subs.has((e as { enName: string }).enName)));
}

const joinWhere = (conds: Cond[]): Cond => (conds.length ? sql.join(conds, sql` AND `) : sql`TRUE`);

/**
 * Compiles the WHERE clause alone (lists, totals, suggestions and ids share it), the reader's data
 * scope included: a read that needs every row says so with `ALL_ROWS` (query/rowScope.ts).
 */
export function compileWhere(model: FormModel, body: Record<string, unknown>, reader: Reader): Cond {
  return joinWhere(whereParts(model, body, reader));
}

/**
 * The list's one condition as "a single-choice field is one of these options", or null. Called
 * with the compiled conditions: exactly one, made by the body's one search entry, which names a
 * select or radio field stored as text and asks for equal values (nothing else narrows the rows:
 * no scope, no fixed filter, no status, no keyword, no range).
 */
function optionFilterOf(model: FormModel, body: Record<string, unknown>, conds: Cond[]): CompiledList['optionFilter'] {
  const list = body.searchConList;
  if (conds.length !== 1 || !Array.isArray(list) || list.length !== 1 || model.main.view) return null;
  const e = list[0] as Record<string, unknown>;
  const name = typeof e?.enName === 'string' ? e.enName : '';
  const field = model.main.fields.get(name);
  const c = field?.columns.value;
  if (!field || !c || c.kind !== 'text' || !isScalarChoice(field) || !countsOptions(field.def.funcType)) return null;
  if ((e.searchRange ?? 'all') !== 'all' || e.searchType === 'like') return null;
  if ([`${name}$start`, `${name}$end`, `${name}$view`].some((k) => !isBlank(e[k]))) return null;
  const value = e[name];
  if (isBlank(value)) return null;
  const values = toTextList(Array.isArray(value) ? value.flat() : value, field.def.label);
  return values.length ? { column: c.name, values } : null;
}

/** Compiles a whole list request body (the reader's data scope included). */
export function compileList(model: FormModel, body: Record<string, unknown>, reader: Reader): CompiledList {
  const { pageNum, pageSize } = paging(body);
  const conds = whereParts(model, body, reader);
  return {
    where: joinWhere(conds),
    filtered: conds.length > 0,
    mainTableOnly: readsMainTableOnly(model, body),
    optionFilter: optionFilterOf(model, body, conds),
    ...compileOrder(model, body),
    pageNum,
    pageSize,
    offset: (pageNum - 1) * pageSize,
    exactTotal: body.exactTotal === true,
  };
}
