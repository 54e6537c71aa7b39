/**
 * One rulebook (issue 13 item 2): the server refuses definitions by the adapter's rules and
 * stores address parts by the adapter's list of parts. Each case here went the other way before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { recordsApp, type RecordsApp } from './support/recordsApp.js';

let a: RecordsApp;
beforeAll(async () => { a = await recordsApp(); });
afterAll(async () => a?.close());

const withRows = (enName: string, children: unknown[]) => ({
  enName, cnName: '规则', fields: [{ enName: 'title', label: '标题', funcType: 'input' }, { enName: 'lines', label: '明细', funcType: 'subForm', children }],
});

describe('definitions follow the adapter', () => {
  it('refuses sys_status, a status or a serial number in a sub-form row, and a sub-form without rows', async () => {
    const cases: [unknown[], string][] = [
      [[{ enName: 'sys_status', label: '状态', funcType: 'sysStatus' }], '字段英文名 “sys_status” 是系统保留字段'],
      [[{ enName: 'state', label: '状态', funcType: 'sysStatus' }], '子表中不能使用状态字段：状态属于整条记录，子表行没有状态'],
      [[{ enName: 'no', label: '单号', funcType: 'serialNumber' }], '子表中不能使用流水号字段：流水号只为主表记录生成'],
      [[], '子表须至少有一个字段'],
    ];
    for (const [i, [children, message]] of cases.entries()) {
      const r = await a.call(a.admin, 'POST', '/api/flowable/form', withRows(`rule_${i}`, children));
      expect(r.status, JSON.stringify(r.json)).toBe(400);
      expect(r.json.msg).toBe(message);
    }
  });
});

describe('address parts', () => {
  it('a two-level address saves its province and city parts', async () => {
    const def = { enName: 'rule_addr', cnName: '地址', fields: [{ enName: 'site', label: '地点', funcType: 'address', type: 2 }] };
    expect((await a.call(a.admin, 'POST', '/api/flowable/form', def)).status).toBe(200);
    const city = await sql<{ id: number; parent_id: number }>`SELECT id, parent_id FROM addresses WHERE level = 2 ORDER BY id LIMIT 1`.execute(a.db);
    const { id: cityId, parent_id: provinceId } = city.rows[0];
    const asList = await a.call(a.admin, 'POST', '/api/auto/rule_addr/add', { data: { site: [provinceId, cityId] } });
    expect(asList.status, JSON.stringify(asList.json)).toBe(200);
    const asParts = await a.call(a.admin, 'POST', '/api/auto/rule_addr/add', { data: { site$province: String(provinceId), site$city: String(cityId) } });
    expect(asParts.status, JSON.stringify(asParts.json)).toBe(200);
    for (const id of [asList.json.data.id, asParts.json.data.id]) {
      const row = (await a.call(a.admin, 'GET', `/api/auto/rule_addr/${id}`)).json.data;
      expect(row).toMatchObject({ site$province: String(provinceId), site$city: String(cityId) });
      expect(row.site.map(String)).toEqual([String(provinceId), String(cityId)]);
    }
  });
});
