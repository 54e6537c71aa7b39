/** Every search form of the list query, checked against an independent computation in JS. */
import { systemReader } from '../../../src/server/records/services/dataScope.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addTenant, openTestDb, type TestDb } from './support/testDb.js';
import { insertSampleRows, SAMPLE_FORM, sampleRows, type SampleRow } from './support/sampleForm.js';
import { createForm, getFormByName } from '../../../src/server/records/services/formDefinitions.js';
import { formModel, type FormModel } from '../../../src/server/records/query/formModel.js';
import { calcTotals, listRecords } from '../../../src/server/records/repositories/recordQueries.js';

let t: TestDb;
let tenantId: number;
let model: FormModel;
let rows: SampleRow[];

const lc = (s: string | null) => (s ?? '').toLowerCase();
const like = (v: string | null, q: string) => v !== null && lc(v).includes(q.toLowerCase());
const empty = (v: unknown) => v === null || v === '' || (Array.isArray(v) && v.length === 0);

async function ids(body: Record<string, unknown>) {
  const r = await listRecords(t.db, model, { pageSize: 1000, ...body }, systemReader(tenantId));
  return r.rows.map((x) => x.id as number);
}
const expected = (pred: (r: SampleRow) => boolean) => rows.filter(pred).map((r) => r.id).sort((a, b) => b - a);

beforeAll(async () => {
  t = await openTestDb();
  tenantId = await addTenant(t.db, 'LQ');
  await createForm(t.db, { tenantId, userName: 'admin' }, SAMPLE_FORM);
  model = formModel(await getFormByName(t.db, tenantId, 'sample_list'));
  rows = await insertSampleRows(t.db, tenantId, sampleRows(240));
});
afterAll(async () => t?.close());

