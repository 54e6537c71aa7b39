/** Changes a column's type while keeping every value, or refuses with a clear message. */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/types.js';
import { badRequest } from '../../http/HttpError.js';
import { KIND_SQL, type ColumnKind } from './types.js';

/** Chinese names of the storage kinds, for messages. */
export const KIND_LABEL: Record<ColumnKind, string> = {
  text: '文本', numeric: '数字', boolean: '开关', date: '日期', timestamp: '日期时间', jsonb: '单值选项', jsonb_list: '多值列表',
};

interface Conversion {
  /** SQL of the new value computed from `c` (the column reference). */
  using: (c: RawBuilder<unknown>) => RawBuilder<unknown>;
  /** Rows for which this condition holds would lose data: refuse when any exist. */
  loses?: (c: RawBuilder<unknown>) => RawBuilder<unknown>;
}

// An empty list (what a single choice once held when cleared) is no value at all.
const scalarText = (c: RawBuilder<unknown>) => sql`CASE WHEN ${c} = '[]'::jsonb THEN NULL WHEN jsonb_typeof(${c}) IN ('array','object') THEN ${c}::text ELSE ${c} #>> '{}' END`;
const cast = (kind: ColumnKind) => (c: RawBuilder<unknown>) => sql`NULLIF(btrim(${c}::text), '')::${sql.raw(KIND_SQL[kind].replace(' COLLATE "C"', ''))}`;

/** The conversion from one kind to another, or null when no value could survive it. */
function conversion(from: ColumnKind, to: ColumnKind): Conversion | null {
  if (to === 'text') {
    // A list of one plain value (a multiple choice made single) keeps that value; others their JSON text.
    if (from === 'jsonb_list') return { using: (c) => sql`CASE WHEN jsonb_typeof(${c}) = 'array' AND jsonb_array_length(${c}) = 1 AND jsonb_typeof(${c} -> 0) NOT IN ('array','object') THEN ${c} ->> 0 ELSE ${scalarText(c)} END` };
    return { using: from === 'jsonb' ? scalarText : (c) => sql`${c}::text` };
  }
  if (from === 'jsonb' && to === 'jsonb_list') {
    return { using: (c) => sql`CASE WHEN jsonb_typeof(${c}) = 'array' THEN ${c} ELSE jsonb_build_array(${c}) END` };
  }
  if (from === 'jsonb_list' && to === 'jsonb') {
    return {
      using: (c) => sql`CASE WHEN jsonb_typeof(${c}) = 'array' THEN ${c} -> 0 ELSE ${c} END`,
      loses: (c) => sql`jsonb_typeof(${c}) = 'array' AND jsonb_array_length(${c}) > 1`,
    };
  }
  if (to === 'jsonb') return { using: (c) => sql`to_jsonb(${c})` };
  if (to === 'jsonb_list') return { using: (c) => sql`jsonb_build_array(${c})` };
  if (from === 'date' && to === 'timestamp') return { using: (c) => sql`${c}::timestamp(0)` };
  if (from === 'timestamp' && to === 'date') {
    return { using: (c) => sql`${c}::date`, loses: (c) => sql`${c}::time <> '00:00'::time` };
  }
  if (from === 'text') {
    const loses = to === 'numeric'
      ? (c: RawBuilder<unknown>) => sql`btrim(${c}) <> '' AND btrim(${c}) !~ '^[-+]?[0-9]+(\\.[0-9]+)?$'`
      : undefined;
    return { using: cast(to), loses };
  }
  if (from === 'jsonb' || from === 'jsonb_list') {
    const el = (c: RawBuilder<unknown>) => (from === 'jsonb_list' ? sql`(${c} ->> 0)` : sql`(CASE WHEN ${c} = '[]'::jsonb THEN NULL ELSE ${c} #>> '{}' END)`);
    return {
      using: (c) => cast(to)(el(c)),
      loses: (c) => (from === 'jsonb_list' ? sql`jsonb_array_length(${c}) > 1` : sql`jsonb_typeof(${c}) IN ('array','object') AND ${c} <> '[]'::jsonb`),
    };
  }
  return null;
}

