/** Reading form rows: the select list (with casts that keep types stable) and the row mapping. */
import { sql, type RawBuilder } from 'kysely';
import type { ModelTable } from './formModel.js';
import { ROLE_SUFFIX, type StorageColumn } from '../storage/types.js';
import { choiceNumbers } from '../../../../schema-adapters/index.js';
import type { RowKeys } from './listShape.js';

/** A stored choice text that is a constant id (a configured list's value). */
const ID_TEXT = /^-?[0-9]{1,15}$/;

/** Text columns of one choice whose texts may read back as numbers (ADR 1010), by column name. */
const NUMBERS = new WeakMap<ModelTable, Map<string, 'all' | Set<string>>>();

function numberTexts(table: ModelTable): Map<string, 'all' | Set<string>> {
  let out = NUMBERS.get(table);
  if (out) return out;
  out = new Map();
  for (const c of table.table.columns) {
    if (c.kind !== 'text' || c.role !== 'value') continue;
    const def = table.fields.get(c.field)?.def;
    const numbers = def ? choiceNumbers(def) : null;
    if (numbers) out.set(c.name, numbers === 'all' ? 'all' : new Set(numbers));
  }
  NUMBERS.set(table, out);
  return out;
}

/** A choice's stored text as the value the client sent: an option's number stays a number. */
function choiceValue(numbers: 'all' | Set<string>, v: string): string | number {
  return (numbers === 'all' ? ID_TEXT.test(v) : numbers.has(v)) ? Number(v) : v;
}

/** The same in SQL, for rows that leave the database as JSON (bound texts, no literal). */
function choiceJson(r: RawBuilder<unknown>, numbers: 'all' | Set<string>): RawBuilder<unknown> {
  const isNumber = numbers === 'all' ? sql`${r} ~ '^-?[0-9]{1,15}$'` : sql`${r} = ANY(${[...numbers]}::text[])`;
  return sql`CASE WHEN ${isNumber} THEN to_jsonb(${r}::numeric) ELSE to_jsonb(${r}) END`;
}

const MAIN_SYSTEM = ['id', 'sys_status', 'pid', 'create_by', 'create_user_id', 'create_dept_id', 'create_time', 'update_time', 'version'];
const CHILD_SYSTEM = ['id', 'parent_id', 'pid', 'row_order'];

/** One column of a select list (timestamps as text). */
export function columnSelect(alias: string, c: StorageColumn): RawBuilder<unknown> {
  const r = sql.id(alias, c.name);
  // Timestamps leave the database as text so no time zone shifts them; dates already do.
  if (c.kind === 'timestamp') return sql`to_char(${r}, 'YYYY-MM-DD HH24:MI:SS') AS ${sql.id(c.name)}`;
  return sql`${r}`;
}

/** The select list of a table's rows (system columns first). */
export function selectColumns(table: ModelTable, alias: string, child = false): RawBuilder<unknown> {
  const sys = (child ? CHILD_SYSTEM : MAIN_SYSTEM).map((n) => sql`${sql.id(alias, n)}`);
  if (table.view) sys.push(sql`${sql.id(alias, 'data_table')}`);
  return sql.join([...sys, ...table.table.columns.map((c) => columnSelect(alias, c))], sql`, `);
}

/**
 * The keys and values `mapRow` gives, computed by the database, for rows that leave it as JSON
 * text (`row_to_json(r)::text`): the list page then skips pg's row parsing, `mapRow` and the
 * reply's JSON.stringify (together about a fifth of the server's time per list request).
 * Timestamps with time zone read as `Date` → ISO text with milliseconds in UTC, as JSON.stringify
 * writes them; numerics become JSON numbers; jsonb values are embedded as they are.
 * tests/api/records/listJsonRows.test.ts holds the two forms equal for every demo form.
 */
export function jsonSelectList(table: ModelTable, alias: string, keys: RowKeys | null = null): RawBuilder<unknown> {
  // `keys` (a compact list row, query/listShape.ts) keeps some system columns and field columns;
  // null is the full record.
  const sys = MAIN_SYSTEM.filter((n) => !keys || keys.system.has(n)).map((n) => (n === 'create_time' || n === 'update_time'
    ? sql`to_char(${sql.id(alias, n)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${sql.id(n)}`
    : sql`${sql.id(alias, n)}`));
  if (!keys || keys.system.has('sysStatus')) sys.push(sql`${sql.id(alias, 'sys_status')} AS "sysStatus"`);
  // A view's row: the combined id (text) and the source form it comes from (spec 01 §3.3).
  if (table.view) sys.push(sql`${sql.id(alias, 'data_table')}`);
  const numbers = numberTexts(table);
  const cols = table.table.columns.filter((c) => !keys || keys.column(c)).map((c) => {
    const r = sql`${sql.id(alias, c.name)}`;
    const key = sql.id(c.field + ROLE_SUFFIX[c.role]);
    const n = numbers.get(c.name);
    if (n) return sql`${choiceJson(r, n)} AS ${key}`;
    return c.kind === 'timestamp' ? sql`to_char(${r}, 'YYYY-MM-DD HH24:MI:SS') AS ${key}` : sql`${r} AS ${key}`;
  });
  return sql.join([...sys, ...cols], sql`, `);
}

/** A database row as the API's record: logical keys, numbers as numbers, `$view` companions. */
export function mapRow(table: ModelTable, raw: Record<string, unknown>, child = false): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const n of child ? CHILD_SYSTEM : MAIN_SYSTEM) {
    const v = raw[n];
    out[n] = v === null || v === undefined ? null : n === 'create_by' || v instanceof Date || (n === 'id' && table.view) ? v : Number(v);
  }
  if (!child) out.sysStatus = out.sys_status;
  if (table.view) out.data_table = raw.data_table ?? null;
  const numbers = numberTexts(table);
  for (const c of table.table.columns) {
    const v = raw[c.name];
    const n = numbers.get(c.name);
    out[c.field + ROLE_SUFFIX[c.role]] = v === null || v === undefined ? null : c.kind === 'numeric' ? Number(v) : n ? choiceValue(n, String(v)) : v;
  }
  return out;
}
