/** SQL conditions over one field's columns: emptiness, value match, ranges (CONTRACT.md §7). */
import { sql, type RawBuilder } from 'kysely';
import { badRequest } from '../../http/HttpError.js';
import type { ModelField } from './formModel.js';
import type { StorageColumn } from '../storage/types.js';
import { capValues, isBlank, likePattern, toBoolean, toDateText, toNumber, toTextList } from './values.js';

type Cond = RawBuilder<unknown>;

const ref = (alias: string, c: StorageColumn): Cond => sql`${sql.id(alias, c.name)}`;

/** "Empty" means null, '' or [] (and a JSON null or "" for single choices of an old jsonb snapshot). */
export function isEmptyColumn(alias: string, c: StorageColumn): Cond {
  const r = ref(alias, c);
  switch (c.kind) {
    case 'text': return sql`(${r} IS NULL OR ${r} = '')`;
    case 'jsonb': return sql`(${r} IS NULL OR ${r} IN ('null'::jsonb, '""'::jsonb, '[]'::jsonb))`;
    case 'jsonb_list': return sql`(${r} IS NULL OR ${r} IN ('null'::jsonb, '[]'::jsonb))`;
    default: return sql`${r} IS NULL`;
  }
}

/** The field's emptiness: a date range is empty when both ends are. */
export function fieldIsEmpty(alias: string, f: ModelField): Cond {
  const main = f.columns.value;
  if (main) return isEmptyColumn(alias, main);
  const parts = [f.columns.start, f.columns.end].filter(Boolean).map((c) => isEmptyColumn(alias, c!));
  if (!parts.length) throw badRequest(`字段「${f.def.label}」不能搜索`);
  return sql`(${sql.join(parts, sql` AND `)})`;
}

/** Field types holding one choice in a text or numeric column (ADR 1010). */
const SCALAR_CHOICES: ReadonlySet<string> = new Set(['select', 'radio', 'user', 'dept', 'relatedForm']);

/** Whether the field holds one choice (an option value or an id) in a scalar column: it matches by equality. */
export function isScalarChoice(f: ModelField): boolean {
  const kind = f.columns.value?.kind;
  return SCALAR_CHOICES.has(f.def.funcType) && (kind === 'text' || kind === 'numeric');
}

const NUMBER_TEXT = /^-?[0-9]{1,20}(\.[0-9]{1,20})?$/;

/**
 * A list holds one of `values` (an element equal to it as a text, a number or a boolean): one
 * `@>` probe per value, OR-ed, which the column's GIN index (jsonb_ops) serves as a BitmapOr
 * (`@> ANY(array)` would not be: GIN cannot search an array of keys).
 */
function listContainsAny(r: Cond, values: string[]): Cond {
  const probes = new Set<string>();
  for (const v of values) {
    probes.add(JSON.stringify([v]));
    // As a number ("007" must not reach jsonb as the invalid literal [007]); 1.5 matches 1.50.
    if (NUMBER_TEXT.test(v)) probes.add(JSON.stringify([Number(v)]));
    if (v === 'true' || v === 'false') probes.add(`[${v}]`);
  }
  return sql`(${sql.join([...probes].map((p) => sql`${r} @> ${p}::jsonb`), sql` OR `)})`;
}

/**
 * One choice equals one of `values`, compared as the column's own type so its `(col, id)` btree
 * serves it. One value is a plain `=`: the index then also gives the rows in id order, so a page
 * sorted by id reads only its own rows (PostgreSQL before 17 cannot do that for `= ANY`).
 */
function choiceEquals(r: Cond, c: StorageColumn, values: string[]): Cond {
  const list = c.kind === 'text' ? values : values.filter((v) => NUMBER_TEXT.test(v));
  const type = sql.raw(c.kind === 'text' ? 'text' : 'numeric');
  if (!list.length) return sql`FALSE`;
  if (list.length === 1) return sql`${r} = ${list[0]}::${type}`;
  return sql`${r} = ANY(${list}::${type}[])`;
}

