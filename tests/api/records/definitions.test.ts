/** Form definitions over HTTP (CONTRACT.md §4): list, get, create, edit (migrates), delete, export/import. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsApp, type RecordsApp } from './support/recordsApp.js';

let a: RecordsApp;
const DEF = {
  enName: 'def_demo',
  cnName: '定义演示',
  fields: [
    { enName: 'name', label: '名称', funcType: 'input' },
    { enName: 'qty', label: '数量', funcType: 'input' },
  ],
};

beforeAll(async () => { a = await recordsApp(); });
afterAll(async () => a?.close());

describe('form definitions API', () => {
  let id: number;
  it('creates, lists and reads by id and by enName', async () => {
    const c = await a.call(a.admin, 'POST', '/api/flowable/form', DEF);
    expect(c.status, JSON.stringify(c.json)).toBe(200);
    id = c.json.data.id;
    const list = await a.call(a.admin, 'GET', '/api/flowable/form/list');
    expect(list.json.rows.map((r: any) => r.enName)).toContain('def_demo');
    const byId = await a.call(a.admin, 'GET', `/api/flowable/form/${id}`);
    const byName = await a.call(a.admin, 'GET', '/api/flowable/form/en/def_demo');
    expect(byName.json.data).toEqual(byId.json.data);
    expect(byName.json.data.fields.map((f: any) => typeof f.columnId)).toEqual(['number', 'number']);
    expect((await a.call(a.admin2, 'GET', '/api/flowable/form/en/def_demo')).status).toBe(404);
    expect((await a.call(a.admin, 'POST', '/api/flowable/form', DEF)).status).toBe(400);
  });

  it('edit renames and retypes fields keeping the records', async () => {
    await a.call(a.admin, 'POST', '/api/auto/def_demo/add', { data: { name: '甲', qty: '7' } });
    const def = (await a.call(a.admin, 'GET', '/api/flowable/form/en/def_demo')).json.data;
    def.fields[0].enName = 'title';
    def.fields[1].funcType = 'number';
    // Retyping a field that holds values needs the confirmation (issue 19 item 2).
    const unconfirmed = await a.call(a.admin, 'POST', '/api/flowable/form/edit', def);
    expect(unconfirmed.status, JSON.stringify(unconfirmed.json)).toBe(409);
    const e = await a.call(a.admin, 'POST', '/api/flowable/form/edit', { ...def, confirmDataChanges: true });
    expect(e.status, JSON.stringify(e.json)).toBe(200);
    const row = (await a.call(a.admin, 'POST', '/api/auto/def_demo/list', {})).json.rows[0];
    expect(row).toMatchObject({ title: '甲', qty: 7 });
    const back = (await a.call(a.admin, 'GET', '/api/flowable/form/en/def_demo')).json.data;
    back.fields[0].funcType = 'number';
    const refused = await a.call(a.admin, 'POST', '/api/flowable/form/edit', back);
    expect(refused.status).toBe(400);
    expect(refused.json.msg).toContain('名称');
    expect((await a.call(a.admin, 'POST', '/api/auto/def_demo/list', {})).json.rows[0].title).toBe('甲');
  });

  it('rejects bad definitions with 400, never 500', async () => {
    for (const bad of [{}, { ...DEF, enName: 'Bad' }, { ...DEF, enName: 'x1', fields: [{ enName: 'a b', label: 'x', funcType: 'input' }] },
      { ...DEF, enName: 'x2', fields: [{ enName: 'a', label: 'x', funcType: 'nope' }] }, [1, 2], 'text']) {
      const r = await a.call(a.admin, 'POST', '/api/flowable/form', bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('exports and imports definitions as JSON', async () => {
    const ex = await a.call(a.admin, 'GET', `/api/flowable/form/export?ids=${id}`);
    expect(ex.json.data).toHaveLength(1);
    const im = await a.call(a.admin2, 'POST', '/api/flowable/form/import', ex.json.data);
    expect(im.status, JSON.stringify(im.json)).toBe(200);
    const there = (await a.call(a.admin2, 'GET', '/api/flowable/form/en/def_demo')).json.data;
    expect(there.fields.map((f: any) => f.enName)).toEqual(['title', 'qty']);
    const again = await a.call(a.admin2, 'POST', '/api/flowable/form/import', ex.json.data);
    expect(again.json.data[0].id).toBe(im.json.data[0].id);
  });

  it('delete refuses a form with records and removes an empty one', async () => {
    expect((await a.call(a.admin, 'POST', '/api/flowable/form/delete', [id])).status).toBe(400);
    const other = (await a.call(a.admin2, 'GET', '/api/flowable/form/en/def_demo')).json.data.id;
    expect((await a.call(a.admin2, 'POST', '/api/flowable/form/delete', [other])).status).toBe(200);
    expect((await a.call(a.admin2, 'GET', '/api/flowable/form/en/def_demo')).status).toBe(404);
    expect((await a.call(a.admin2, 'POST', '/api/auto/def_demo/list', {})).status).toBe(404);
  });
});
