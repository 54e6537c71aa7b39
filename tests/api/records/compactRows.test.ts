/**
 * `rowShape: 'compact'` (issue 28 item 4, docs/api-records.md "Row shape"): for every demo form the
 * compact page holds the same records in the same order with the same values as the full page,
 * minus only the keys the shape drops (the `sysStatus` alias, system columns the list page does
 * not read, `$view` companions of fixed-option selects and cascaders); a bench-like page is at
 * most 0.6 of the full one's bytes; keys that list-side expressions read stay; `columns` narrows
 * the row; the kept answers never serve one shape for the other; bad shapes are 400s.
 * Runs on PGlite (api) and PostgreSQL (api-pg).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDefinitions } from '../../../src/server/records/seed/seedDemoForms.js';
import { viewFromDefinition } from '../../../schema-adapters/index.js';
import type { FormDefinition } from '../../../schema-adapters/definition/types.js';
import { answerCacheStats } from '../../../src/server/records/cache/answerCache.js';
import { recordsApp, type RecordsApp } from './support/recordsApp.js';

let a: RecordsApp;
beforeAll(async () => { a = await recordsApp(); }, 120_000);
afterAll(async () => a?.close());

/** System keys a compact row may leave out (it keeps id and sys_status). */
const DROPPABLE_SYSTEM = new Set(['sysStatus', 'pid', 'create_by', 'create_user_id', 'create_dept_id', 'create_time', 'update_time', 'version']);

function droppable(def: FormDefinition): Set<string> {
  const out = new Set(DROPPABLE_SYSTEM);
  for (const f of def.fields) if (viewFromDefinition(f)) out.add(`${f.enName}$view`);
  return out;
}

const page = (form: string, body: Record<string, unknown>) => a.call(a.admin, 'POST', `/api/auto/${form}/list`, body);

