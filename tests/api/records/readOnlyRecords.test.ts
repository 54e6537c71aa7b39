/**
 * Records nobody may change (issue 12 items 8, 9): every write to a type-2 view, and edits and a
 * second void of a voided record, are refused with a Chinese 400 and change nothing; a voided
 * record can still be read and, by holders of remove, deleted (docs/api-records.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsApp, type RecordsApp } from './support/recordsApp.js';

let a: RecordsApp;
const VIEW = 'contract_payment_view';

const NOTE_FORM = {
  enName: 'ro_note',
  cnName: '便签',
  fields: [
    { enName: 'title', label: '标题', funcType: 'input', required: true },
    { enName: 'lines', label: '明细', funcType: 'subForm', children: [{ enName: 'item', label: '品名', funcType: 'input' }] },
  ],
};

beforeAll(async () => {
  a = await recordsApp();
  const r = await a.call(a.admin, 'POST', '/api/flowable/form', NOTE_FORM);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
});
afterAll(async () => a?.close());

const add = async (title: string) => {
  const r = await a.call(a.admin, 'POST', '/api/auto/ro_note/add', { formName: 'ro_note', data: { title, lines: [{ item: '甲' }] } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.id as number;
};
const detail = async (form: string, id: number) => (await a.call(a.admin, 'GET', `/api/auto/${form}/${id}`)).json.data;

describe('a type-2 view is read-only', () => {
  it('refuses add, edit, stash, push, checks, delete, void and import with 视图数据为只读，不能修改 and keeps its rows', async () => {
    const list = await a.call(a.admin, 'POST', `/api/auto/${VIEW}/list`, { pageNum: 1, pageSize: 1000 });
    expect(list.status).toBe(200);
    expect(list.json.total).toBeGreaterThan(0);
    const row = list.json.rows[0];
    const before = await detail(VIEW, row.id);
    const writes: [string, unknown][] = [
      [`/api/auto/${VIEW}/add`, { formName: VIEW, data: { contract_name: '新合同' } }],
      [`/api/auto/${VIEW}/edit/${row.id}`, { formName: VIEW, data: { contract_name: '改名' }, version: row.version }],
      [`/api/auto/stash/${VIEW}/add`, { formName: VIEW, data: { contract_name: '草稿' } }],
      [`/api/auto/stash/${VIEW}/${row.id}`, { formName: VIEW, data: { contract_name: '草稿' }, version: row.version }],
      [`/api/auto/push/${VIEW}/${row.id}`, { formName: VIEW, data: {}, version: row.version }],
      [`/api/auto/${VIEW}/check/delete`, [row.id]],
      [`/api/auto/${VIEW}/check/invalid`, [row.id]],
      [`/api/auto/${VIEW}/delete`, [row.id]],
      [`/api/auto/${VIEW}/invalid/`, [row.id]],
      // An import adds records: refused before any file is read.
      [`/api/auto/${VIEW}/importData`, {}],
    ];
    for (const [url, body] of writes) {
      const r = await a.call(a.admin, 'POST', url, body);
      expect([url, r.status, r.json.msg]).toEqual([url, 400, '视图数据为只读，不能修改']);
    }
    const after = await a.call(a.admin, 'POST', `/api/auto/${VIEW}/list`, { pageNum: 1, pageSize: 1000 });
    expect(after.json.total).toBe(list.json.total);
    expect(await detail(VIEW, row.id)).toEqual(before);
  });

  it('still answers reads: list, detail and copy data', async () => {
    const list = await a.call(a.admin, 'POST', `/api/auto/${VIEW}/list`, { pageNum: 1, pageSize: 5 });
    const id = list.json.rows[0].id;
    expect((await a.call(a.admin, 'GET', `/api/auto/${VIEW}/${id}`)).status).toBe(200);
  });
});

describe('a voided record is read-only', () => {
  it('refuses edit, stash and push with 已作废的数据不能修改; nothing changes', async () => {
    const id = await add('待作废');
    expect((await a.call(a.admin, 'POST', '/api/auto/ro_note/invalid/', [id])).json.msg).toBe('作废成功');
    const voided = await detail('ro_note', id);
    expect(voided.sys_status).toBe(-2);
    for (const url of [`/api/auto/ro_note/edit/${id}`, `/api/auto/stash/ro_note/${id}`, `/api/auto/push/ro_note/${id}`]) {
      const r = await a.call(a.admin, 'POST', url, { formName: 'ro_note', data: { title: '改过', lines: [] }, version: voided.version });
      expect([url, r.status, r.json.msg]).toEqual([url, 400, '已作废的数据不能修改']);
    }
    expect(await detail('ro_note', id)).toEqual(voided);
  });

  it('refuses a second void, also inside a selection with live records, and its pre-check stops', async () => {
    const voided = await add('已作废');
    const live = await add('正常');
    await a.call(a.admin, 'POST', '/api/auto/ro_note/invalid/', [voided]);
    const again = await a.call(a.admin, 'POST', '/api/auto/ro_note/invalid/', [live, voided]);
    expect([again.status, again.json.msg]).toEqual([400, '已作废的数据不能再次作废']);
    expect((await detail('ro_note', live)).sys_status).toBe(1);
    const check = await a.call(a.admin, 'POST', '/api/auto/ro_note/check/invalid', [live, voided]);
    expect(check.json.data).toMatchObject({ success: false, action: 'stop', errorTips: '所选记录中有1条已作废，不能再次作废' });
  });

  it('lets a holder of remove delete a voided record (spec 01 §2.2, §6)', async () => {
    const id = await add('作废后删除');
    await a.call(a.admin, 'POST', '/api/auto/ro_note/invalid/', [id]);
    const check = await a.call(a.admin, 'POST', '/api/auto/ro_note/check/delete', [id]);
    expect(check.json.data.action).not.toBe('stop');
    expect((await a.call(a.admin, 'POST', '/api/auto/ro_note/delete', [id])).json.msg).toBe('删除成功');
    expect((await a.call(a.admin, 'GET', `/api/auto/ro_note/${id}`)).status).toBe(404);
  });
});