/** Matches the field's value: `like` (substring, any case) or `equal` (any of the values). */
export function valueMatches(alias: string, f: ModelField, value: unknown, searchType: string | undefined): Cond {
  const label = f.def.label || f.def.enName;
  if (Array.isArray(value)) capValues(value, label);
  const c = f.columns.value;
  if (!c) {
    if (Array.isArray(value) && value.length === 2) return rangeMatches(alias, f, value[0], value[1]);
    throw badRequest(`字段「${label}」不能按值搜索`);
  }
  const r = ref(alias, c);
  const like = searchType === 'like';
  if (isScalarChoice(f)) {
    if (like) return textOrViewLike(alias, f, r, value, label);
    const values = toTextList(Array.isArray(value) ? value.flat() : value, label);
    return values.length ? choiceEquals(r, c, values) : sql`TRUE`;
  }
  switch (c.kind) {
    case 'text': {
      const values = toTextList(value, label);
      if (!values.length) return sql`TRUE`;
      if (searchType === 'equal' || (searchType === undefined && Array.isArray(value))) return sql`${r} = ANY(${values}::text[])`;
      return sql`(${sql.join(values.map((v) => sql`${r} ILIKE ${likePattern(v)}`), sql` OR `)})`;
    }
    case 'numeric': {
      if (Array.isArray(value) && value.length === 2 && searchType !== 'equal') return rangeMatches(alias, f, value[0], value[1]);
      const values = (Array.isArray(value) ? value : [value]).filter((v) => !isBlank(v)).map((v) => toNumber(v, label));
      return sql`${r} = ANY(${values.map(String)}::numeric[])`;
    }
    case 'boolean':
      return sql`${r} = ${toBoolean(Array.isArray(value) ? value[0] : value, label)}`;
    case 'date':
    case 'timestamp': {
      if (Array.isArray(value)) return rangeMatches(alias, f, value[0], value[1]);
      const d = toDateText(value, label);
      return sql`${r}::date = ${d.text.slice(0, 10)}::date`;
    }
    case 'jsonb':
    case 'jsonb_list': {
      if (like) return textOrViewLike(alias, f, r, value, label);
      // A cascader search names a path: its last level is what the record must contain.
      const raw = f.def.funcType === 'cascader' && Array.isArray(value) && value.length && !Array.isArray(value[0]) ? [value[value.length - 1]] : value;
      const values = toTextList(Array.isArray(raw) ? raw.flat() : raw, label);
      if (!values.length) return sql`TRUE`;
      // A single jsonb value is a snapshot from before migration 150 (kept readable).
      return c.kind === 'jsonb_list' ? listContainsAny(r, values) : sql`(${r} #>> '{}') = ANY(${values}::text[])`;
    }
  }
}

/** `like` on a choice: its stored value as text, or its `$view` display text, contains the words. */
function textOrViewLike(alias: string, f: ModelField, r: Cond, value: unknown, label: string): Cond {
  const text = toTextList(value, label).join(' ');
  const view = f.columns.view;
  const onView = view ? sql` OR ${ref(alias, view)} ILIKE ${likePattern(text)}` : sql``;
  return sql`((${r})::text ILIKE ${likePattern(text)}${onView})`;
}

/** Inclusive range on a number or date column; a pure-date end covers that whole day. */
function columnRange(alias: string, c: StorageColumn, start: unknown, end: unknown, label: string): Cond[] {
  const r = ref(alias, c);
  const out: Cond[] = [];
  if (c.kind === 'numeric') {
    if (!isBlank(start)) out.push(sql`${r} >= ${String(toNumber(start, label))}::numeric`);
    if (!isBlank(end)) out.push(sql`${r} <= ${String(toNumber(end, label))}::numeric`);
  } else if (c.kind === 'date' || c.kind === 'timestamp') {
    const type = sql.raw(c.kind === 'date' ? 'date' : 'timestamp');
    if (!isBlank(start)) out.push(sql`${r} >= ${toDateText(start, label).text}::${type}`);
    if (!isBlank(end)) {
      const e = toDateText(end, label);
      out.push(c.kind === 'timestamp' && e.pureDate
        ? sql`${r} < (${e.text}::date + 1)::timestamp`
        : sql`${r} <= ${e.text}::${type}`);
    }
  } else if (c.kind === 'text') {
    if (!isBlank(start)) out.push(sql`${r} >= ${String(start)}`);
    if (!isBlank(end)) out.push(sql`${r} <= ${String(end)}`);
  } else {
    throw badRequest(`字段「${label}」不能按范围搜索`);
  }
  return out;
}

/**
 * `$start`/`$end` of a field. A dateRange record matches when its own range overlaps the
 * searched one (a missing end counts as its start).
 */
export function rangeMatches(alias: string, f: ModelField, start: unknown, end: unknown): Cond {
  const label = f.def.label || f.def.enName;
  if (isBlank(start) && isBlank(end)) return sql`TRUE`;
  const { value, start: s, end: e } = f.columns;
  let parts: Cond[];
  if (value) parts = columnRange(alias, value, start, end, label);
  else if (s && e) {
    const type = sql.raw(s.kind === 'date' ? 'date' : 'timestamp');
    const recEnd = sql`COALESCE(${ref(alias, e)}, ${ref(alias, s)})`;
    const recStart = sql`COALESCE(${ref(alias, s)}, ${ref(alias, e)})`;
    parts = [];
    if (!isBlank(start)) parts.push(sql`${recEnd} >= ${toDateText(start, label).text}::${type}`);
    if (!isBlank(end)) {
      const d = toDateText(end, label);
      parts.push(s.kind === 'timestamp' && d.pureDate ? sql`${recStart} < (${d.text}::date + 1)::timestamp` : sql`${recStart} <= ${d.text}::${type}`);
    }
  } else throw badRequest(`字段「${label}」不能按范围搜索`);
  return parts.length ? sql`(${sql.join(parts, sql` AND `)})` : sql`TRUE`;
}