describe('compact list rows', () => {
  it.each(demoDefinitions().map((d) => [d.enName, d] as const))('%s: same records and values as the full page, minus the dropped keys', async (form, def) => {
    const order = { sysOrderBy: { field: 'id', order: 'asc' }, pageSize: 1000 };
    const full = await page(form, order);
    const compact = await page(form, { ...order, rowShape: 'compact' });
    expect(full.status).toBe(200);
    expect(compact.status, JSON.stringify(compact.json)).toBe(200);
    expect(compact.json.total).toBe(full.json.total);
    const fullRows = full.json.rows as Record<string, unknown>[];
    const rows = compact.json.rows as Record<string, unknown>[];
    expect(rows.map((r) => r.id)).toEqual(fullRows.map((r) => r.id));
    const may = droppable(def as FormDefinition);
    for (let i = 0; i < rows.length; i++) {
      const dropped = Object.keys(fullRows[i]).filter((k) => !(k in rows[i]));
      expect(dropped.filter((k) => !may.has(k)), `${form} row ${String(rows[i].id)}`).toEqual([]);
      expect(Object.keys(rows[i]).filter((k) => !(k in fullRows[i]))).toEqual([]);
      for (const k of Object.keys(rows[i])) expect(rows[i][k], `${form}.${k}`).toStrictEqual(fullRows[i][k]);
      expect(rows[i]).toHaveProperty('sys_status');
      expect(rows[i]).not.toHaveProperty('sysStatus');
    }
  });

  it('a bench-like page of 20 rows is at most 0.6 of the full page in bytes', async () => {
    const form = 'compact_bench';
    const created = await a.call(a.admin, 'POST', '/api/flowable/form', { enName: form, cnName: '紧凑行', fields: [
      { enName: 'title', label: '标题', funcType: 'input' },
      { enName: 'customer', label: '客户', funcType: 'input' },
      { enName: 'code', label: '编号', funcType: 'input' },
      { enName: 'category', label: '类别', funcType: 'select', options: ['a', 'b', 'c', 'd', 'e'].map((v) => ({ label: v.toUpperCase(), value: v })) },
      { enName: 'region', label: '区域', funcType: 'select', options: ['east', 'west', 'north', 'south'].map((v) => ({ label: v, value: v })) },
      { enName: 'amount', label: '金额', funcType: 'number', precision: 2 },
      { enName: 'qty', label: '数量', funcType: 'number' },
      { enName: 'sign_date', label: '签订日期', funcType: 'dateStamp', format: 'yyyy-MM-dd' },
      { enName: 'remark', label: '备注', funcType: 'textarea' },
      { enName: 'done', label: '完成', funcType: 'switch' },
    ] });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    for (let i = 0; i < 20; i++) {
      const add = await a.call(a.admin, 'POST', `/api/auto/${form}/add`, { formName: form, data: {
        title: `钢筋采购${i}`, customer: '华东建设有限公司', code: `HT${String(i).padStart(8, '0')}`, category: 'abcde'[i % 5], category$view: 'ABCDE'[i % 5],
        region: ['east', 'west', 'north', 'south'][i % 4], region$view: ['east', 'west', 'north', 'south'][i % 4],
        amount: 1000 + i * 7.25, qty: i, sign_date: '2026-01-02', remark: `备注${i}`, done: i % 2 === 0,
      } });
      expect(add.status, JSON.stringify(add.json)).toBe(200);
    }
    const full = await a.request({ method: 'POST', url: `/api/auto/${form}/list`, token: a.admin, body: { pageSize: 20 } });
    const compact = await a.request({ method: 'POST', url: `/api/auto/${form}/list`, token: a.admin, body: { pageSize: 20, rowShape: 'compact' } });
    expect(compact.json().rows).toHaveLength(20);
    const ratio = Buffer.byteLength(compact.body) / Buffer.byteLength(full.body);
    expect(ratio, `compact ${Buffer.byteLength(compact.body)} / full ${Buffer.byteLength(full.body)} bytes`).toBeLessThanOrEqual(0.6);
    // The client renders the select's label from the definition: the value is there, its $view is not.
    expect(compact.json().rows[0]).toMatchObject({ category: expect.any(String), region: expect.any(String) });
    expect(compact.json().rows[0]).not.toHaveProperty('category$view');
  });

  it('keeps what list-side expressions read, the $view of lookups, and narrows to named columns', async () => {
    const form = 'compact_kept';
    const created = await a.call(a.admin, 'POST', '/api/flowable/form', { enName: form, cnName: '紧凑保留', fields: [
      { enName: 'title', label: '标题', funcType: 'input', colorRules: [{ when: "${kind$view} == 'B'", color: 'red' }] },
      { enName: 'kind', label: '类型', funcType: 'select', options: [{ label: 'A', value: 'a' }, { label: 'B', value: 'b' }] },
      { enName: 'owner', label: '负责人', funcType: 'user' },
      { enName: 'note', label: '说明', funcType: 'input' },
    ], buttons: [{ id: 1, name: '只给创建人', rightShow: true, rightShowCon: "${create_by} == 'admin'" }],
    feature: { virtualColumns: [{ enName: 'made', cnName: '创建于', expr: '${create_time}' }] } });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const add = await a.call(a.admin, 'POST', `/api/auto/${form}/add`, { formName: form, data: { title: '一', kind: 'b', kind$view: 'B', owner: 1, owner$view: '管理员', note: '注' } });
    expect(add.status, JSON.stringify(add.json)).toBe(200);
    const full = (await page(form, {})).json.rows[0];
    const compact = (await page(form, { rowShape: 'compact' })).json.rows[0];
    expect(compact).toMatchObject({ id: full.id, sys_status: full.sys_status, create_by: 'admin', create_time: full.create_time, made: full.made, kind$view: 'B', owner$view: full.owner$view, note: '注' });
    expect(compact).not.toHaveProperty('update_time');
    expect(compact).not.toHaveProperty('sysStatus');
    const named = (await page(form, { rowShape: 'compact', columns: ['title', 'owner', 'version'] })).json.rows[0];
    expect(Object.keys(named).sort()).toEqual(['create_by', 'create_time', 'id', 'kind$view', 'made', 'owner', 'owner$view', 'sys_status', 'title', 'version'].sort());
  });

  it('never answers one shape from the other kept answer', async () => {
    const form = demoDefinitions()[0].enName;
    const body = { pageSize: 5, sysOrderBy: { field: 'id', order: 'desc' } };
    const compact1 = await page(form, { ...body, rowShape: 'compact' });
    const full1 = await page(form, body);
    const hits = answerCacheStats().hits;
    const compact2 = await page(form, { ...body, rowShape: 'compact' });
    const full2 = await page(form, body);
    expect(answerCacheStats().hits - hits).toBe(2);
    expect(full1.json.rows[0]).toHaveProperty('sysStatus');
    expect(compact1.json.rows[0]).not.toHaveProperty('sysStatus');
    expect(full2.json).toStrictEqual(full1.json);
    expect(compact2.json).toStrictEqual(compact1.json);
  });

  it('refuses a bad shape or unknown columns with a Chinese 400', async () => {
    const form = demoDefinitions()[0].enName;
    const cases: [Record<string, unknown>, string][] = [
      [{ rowShape: 'small' }, 'rowShape 须为 full 或 compact'],
      [{ columns: ['id'] }, 'columns 只能与 rowShape: compact 一起使用'],
      [{ rowShape: 'compact', columns: 'id' }, 'columns 须为字段名数组'],
      [{ rowShape: 'compact', columns: ['no_such_field'] }, '未知字段：no_such_field'],
      [{ rowShape: 'compact', columns: ['__proto__'] }, '未知字段：__proto__'],
    ];
    for (const [body, msg] of cases) {
      const r = await page(form, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.msg).toBe(msg);
    }
  });
});
