/**
 * Writes of imported records inside the import's transaction: on PostgreSQL one `COPY … FROM
 * STDIN` (text format, pg-copy-streams, ADR 0810) per batch and table on the transaction's own
 * connection; on PGlite one multi-row INSERT per slice of bound parameters.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../../db/types.js';
import type { FormModel, ModelTable } from '../query/formModel.js';
import { bindPlain, columnNamed, type PlainValue, type PlainValues } from '../write/coerceRow.js';
import type { WriteMeta } from './recordWrites.js';

/** PostgreSQL binds at most 65,535 parameters a statement; stay well below. */
const MAX_PARAMS = 30_000;

/** Where the import's rows go: the transaction, and on PostgreSQL its connection for COPY. */
export interface ImportTarget {
  trx: Kysely<Database>;
  /** The transaction's own client (PostgreSQL); null → multi-row INSERTs (PGlite). */
  copy: pg.ClientBase | null;
}

export interface CopyRow { fixed: (string | number | null)[]; values: PlainValues }

const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * One value in COPY's text format: `\N` for NULL, `t`/`f`, else the text with backslash, tab,
 * newline and carriage return escaped (the only characters the format gives a meaning to). The
 * server reads the text with the column type's input function, as it reads a bound text value
 * cast to that type, so a value means the same through COPY as through an INSERT.
 */
export function copyField(v: PlainValue | number | undefined): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'boolean') return v ? 't' : 'f';
  const s = typeof v === 'number' ? String(v) : v;
  return COPY_SPECIAL.test(s) ? s.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]) : s;
}

/** A double-quoted identifier (storage names are validated; quotes are doubled all the same). */
function quoteId(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The value columns any row of the batch sets, in first-seen order. */
function columnsOf(rows: CopyRow[]): string[] {
  const cols = new Set<string>();
  for (const r of rows) for (const k of r.values.keys()) cols.add(k);
  return [...cols];
}

/**
 * A batch in COPY's text format: the value columns any row sets (after the fixed ones) and the
 * lines. A column a row lacks is NULL: form columns are added without a default
 * (storage/migrateTables.ts), so that is what the INSERT's DEFAULT gives them too.
 */
export function copyBatch(rows: CopyRow[]): { columns: string[]; text: string } {
  const cols = columnsOf(rows);
  let text = '';
  for (const r of rows) {
    let line = '';
    for (let j = 0; j < r.fixed.length; j++) line += (j ? '\t' : '') + copyField(r.fixed[j]);
    for (const c of cols) line += `\t${copyField(r.values.get(c))}`;
    text += `${line}\n`;
  }
  return { columns: cols, text };
}

/** Sends COPY lines (copyBatch's text, or its bytes) into `schema.table` on the transaction's client. */
export async function copyLines(client: pg.ClientBase, schema: string, table: string, names: string[], data: string | Uint8Array): Promise<void> {
  const stream = client.query(copyFrom(`COPY ${quoteId(schema)}.${quoteId(table)} (${names.map(quoteId).join(', ')}) FROM STDIN`));
  await new Promise<void>((resolve, reject) => {
    stream.on('error', reject);
    stream.on('finish', resolve);
    stream.end(data);
  });
}

async function copyRows(client: pg.ClientBase, schema: string, table: string, fixedNames: string[], rows: CopyRow[]): Promise<void> {
  if (!rows.length) return;
  const { columns, text } = copyBatch(rows);
  await copyLines(client, schema, table, [...fixedNames, ...columns], text);
}

/** The fixed columns of an imported main row and their values (ids, when reserved, come first). */
export function mainFixed(meta: WriteMeta, status: number): { names: string[]; values: (string | number | null)[] } {
  return {
    names: ['tenant_id', 'sys_status', 'create_by', 'create_user_id', 'create_dept_id', 'update_by'],
    values: [meta.tenantId, status, meta.userName, meta.userId, meta.deptId ?? null, meta.userName],
  };
}

/** One multi-row INSERT per slice of at most MAX_PARAMS parameters; a column a row lacks takes its default. */
async function insertRows(trx: Kysely<Database>, model: ModelTable, table: RawBuilder<unknown>, fixedNames: string[], rows: CopyRow[]): Promise<void> {
  if (!rows.length) return;
  const cols = columnsOf(rows);
  const kinds = cols.map((c) => columnNamed(model, c)?.kind ?? 'text');
  const per = Math.max(1, Math.floor(MAX_PARAMS / (cols.length + fixedNames.length)));
  const names = sql.join([...fixedNames, ...cols].map((c) => sql.id(c)));
  for (let i = 0; i < rows.length; i += per) {
    const values = rows.slice(i, i + per).map((r) => sql`(${sql.join([
      ...r.fixed.map((v) => sql`${v}`),
      ...cols.map((c, j): RawBuilder<unknown> => (r.values.has(c) ? bindPlain(kinds[j], r.values.get(c)!) ?? sql`NULL` : sql`DEFAULT`)),
    ])})`);
    await sql`INSERT INTO ${table} (${names}) VALUES ${sql.join(values)}`.execute(trx);
  }
}

async function writeRows(to: ImportTarget, schema: string, model: ModelTable, fixedNames: string[], rows: CopyRow[]): Promise<void> {
  if (to.copy) await copyRows(to.copy, schema, model.table.name, fixedNames, rows);
  else await insertRows(to.trx, model, sql.id(schema, model.table.name), fixedNames, rows);
}

/**
 * Inserts main rows. With `ids` (reserved by reserveIds) each row gets its id, so sub-rows can
 * name their parent without relying on the order of a RETURNING list. Answers how many went in.
 */
export async function insertMainRows(to: ImportTarget, m: FormModel, rows: PlainValues[], meta: WriteMeta, status: number, ids?: number[]): Promise<number> {
  const { names, values: fixed } = mainFixed(meta, status);
  await writeRows(to, m.schema, m.main, ids ? ['id', ...names] : names, rows.map((values, i) => ({ fixed: ids ? [ids[i], ...fixed] : fixed, values })));
  return rows.length;
}

/** Takes `n` ids from the main table's identity sequence. */
export async function reserveIds(trx: Kysely<Database>, m: FormModel, n: number): Promise<number[]> {
  const table = `${JSON.stringify(m.schema)}.${JSON.stringify(m.main.table.name)}`;
  const r = await sql<{ id: string }>`SELECT nextval(pg_get_serial_sequence(${table}, 'id')) AS id FROM generate_series(1, ${n})`.execute(trx);
  return r.rows.map((x) => Number(x.id));
}

/** Inserts sub-form rows under their parents, in sheet order. */
export async function insertChildRows(to: ImportTarget, m: FormModel, sub: ModelTable, tenantId: number, rows: { parentId: number; order: number; values: PlainValues }[]): Promise<void> {
  await writeRows(to, m.schema, sub, ['tenant_id', 'parent_id', 'row_order'], rows.map((r) => ({ fixed: [tenantId, r.parentId, r.order], values: r.values })));
}