/** Retypes `schema.table.column` from one kind to another inside the caller's transaction. */
export async function retypeColumn(
  trx: Kysely<Database>, schema: string, table: string, column: string, from: ColumnKind, to: ColumnKind, label: string,
): Promise<void> {
  if (from === to) return;
  const t = sql.id(schema, table);
  const c = sql.id(column) as unknown as RawBuilder<unknown>;
  const refuse = () =>
    badRequest(`字段「${label}」已有数据，无法从${KIND_LABEL[from]}改为${KIND_LABEL[to]}而不丢失数据，修改未保存`);
  const hasData = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${t} WHERE ${c} IS NOT NULL LIMIT 1) x`.execute(trx);
  const sqlType = sql.raw(KIND_SQL[to]);
  if (hasData.rows[0].n === 0) {
    await sql`ALTER TABLE ${t} ALTER COLUMN ${c} TYPE ${sqlType} USING NULL`.execute(trx);
    return;
  }
  const conv = conversion(from, to);
  if (!conv) throw refuse();
  if (conv.loses) {
    const bad = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${t} WHERE ${c} IS NOT NULL AND (${conv.loses(c)}) LIMIT 1) x`.execute(trx);
    if (bad.rows[0].n > 0) throw refuse();
  }
  // A cast that fails on some value (text → date) rolls back to the savepoint and is refused.
  await sql`SAVEPOINT fw_retype`.execute(trx);
  try {
    if (KIND_SQL[from] === KIND_SQL[to]) {
      await sql`UPDATE ${t} SET ${c} = ${conv.using(c)} WHERE ${c} IS NOT NULL`.execute(trx);
    } else {
      await sql`ALTER TABLE ${t} ALTER COLUMN ${c} TYPE ${sqlType} USING ${conv.using(c)}`.execute(trx);
    }
  } catch {
    await sql`ROLLBACK TO SAVEPOINT fw_retype`.execute(trx);
    throw refuse();
  }
  await sql`RELEASE SAVEPOINT fw_retype`.execute(trx);
}

/**
 * Whether `retypeColumn` would refuse, found without changing anything: the same loss checks,
 * and the conversion computed over every stored value in a SELECT (a cast that fails on some value
 * is caught under a savepoint of the caller's transaction). Answers the refusal, or null.
 */
export async function retypeRefusal(
  trx: Kysely<Database>, schema: string, table: string, column: string, from: ColumnKind, to: ColumnKind, label: string,
): Promise<string | null> {
  if (from === to) return null;
  const t = sql.id(schema, table);
  const c = sql.id(column) as unknown as RawBuilder<unknown>;
  const refusal = `字段「${label}」已有数据，无法从${KIND_LABEL[from]}改为${KIND_LABEL[to]}而不丢失数据，修改未保存`;
  const hasData = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${t} WHERE ${c} IS NOT NULL LIMIT 1) x`.execute(trx);
  if (hasData.rows[0].n === 0) return null;
  const conv = conversion(from, to);
  if (!conv) return refusal;
  if (conv.loses) {
    const bad = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${t} WHERE ${c} IS NOT NULL AND (${conv.loses(c)}) LIMIT 1) x`.execute(trx);
    if (bad.rows[0].n > 0) return refusal;
  }
  await sql`SAVEPOINT fw_retype_check`.execute(trx);
  try {
    await sql`SELECT count(v)::int AS n FROM (SELECT ${conv.using(c)} AS v FROM ${t} WHERE ${c} IS NOT NULL) x`.execute(trx);
    return null;
  } catch {
    return refusal;
  } finally {
    await sql`ROLLBACK TO SAVEPOINT fw_retype_check`.execute(trx);
    await sql`RELEASE SAVEPOINT fw_retype_check`.execute(trx);
  }
}
