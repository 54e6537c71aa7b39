/**
 * The list page's rows leave the database as JSON text (rowShape.ts `jsonSelectList`), while
 * detail, ids and writes map rows in Node (`mapRow`). A user must see the same record either way:
 * for every demo form (all 29 field types between them) the list rows equal the rows of
 * `list/ids` for the same ids, key for key and value for value, including key order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDefinitions } from '../../../src/server/records/seed/seedDemoForms.js';
import { recordsApp, type RecordsApp } from './support/recordsApp.js';

let a: RecordsApp;
beforeAll(async () => { a = await recordsApp(); });
afterAll(async () => a?.close());

describe('list rows as JSON from the database', () => {
  it.each(demoDefinitions().map((d) => d.enName))('%s: list rows equal the mapped rows of list/ids', async (form) => {
    const list = await a.call(a.admin, 'POST', `/api/auto/${form}/list`, { pageSize: 1000 });
    expect(list.status).toBe(200);
    const rows = list.json.rows as Record<string, unknown>[];
    expect(rows.length, `${form} has demo rows`).toBeGreaterThan(0);
    const ids = rows.map((r) => r.id);
    const byIds = await a.call(a.admin, 'POST', `/api/auto/${form}/list/ids`, ids);
    expect(byIds.status).toBe(200);
    expect(rows).toStrictEqual(byIds.json.data);
    for (let i = 0; i < rows.length; i++) expect(Object.keys(rows[i])).toEqual(Object.keys(byIds.json.data[i]));
  });

  it('sends a JSON envelope with the total and its exactness', async () => {
    const res = await a.request({ method: 'POST', url: '/api/auto/bench_orders/list', token: a.admin, body: {} });
    expect(res.statusCode).toBe(404);
    const form = demoDefinitions()[0].enName;
    const ok = await a.request({ method: 'POST', url: `/api/auto/${form}/list`, token: a.admin, body: { pageSize: 2 } });
    expect(ok.headers['content-type']).toMatch(/^application\/json/);
    expect(ok.json()).toMatchObject({ code: 200, msg: '查询成功', total: expect.any(Number), totalExact: true });
    expect(ok.json().rows).toHaveLength(2);
  });

  it('writes timestamps, numbers, ranges, lists and empty values as the mapped rows do', async () => {
    const form = 'bench_json_rows';
    const created = await a.call(a.admin, 'POST', '/api/flowable/form', { enName: form, cnName: '行格式', fields: [
      { enName: 'n', label: '数', funcType: 'number', precision: 2 },
      // Fields named like the query's aliases must not confuse it.
      { enName: 'r', label: '别名r', funcType: 'input' },
      { enName: 'fw_row', label: '别名fw_row', funcType: 'input' },
      { enName: 'k', label: '别名k', funcType: 'input' },
      { enName: 'd', label: '日期时间', funcType: 'dateStamp', format: 'yyyy-MM-dd HH:mm:ss' },
      { enName: 'period', label: '期间', funcType: 'dateRange', format: 'yyyy-MM-dd' },
      { enName: 'm', label: '多选', funcType: 'checkbox', options: [{ label: '甲', value: 'a' }, { label: '乙', value: 'b' }] },
    ] });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const uuid = (await a.call(a.admin, 'GET', '/api/auto/uuid/get')).json.data;
    const add = await a.call(a.admin, 'POST', `/api/auto/${form}/add`, { formName: form, uuid, data: { n: 100.5, d: '2026-01-02 03:04:05', period$start: '2026-01-01', period$end: '2026-01-31', m: ['a', 'b'], r: '甲', fw_row: '乙', k: '丙' } });
    expect(add.status, JSON.stringify(add.json)).toBe(200);
    const empty = await a.call(a.admin, 'POST', `/api/auto/${form}/add`, { formName: form, data: {} });
    expect(empty.status, JSON.stringify(empty.json)).toBe(200);
    const list = await a.call(a.admin, 'POST', `/api/auto/${form}/list`, {});
    const byIds = await a.call(a.admin, 'POST', `/api/auto/${form}/list/ids`, list.json.rows.map((r: any) => r.id));
    expect(list.json.rows).toStrictEqual(byIds.json.data);
    const full = list.json.rows.find((r: any) => r.n !== null);
    expect(full).toMatchObject({ n: 100.5, d: '2026-01-02 03:04:05', period$start: '2026-01-01', period$end: '2026-01-31', m: ['a', 'b'], r: '甲', fw_row: '乙', k: '丙' });
    // A deep page goes through the deferred join with the same aliases.
    const deep = await a.call(a.admin, 'POST', `/api/auto/${form}/list`, { pageNum: 1001, pageSize: 1 });
    expect(deep.status, JSON.stringify(deep.json)).toBe(200);
    expect(full.create_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
