/** One `searchConList` entry (spec 01 §3.5) compiled against a table. */
import { sql, type RawBuilder } from 'kysely';
import { badRequest } from '../../http/HttpError.js';
import type { FormModel, ModelTable } from './formModel.js';
import { fieldIsEmpty, isScalarChoice, rangeMatches, valueMatches } from './fieldConditions.js';
import { isBlank, likePattern } from './values.js';
import type { SearchEntry } from '../../../shared/records.js';

export type { SearchEntry };

type Cond = RawBuilder<unknown>;

/** Conditions one list request may carry (the search panel sends one per column). */
export const MAX_SEARCH_ENTRIES = 200;

function asEntry(raw: unknown): SearchEntry {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw) || typeof (raw as SearchEntry).enName !== 'string') {
    throw badRequest('搜索条件格式不正确');
  }
  const e = raw as SearchEntry;
  if (e.searchType !== undefined && e.searchType !== null && e.searchType !== 'like' && e.searchType !== 'equal') throw badRequest('搜索方式须为 like 或 equal');
  if (e.searchRange !== undefined && e.searchRange !== null && !['all', 'notNull', 'isNull'].includes(e.searchRange)) throw badRequest('搜索范围须为 all、notNull 或 isNull');
  return e;
}

/**
 * Compiles entries against `table` (alias `alias`); sub-form entries become EXISTS over the child
 * (in the same tenant schema, so without a tenant predicate: see listQuery.assertTenantTable).
 */
export function compileEntries(model: FormModel, table: ModelTable, alias: string, rawEntries: unknown): Cond[] {
  if (rawEntries === undefined || rawEntries === null) return [];
  if (!Array.isArray(rawEntries)) throw badRequest('searchConList 须为数组');
  if (rawEntries.length > MAX_SEARCH_ENTRIES) throw badRequest(`搜索条件最多${MAX_SEARCH_ENTRIES}条`);
  const out: Cond[] = [];
  for (const raw of rawEntries) {
    const e = asEntry(raw);
    const name = e.enName;
    const sub = alias === 't' ? model.subs.get(name) : undefined;
    if (sub) {
      const inner = compileEntries(model, sub, 'c', e.children ?? []);
      const range = e.searchRange ?? 'all';
      const exists = sql`EXISTS (SELECT 1 FROM ${sql.id(model.schema, sub.table.name)} c WHERE c.parent_id = t.id${inner.length ? sql` AND ${sql.join(inner, sql` AND `)}` : sql``})`;
      if (range === 'isNull') out.push(sql`NOT ${exists}`);
      else if (range === 'notNull' || inner.length) out.push(exists);
      continue;
    }
    const field = table.fields.get(name);
    if (!field) throw badRequest(`未知字段：${name}`);
    const range = e.searchRange ?? 'all';
    if (range === 'notNull') out.push(sql`NOT ${fieldIsEmpty(alias, field)}`);
    if (range === 'isNull') out.push(fieldIsEmpty(alias, field));
    const value = e[name];
    if (!isBlank(value)) out.push(valueMatches(alias, field, value, e.searchType ?? (field.columns.value?.kind === 'text' && !isScalarChoice(field) ? 'like' : undefined)));
    const start = e[`${name}$start`];
    const end = e[`${name}$end`];
    if (!isBlank(start) || !isBlank(end)) out.push(rangeMatches(alias, field, start, end));
    const view = e[`${name}$view`];
    if (isBlank(value) && !isBlank(view) && field.columns.view) {
      if (typeof view !== 'string') throw badRequest(`「${field.def.label}」的搜索值格式不正确`);
      out.push(sql`${sql.id(alias, field.columns.view.name)} ILIKE ${likePattern(view)}`);
    }
  }
  return out;
}