describe('searchConList forms', () => {
  it('like on text is a case-insensitive substring; % _ \\ match themselves', async () => {
    for (const q of ['alp', 'GAM', '钢', '%', '_', '\\', '项目']) {
      expect(await ids({ searchConList: [{ enName: 'title', title: q, searchType: 'like' }] })).toEqual(expected((r) => like(r.title, q)));
    }
  });
  it('equal on text is exact; a list means any of them', async () => {
    expect(await ids({ searchConList: [{ enName: 'code', code: 'C7', searchType: 'equal' }] })).toEqual(expected((r) => r.code === 'C7'));
    expect(await ids({ searchConList: [{ enName: 'code', code: ['C1', 'C2'], searchType: 'equal' }] })).toEqual(expected((r) => r.code === 'C1' || r.code === 'C2'));
  });
  it('number ranges are inclusive at both ends; one end alone works', async () => {
    const mid = rows.find((r) => r.amount !== null)!.amount!;
    expect(await ids({ searchConList: [{ enName: 'amount', amount$start: 100, amount$end: mid }] }))
      .toEqual(expected((r) => r.amount !== null && r.amount >= 100 && r.amount <= mid));
    expect(await ids({ searchConList: [{ enName: 'amount', amount$start: mid }] })).toEqual(expected((r) => r.amount !== null && r.amount >= mid));
    expect(await ids({ amount$end: '500' })).toEqual(expected((r) => r.amount !== null && r.amount <= 500));
    expect(await ids({ searchConList: [{ enName: 'qty', qty: 2 }] })).toEqual(expected((r) => r.qty === 2));
  });
  it('equal on a single select and any-of on a multi-valued field', async () => {
    expect(await ids({ searchConList: [{ enName: 'kind', kind: 'b' }] })).toEqual(expected((r) => r.kind === 'b'));
    expect(await ids({ searchConList: [{ enName: 'kind', kind: ['a', 'c'] }] })).toEqual(expected((r) => r.kind === 'a' || r.kind === 'c'));
    expect(await ids({ searchConList: [{ enName: 'tags', tags: ['g'] }] })).toEqual(expected((r) => !!r.tags?.includes('g')));
    expect(await ids({ searchConList: [{ enName: 'tags', tags: ['g', 'b'], searchType: 'equal' }] })).toEqual(expected((r) => !!r.tags?.some((x) => x === 'g' || x === 'b')));
  });
  it('notNull / isNull treat null, "" and [] as empty', async () => {
    expect(await ids({ searchConList: [{ enName: 'title', searchRange: 'isNull' }] })).toEqual(expected((r) => empty(r.title)));
    expect(await ids({ searchConList: [{ enName: 'title', searchRange: 'notNull' }] })).toEqual(expected((r) => !empty(r.title)));
    expect(await ids({ searchConList: [{ enName: 'tags', searchRange: 'isNull' }] })).toEqual(expected((r) => empty(r.tags)));
    expect(await ids({ searchConList: [{ enName: 'period', searchRange: 'notNull' }] })).toEqual(expected((r) => r.period$start !== null || r.period$end !== null));
    expect(await ids({ searchConList: [{ enName: 'lines', searchRange: 'isNull' }] })).toEqual(expected((r) => r.lines.length === 0));
  });
  it('date ranges: inclusive; a pure-date end covers the whole day of a date-time column', async () => {
    expect(await ids({ searchConList: [{ enName: 'signed', signed$start: '2024-02-01', signed$end: '2024-02-15' }] }))
      .toEqual(expected((r) => r.signed !== null && r.signed >= '2024-02-01' && r.signed <= '2024-02-15'));
    expect(await ids({ searchConList: [{ enName: 'happen', happen$start: '2024-01-10', happen$end: '2024-02-10' }] }))
      .toEqual(expected((r) => r.happen !== null && r.happen >= '2024-01-10 00:00:00' && r.happen.slice(0, 10) <= '2024-02-10'));
  });
  it('a dateRange matches when its range overlaps the searched one', async () => {
    const [s, e] = ['2024-02-01', '2024-02-10'];
    expect(await ids({ searchConList: [{ enName: 'period', period$start: s, period$end: e }] })).toEqual(expected((r) => {
      const rs = r.period$start ?? r.period$end;
      const re = r.period$end ?? r.period$start;
      return rs !== null && re !== null && re >= s && rs <= e;
    }));
  });
  it('sub-form children match when one sub-row matches them all', async () => {
    const body = { searchConList: [{ enName: 'lines', children: [{ enName: 'item', item: '螺', searchType: 'like' }, { enName: 'price', price$start: 10, price$end: 30 }] }] };
    expect(await ids(body)).toEqual(expected((r) => r.lines.some((l) => like(l.item, '螺') && l.price !== null && l.price >= 10 && l.price <= 30)));
  });
  it('several entries combine with AND; initFilter, sysStatus, picker scene and keyword', async () => {
    expect(await ids({ searchConList: [{ enName: 'kind', kind: 'a' }, { enName: 'qty', qty$start: 1 }] })).toEqual(expected((r) => r.kind === 'a' && r.qty !== null && r.qty >= 1));
    expect(await ids({ initFilter: { kind: 'c' } })).toEqual(expected((r) => r.kind === 'c'));
    expect(await ids({ initFilter: JSON.stringify({ 'in$_sys_status': [0, -1] }) })).toEqual(expected((r) => r.sys_status === 0 || r.sys_status === -1));
    expect(await ids({ sysStatus: -2 })).toEqual(expected((r) => r.sys_status === -2));
    expect(await ids({ scene: 'relateForm' })).toEqual(expected((r) => [-1, 0, 1].includes(r.sys_status)));
    expect(await ids({ keyword: 'beta' })).toEqual(expected((r) => like(r.title, 'beta') || like(r.code, 'beta') || (r.kind !== null && '甲乙丙'.includes('beta'))));
    expect(await ids({ keyword: '乙' })).toEqual(expected((r) => like(r.title, '乙') || r.kind === 'b'));
  });
});

