/** A form with one field of each searchable shape, and seeded pseudo-random rows for it. */
import { sql, type Kysely } from 'kysely';

export const SAMPLE_FORM = {
  enName: 'sample_list',
  cnName: '列表样例',
  fields: [
    { enName: 'title', label: '标题', funcType: 'input' },
    { enName: 'code', label: '编码', funcType: 'input' },
    { enName: 'amount', label: '金额', funcType: 'number', precision: 2 },
    { enName: 'qty', label: '数量', funcType: 'number', precision: 0 },
    { enName: 'kind', label: '类别', funcType: 'select', options: [{ label: '甲', value: 'a' }, { label: '乙', value: 'b' }, { label: '丙', value: 'c' }] },
    { enName: 'tags', label: '标签', funcType: 'checkbox', options: [{ label: '红', value: 'r' }, { label: '绿', value: 'g' }, { label: '蓝', value: 'b' }] },
    { enName: 'signed', label: '签订日期', funcType: 'dateStamp', format: 'yyyy-MM-dd' },
    { enName: 'happen', label: '发生时间', funcType: 'dateStamp', format: 'yyyy-MM-dd HH:mm:ss' },
    { enName: 'period', label: '期间', funcType: 'dateRange', format: 'yyyy-MM-dd' },
    { enName: 'lines', label: '明细', funcType: 'subForm', children: [
      { enName: 'item', label: '品名', funcType: 'input' },
      { enName: 'price', label: '单价', funcType: 'number' },
    ] },
  ],
};

/** A row as the test's independent computation sees it. */
export interface SampleRow {
  id: number;
  sys_status: number;
  title: string | null;
  code: string | null;
  amount: number | null;
  qty: number | null;
  kind: string | null;
  tags: string[] | null;
  signed: string | null;
  happen: string | null;
  period$start: string | null;
  period$end: string | null;
  lines: { item: string | null; price: number | null }[];
}

function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const WORDS = ['Alpha', 'beta', 'GAMMA', '钢筋', '水泥', '100%纯', 'a_b', 'x\\y', '', null];
const pad = (n: number) => String(n).padStart(2, '0');

/** Deterministic rows: nulls, empty strings, `%`/`_`/`\` in text, ties in every column. */
export function sampleRows(count: number, seed = 7): Omit<SampleRow, 'id'>[] {
  const r = rng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const date = () => `2024-${pad(1 + Math.floor(r() * 3))}-${pad(1 + Math.floor(r() * 28))}`;
  return Array.from({ length: count }, () => {
    const w = pick(WORDS);
    const start = r() < 0.2 ? null : date();
    return {
      sys_status: pick([1, 1, 0, -1, -2]),
      title: w === null ? null : `${w}${r() < 0.5 ? ' 项目' : ''}`,
      code: r() < 0.1 ? null : `C${Math.floor(r() * 30)}`,
      amount: r() < 0.1 ? null : Math.round(r() * 100000) / 100,
      qty: r() < 0.1 ? null : Math.floor(r() * 5),
      kind: r() < 0.15 ? null : pick(['a', 'b', 'c']),
      tags: r() < 0.15 ? null : ['r', 'g', 'b'].filter(() => r() < 0.4),
      signed: r() < 0.1 ? null : date(),
      happen: r() < 0.1 ? null : `${date()} ${pad(Math.floor(r() * 24))}:${pad(Math.floor(r() * 60))}:00`,
      period$start: start,
      period$end: start && r() < 0.9 ? date() : null,
      lines: Array.from({ length: Math.floor(r() * 3) }, () => ({ item: pick(['螺丝', '螺母', 'Bolt', null]), price: r() < 0.2 ? null : Math.floor(r() * 50) })),
    };
  });
}

/** Inserts rows straight into the form tables (the list tests do not depend on the write path). */
export async function insertSampleRows(db: Kysely<any>, tenantId: number, rows: Omit<SampleRow, 'id'>[]): Promise<SampleRow[]> {
  const schema = `t_${tenantId}`;
  const out: SampleRow[] = [];
  for (const row of rows) {
    const label = (v: string | null) => (v === null ? null : { a: '甲', b: '乙', c: '丙' }[v]);
    const r = await sql<{ id: number }>`INSERT INTO ${sql.id(schema, 'sample_list')}
      (tenant_id, sys_status, title, code, amount, qty, kind, "kind$view", tags, signed, happen, "period$start", "period$end")
      VALUES (${tenantId}, ${row.sys_status}, ${row.title}, ${row.code}, ${row.amount}, ${row.qty},
        ${row.kind}, ${label(row.kind)},
        ${row.tags === null ? null : JSON.stringify(row.tags)}::jsonb, ${row.signed}::date, ${row.happen}::timestamp,
        ${row.period$start}::date, ${row.period$end}::date) RETURNING id`.execute(db);
    const id = Number(r.rows[0].id);
    for (const [i, l] of row.lines.entries()) {
      await sql`INSERT INTO ${sql.id(schema, 'sample_list$lines')} (tenant_id, parent_id, row_order, item, price)
        VALUES (${tenantId}, ${id}, ${i}, ${l.item}, ${l.price})`.execute(db);
    }
    out.push({ id, ...row });
  }
  return out;
}
