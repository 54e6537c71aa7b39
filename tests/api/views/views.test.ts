/**
 * Type-2 views built as PostgreSQL VIEWs (issue 19 item 4, ADR 0995, docs/forms.md "Views"):
 * the demo view 白条入库汇总 over 白条入库 and 外购白条入库, and views made here over two small
 * forms. Lists, search, sort, totals and detail work on a view; writes are refused; virtual
 * columns get values; a view follows its sources' migrations; tenants stay apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsApp, type RecordsApp } from '../records/support/recordsApp.js';
import { runExport, sheets } from '../io/ioSupport.js';

let a: RecordsApp;
const VIEW = 'auto_tzbk_btgl_all';
const SOURCES = ['auto_tzbk_btgl_btrk', 'auto_tzbk_btgl_wgbtrk'];
const READ_ONLY = '视图数据为只读，不能修改';

const list = async (form: string, body: Record<string, unknown> = {}, token = a.admin) => {
  const r = await a.call(token, 'POST', `/api/auto/${form}/list`, { pageNum: 1, pageSize: 1000, ...body });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json as { rows: Record<string, any>[]; total: number; totalExact: boolean };
};

const formDef = (enName: string, cnName: string, extra: Record<string, unknown>[] = []) => ({
  enName, cnName,
  fields: [
    { enName: 'title', label: '标题', funcType: 'input' },
    { enName: 'amount', label: '金额', funcType: 'number', precision: 2 },
    { enName: 'note', label: '备注', funcType: 'input' },
    ...extra,
  ],
});

const viewDef = (enName: string, extraColumns: Record<string, Record<string, string | null>> = {}, extraFields: Record<string, unknown>[] = []) => ({
  enName, cnName: '视图测试', type: 2,
  fields: [
    { enName: 'title', label: '标题', funcType: 'input' },
    { enName: 'amount', label: '金额', funcType: 'number', precision: 2 },
    ...extraFields,
  ],
  view: {
    sources: ['vw_a', 'vw_b'],
    columns: { title: { vw_a: 'title', vw_b: 'title' }, amount: { vw_a: 'amount', vw_b: null }, ...extraColumns },
  },
  feature: { virtualColumns: [{ enName: 'doubled', cnName: '双倍', expr: '${amount} * 2' }, { enName: 'label', cnName: '标签', expr: "${title} + '!'" }] },
});

beforeAll(async () => {
  a = await recordsApp();
  for (const d of [formDef('vw_a', '甲表'), formDef('vw_b', '乙表')]) {
    const r = await a.call(a.admin, 'POST', '/api/flowable/form', d);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
  }
  for (const [form, title, amount] of [['vw_a', '苹果', 3], ['vw_a', '香蕉', 5], ['vw_b', '苹果派', 7]] as const) {
    const r = await a.call(a.admin, 'POST', `/api/auto/${form}/add`, { data: { title, amount, note: 'x' } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
  }
  const v = await a.call(a.admin, 'POST', '/api/flowable/form', viewDef('vw_ab'));
  expect(v.status, JSON.stringify(v.json)).toBe(200);
});
afterAll(async () => a?.close());

describe('the demo view 白条入库汇总', () => {
  it('lists the rows of both sources with combined ids, data_table and an exact total', async () => {
    const sources = await Promise.all(SOURCES.map((s) => list(s)));
    const view = await list(VIEW);
    expect(view.total).toBe(sources[0].total + sources[1].total);
    expect(view.totalExact).toBe(true);
    expect(view.total).toBeGreaterThan(0);
    for (const [i, s] of SOURCES.entries()) {
      const ids = view.rows.filter((r) => r.data_table === s).map((r) => r.id).sort();
      expect(ids).toEqual(sources[i].rows.map((r) => `${r.id}@${s}`).sort());
    }
    const one = view.rows.find((r) => r.data_table === SOURCES[1])!;
    const src = sources[1].rows.find((r) => `${r.id}@${SOURCES[1]}` === one.id)!;
    expect(one).toMatchObject({ pz: src.pz, ck: src.ck, kf: src.kf, kf$view: src.kf$view, zl: src.zl, sl: src.sl, djr: src.djr });
  });

  it('searches, sorts and totals over both sources', async () => {
    const view = await list(VIEW);
    const word = String(view.rows[0].pz).slice(0, 1);
    const search = { searchConList: [{ enName: 'pz', funcType: 'input', pz: word, searchType: 'like' }] };
    const found = await list(VIEW, search);
    const perSource = await Promise.all(SOURCES.map((s) => list(s, search)));
    expect(found.total).toBe(perSource[0].total + perSource[1].total);
    expect(found.rows.every((r) => String(r.pz).includes(word))).toBe(true);
    const sorted = await list(VIEW, { sysOrderBy: { field: 'zl', order: 'asc' } });
    const weights = sorted.rows.map((r) => Number(r.zl ?? 0));
    expect(weights).toEqual([...weights].sort((x, y) => x - y));
    const paged = await list(VIEW, { pageNum: 2, pageSize: 5, sysOrderBy: { field: 'zl', order: 'asc' } });
    expect(paged.rows.map((r) => r.id)).toEqual(sorted.rows.slice(5, 10).map((r) => r.id));
    const totals = await a.call(a.admin, 'POST', `/api/auto/${VIEW}/getCalcdValue`, { calcd: { sl: { operation: ['sum'], precision: 0 } } });
    const sourceTotals = await Promise.all(SOURCES.map((s) => a.call(a.admin, 'POST', `/api/auto/${s}/getCalcdValue`, { calcd: { sl: { operation: ['sum'], precision: 0 } } })));
    expect(totals.json.data[0].sum).toBe(sourceTotals[0].json.data[0].sum + sourceTotals[1].json.data[0].sum);
  });

  it('gives each row the virtual column 单件重量 = 重量 / 数量', async () => {
    const view = await list(VIEW);
    expect(view.rows.some((r) => r.unit_weight != null)).toBe(true);
    for (const r of view.rows) {
      // A division by 0 is not a number: the cell is empty (null), not an error.
      if (!r.sl) expect(r.unit_weight).toBe(null);
      else expect(r.unit_weight).toBeCloseTo(Number(r.zl ?? 0) / r.sl, 6);
    }
  });

  it('answers the detail of a row of each source through its combined id: the source record', async () => {
    const view = await list(VIEW);
    for (const s of SOURCES) {
      const row = view.rows.find((r) => r.data_table === s)!;
      const d = await a.call(a.admin, 'GET', `/api/auto/${VIEW}/${row.id}`);
      expect(d.status, JSON.stringify(d.json)).toBe(200);
      const direct = await a.call(a.admin, 'GET', `/api/auto/${s}/${String(row.id).split('@')[0]}`);
      expect(d.json.data).toEqual({ ...direct.json.data, data_table: s });
    }
    expect((await a.call(a.admin, 'GET', `/api/auto/${VIEW}/1@contract_ledger`)).status).toBe(404);
    expect((await a.call(a.admin, 'GET', `/api/auto/${VIEW}/abc`)).status).toBe(404);
  });

  it('refuses every write with 视图数据为只读，不能修改', async () => {
    const row = (await list(VIEW)).rows[0];
    const writes: [string, unknown][] = [
      [`/api/auto/${VIEW}/add`, { data: { pz: '新' } }],
      [`/api/auto/${VIEW}/edit/${row.id}`, { data: { pz: '改' }, version: row.version }],
      [`/api/auto/stash/${VIEW}/${row.id}`, { data: { pz: '改' }, version: row.version }],
      [`/api/auto/${VIEW}/delete`, [row.id]],
      [`/api/auto/${VIEW}/invalid/`, [row.id]],
      [`/api/auto/${VIEW}/batchUpdate`, { ids: [row.id], data: { pz: '改' } }],
      [`/api/auto/${VIEW}/importData`, {}],
    ];
    for (const [url, body] of writes) {
      const r = await a.call(a.admin, 'POST', url, body);
      expect([url, r.status, r.json.msg]).toEqual([url, 400, READ_ONLY]);
    }
  });
});

describe('views made through the definition API', () => {
  it('maps null to an empty cell and evaluates virtual columns', async () => {
    const v = await list('vw_ab', { sysOrderBy: { field: 'title', order: 'asc' } });
    expect(v.total).toBe(3);
    expect(v.rows.map((r) => [r.title, r.amount, r.data_table, r.doubled, r.label])).toEqual([
      ['苹果', 3, 'vw_a', 6, '苹果!'],
      ['苹果派', null, 'vw_b', 0, '苹果派!'],
      ['香蕉', 5, 'vw_a', 10, '香蕉!'],
    ]);
    const search = await list('vw_ab', { searchConList: [{ enName: 'title', funcType: 'input', title: '苹果', searchType: 'like' }] });
    expect(search.rows.map((r) => r.title).sort()).toEqual(['苹果', '苹果派']);
  });

  it('exports a search in list order, and selected combined ids, with the virtual columns', async () => {
    const r = await runExport(a, 'vw_ab', { currentColumns: ['title', 'amount', 'doubled'], queryMap: { sysOrderBy: { field: 'title', order: 'asc' } } });
    expect(r.job.status).toBe('done');
    expect(sheets(r.file!.body)['视图测试']).toEqual([['标题', '金额', '双倍'], ['苹果', 3, 6], ['苹果派', null, 0], ['香蕉', 5, 10]]);
    const rows = (await list('vw_ab', { sysOrderBy: { field: 'title', order: 'asc' } })).rows;
    const picked = await runExport(a, 'vw_ab', { queryMap: { ids: [rows[2].id, rows[0].id] } });
    expect(picked.job.result.rows).toBe(2);
    // Without chosen columns: every default column, 状态 included (on by default, issue 27 item 4).
    expect(sheets(picked.file!.body)['视图测试']).toEqual([['标题', '金额', '双倍', '标签', '状态'], ['香蕉', 5, 10, '香蕉!', '已审核'], ['苹果', 3, 6, '苹果!', '已审核']]);
  });

  it('refuses a view over a missing form, over a view, or mapping an incompatible field', async () => {
    const missing = viewDef('vw_bad1');
    missing.view.sources = ['vw_a', 'vw_none'];
    (missing.view.columns as Record<string, Record<string, string | null>>) = { title: { vw_a: 'title', vw_none: null }, amount: { vw_a: null, vw_none: null } };
    const r1 = await a.call(a.admin, 'POST', '/api/flowable/form', missing);
    expect([r1.status, r1.json.msg]).toEqual([400, '来源表单 “vw_none” 不存在']);
    const incompatible = viewDef('vw_bad2', {}, []);
    incompatible.view.columns.amount = { vw_a: 'title', vw_b: null };
    const r2 = await a.call(a.admin, 'POST', '/api/flowable/form', incompatible);
    expect(r2.status).toBe(400);
    expect(r2.json.msg).toContain('不兼容');
    const unmapped = viewDef('vw_bad3');
    delete (unmapped.view.columns as Record<string, unknown>).amount;
    expect((await a.call(a.admin, 'POST', '/api/flowable/form', unmapped)).status).toBe(400);
    const overView = { ...viewDef('vw_bad4'), view: { sources: ['vw_ab'], columns: { title: { vw_ab: 'title' }, amount: { vw_ab: 'amount' } } } };
    const r4 = await a.call(a.admin, 'POST', '/api/flowable/form', overView);
    expect(r4.status).toBe(400);
    expect(r4.json.msg).toContain('视图');
    expect((await a.call(a.admin, 'GET', '/api/flowable/form/en/vw_bad1')).status).toBe(404);
  });

  it('is rebuilt when a source gains a field or retypes one, and can then map the new field', async () => {
    const src = (await a.call(a.admin, 'GET', '/api/flowable/form/en/vw_b')).json.data;
    src.fields.push({ enName: 'amount2', label: '金额二', funcType: 'number' });
    // note is read by no view; title is: retyping note must still work with the view in place.
    src.fields.find((f: any) => f.enName === 'note').funcType = 'textarea';
    const e = await a.call(a.admin, 'POST', '/api/flowable/form/edit', src);
    expect(e.status, JSON.stringify(e.json)).toBe(200);
    expect((await list('vw_ab')).total).toBe(3);
    const row = (await list('vw_b')).rows[0];
    const ed = await a.call(a.admin, 'POST', `/api/auto/vw_b/edit/${row.id}`, { data: { ...row, amount2: 11 }, version: row.version });
    expect(ed.status, JSON.stringify(ed.json)).toBe(200);
    const view = (await a.call(a.admin, 'GET', '/api/flowable/form/en/vw_ab')).json.data;
    view.view.columns.amount = { vw_a: 'amount', vw_b: 'amount2' };
    const ev = await a.call(a.admin, 'POST', '/api/flowable/form/edit', view);
    expect(ev.status, JSON.stringify(ev.json)).toBe(200);
    const after = await list('vw_ab', { initFilter: { data_table: undefined }, sysOrderBy: { field: 'amount', order: 'desc' } });
    expect(after.rows[0]).toMatchObject({ title: '苹果派', amount: 11, doubled: 22, data_table: 'vw_b' });
    // A source field the view reads cannot be retyped incompatibly or removed while the view maps it.
    const again = (await a.call(a.admin, 'GET', '/api/flowable/form/en/vw_b')).json.data;
    again.fields = again.fields.filter((f: any) => f.enName !== 'amount2');
    // Dropping a field that holds values is first a 409 asking to confirm (ADR 0980); confirmed, the view refuses it.
    expect((await a.call(a.admin, 'POST', '/api/flowable/form/edit', again)).status).toBe(409);
    const refused = await a.call(a.admin, 'POST', '/api/flowable/form/edit', { ...again, confirmDataChanges: true });
    expect(refused.status).toBe(400);
    expect(refused.json.msg).toContain('视图');
    expect((await list('vw_ab')).total).toBe(3);
  });

  it('is readable by the tenant\'s $sql sandbox role, also after a rebuild', async () => {
    const form = {
      enName: 'vw_sql', cnName: '视图SQL',
      fields: [
        { enName: 'kind', label: '类别', funcType: 'input' },
        { enName: 'secret', label: '内部编号', funcType: 'input', required: true, hideCondition: '$sql(SELECT count(*) FROM vw_ab WHERE title = ${kind})' },
      ],
    };
    const c = await a.call(a.admin, 'POST', '/api/flowable/form', form);
    expect(c.status, JSON.stringify(c.json)).toBe(200);
    // 苹果 is a row of the view: secret is hidden, so not required.
    const hidden = await a.call(a.admin, 'POST', '/api/auto/vw_sql/add', { data: { kind: '苹果' } });
    expect(hidden.status, JSON.stringify(hidden.json)).toBe(200);
    const shown = await a.call(a.admin, 'POST', '/api/auto/vw_sql/add', { data: { kind: '无此标题' } });
    expect(shown.status).toBe(400);
  });

  it('keeps a source from being deleted while a view reads it; deleting the view then the source works', async () => {
    const c = await a.call(a.admin, 'POST', '/api/flowable/form', formDef('vw_c', '丙表'));
    const v = await a.call(a.admin, 'POST', '/api/flowable/form', { enName: 'vw_cv', cnName: '丙视图', type: 2, fields: [{ enName: 'title', label: '标题', funcType: 'input' }], view: { sources: ['vw_c'], columns: { title: { vw_c: 'title' } } } });
    expect(v.status, JSON.stringify(v.json)).toBe(200);
    const refused = await a.call(a.admin, 'POST', '/api/flowable/form/delete', [c.json.data.id]);
    expect(refused.status).toBe(400);
    expect(refused.json.msg).toContain('丙视图');
    expect((await a.call(a.admin, 'POST', '/api/flowable/form/delete', [v.json.data.id])).status).toBe(200);
    expect((await a.call(a.admin, 'POST', '/api/auto/vw_cv/list', {})).status).toBe(404);
    expect((await a.call(a.admin, 'POST', '/api/flowable/form/delete', [c.json.data.id])).status).toBe(200);
  });

  it('keeps tenants apart: another tenant sees neither the view nor its rows', async () => {
    expect((await a.call(a.admin2, 'POST', '/api/auto/vw_ab/list', {})).status).toBe(404);
    const own = await list(VIEW, {}, a.admin2);
    const mine = await list(VIEW);
    const ownIds = new Set(own.rows.map((r) => r.id));
    // Each tenant's view reads its own schema's tables only: T2's sources' rows.
    const t2Sources = await Promise.all(SOURCES.map((s) => list(s, {}, a.admin2)));
    expect(own.total).toBe(t2Sources[0].total + t2Sources[1].total);
    for (const [i, s] of SOURCES.entries()) for (const r of t2Sources[i].rows) expect(ownIds.has(`${r.id}@${s}`)).toBe(true);
    const theirs = mine.rows.find((r) => !ownIds.has(r.id));
    if (theirs) expect((await a.call(a.admin2, 'GET', `/api/auto/${VIEW}/${theirs.id}`)).status).toBe(404);
  });
});