describe('sorting and paging', () => {
  type Key = { field: keyof SampleRow; order: 'asc' | 'desc' };
  const cmp = (keys: Key[]) => (a: SampleRow, b: SampleRow) => {
    for (const k of keys) {
      const x = a[k.field] as any;
      const y = b[k.field] as any;
      if (x === y) continue;
      // PostgreSQL: NULLS LAST ascending, NULLS FIRST descending.
      if (x === null) return k.order === 'asc' ? 1 : -1;
      if (y === null) return k.order === 'asc' ? -1 : 1;
      const c = x < y ? -1 : 1;
      return k.order === 'asc' ? c : -c;
    }
    return keys[0]?.order === 'asc' ? a.id - b.id : b.id - a.id;
  };
  it('multiFieldOrder sorts by each key in turn with a stable id tiebreak, page after page', async () => {
    const keys: Key[] = [{ field: 'qty', order: 'asc' }, { field: 'code', order: 'desc' }];
    const want = [...rows].sort(cmp(keys)).map((r) => r.id);
    const got: number[] = [];
    for (let p = 1; p <= Math.ceil(rows.length / 25); p++) {
      const r = await listRecords(t.db, model, { pageNum: p, pageSize: 25, multiFieldOrder: keys }, systemReader(tenantId));
      expect(r.total).toBe(rows.length);
      got.push(...r.rows.map((x) => x.id as number));
    }
    expect(got).toEqual(want);
  });
  it('sysOrderBy on text, date and number columns', async () => {
    for (const k of [{ field: 'title', order: 'asc' }, { field: 'signed', order: 'desc' }, { field: 'amount', order: 'asc' }] as Key[]) {
      expect(await ids({ sysOrderBy: k })).toEqual([...rows].sort(cmp([k])).map((r) => r.id));
    }
  });
  it('default order is newest first; page size 0 means 10; out of range sizes are refused', async () => {
    const r = await listRecords(t.db, model, { pageSize: 0 }, systemReader(tenantId));
    expect(r.rows.map((x) => x.id)).toEqual(expected(() => true).slice(0, 10));
    expect(r.total).toBe(rows.length);
    expect(r.totalExact).toBe(true);
    await expect(listRecords(t.db, model, { pageSize: 1001 }, systemReader(tenantId))).rejects.toMatchObject({ status: 400 });
    await expect(listRecords(t.db, model, { pageSize: -1 }, systemReader(tenantId))).rejects.toMatchObject({ status: 400 });
    await expect(listRecords(t.db, model, { sysOrderBy: { field: 'period' } }, systemReader(tenantId))).rejects.toMatchObject({ status: 400 });
  });
});

describe('totals and hostile input', () => {
  it('sums and averages every matching row, rounded to the precision', async () => {
    const match = rows.filter((r) => r.kind === 'a');
    const amounts = match.map((r) => r.amount).filter((v): v is number => v !== null);
    const sum = amounts.reduce((a, b) => a + b, 0);
    const res = await calcTotals(t.db, model, { searchConList: [{ enName: 'kind', kind: 'a' }], calcd: { amount: { operation: ['sum', 'avg'], precision: 1 } } }, systemReader(tenantId));
    expect(res).toEqual([{ field: 'amount', sum: Math.round(sum * 10) / 10, avg: Math.round((sum / amounts.length) * 10) / 10 }]);
  });
  it('injection in field names, sort fields and values: 400 or plain data, never SQL', async () => {
    await expect(ids({ searchConList: [{ enName: 'title"; DROP TABLE sample_list; --', x: 1 }] })).rejects.toMatchObject({ status: 400 });
    await expect(ids({ sysOrderBy: { field: 'id; DROP TABLE sample_list', order: 'asc' } })).rejects.toMatchObject({ status: 400 });
    await expect(ids({ sysOrderBy: { field: 'title', order: 'asc; DROP TABLE x' } })).rejects.toMatchObject({ status: 400 });
    await expect(ids({ initFilter: { 'tenant_id': 1 } })).rejects.toMatchObject({ status: 400 });
    for (const bad of ['0000-01-01', '2024-02-30', '2024-01-01 25:00', '2024-13-01', 'yesterday']) {
      await expect(ids({ searchConList: [{ enName: 'happen', happen$start: bad }] })).rejects.toMatchObject({ status: 400 });
    }
    await expect(ids({ pageNum: 1e20 })).rejects.toMatchObject({ status: 400 });
    await expect(ids({ searchConList: [{ enName: 'title', title: 'a\u0000b' }] })).rejects.toMatchObject({ status: 400 });
    const evil = "'; DROP TABLE sample_list; --";
    expect(await ids({ searchConList: [{ enName: 'title', title: evil }] })).toEqual([]);
    expect(await ids({ searchConList: [{ enName: 'amount', amount$start: '1); DROP TABLE x; --' }] }).catch((e) => e.status)).toBe(400);
    const still = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.id(`t_${tenantId}`, 'sample_list')}`.execute(t.db);
    expect(still.rows[0].n).toBe(rows.length);
  });
});
