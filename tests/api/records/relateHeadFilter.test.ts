/**
 * relateHeadFilter (spec 01 §3.2, issue 27 item 9): the server narrows a related-form picker's list
 * by the picking field's stored header filter, with `${name}` taken from the current form's main
 * values; the field must belong to the caller's tenant's source form and point at the listed form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsApp, type RecordsApp } from './support/recordsApp.js';

let a: RecordsApp;
let picker: { token: string; userId: number };

const PRODUCT = {
  enName: 'rh_product',
  cnName: '产品',
  fields: [
    { enName: 'name', label: '名称', funcType: 'input' },
    { enName: 'maker', label: '厂家', funcType: 'input' },
    { enName: 'on_sale', label: '在售', funcType: 'input' },
  ],
};
const ORDER = {
  enName: 'rh_order',
  cnName: '订单',
  fields: [
    { enName: 'supplier', label: '供应商', funcType: 'input' },
    { enName: 'main_product', label: '主产品', funcType: 'relatedForm', relateEnName: 'rh_product', relateField: 'name', relateHeadFilter: { on_sale: 'yes' } },
    {
      enName: 'lines', label: '明细', funcType: 'subForm', children: [
        { enName: 'product', label: '产品', funcType: 'relatedForm', relateEnName: 'rh_product', relateField: 'name', relateHeadFilter: { maker: '${supplier}', on_sale: 'yes' } },
      ],
    },
  ],
};

const names = (body: { rows: { name: string }[] }) => body.rows.map((r) => r.name).sort();

beforeAll(async () => {
  a = await recordsApp();
  for (const def of [PRODUCT, ORDER]) expect((await a.call(a.admin, 'POST', '/api/flowable/form', def)).status).toBe(200);
  for (const [name, maker, on_sale] of [['甲一', '甲厂', 'yes'], ['甲二', '甲厂', 'no'], ['乙一', '乙厂', 'yes']]) {
    expect((await a.call(a.admin, 'POST', '/api/auto/rh_product/add', { data: { name, maker, on_sale } })).status).toBe(200);
  }
  // May fill orders, may not list products on their own: the picker's rule lets them.
  picker = await a.userWith('rh_clerk', ['auto:rh_order:add']);
});
afterAll(async () => a?.close());

describe('the picker list applies the field\'s header filter', () => {
  it('a constant header filter narrows the list, whatever the client sends as its own filter', async () => {
    const r = await a.call(picker.token, 'POST', '/api/auto/rh_product/list', { scene: 'relateForm', sourceForm: 'rh_order', sourceField: 'main_product', pageSize: 50 });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(names(r.json)).toEqual(['乙一', '甲一']);
    const widened = await a.call(picker.token, 'POST', '/api/auto/rh_product/list', { scene: 'relateForm', sourceForm: 'rh_order', sourceField: 'main_product', initFilter: { on_sale: 'no' }, pageSize: 50 });
    expect(names(widened.json)).toEqual([]);
  });

  it('a sub-form row field reads the main form\'s value; unset, that condition does not narrow', async () => {
    const base = { scene: 'relateForm', sourceForm: 'rh_order', sourceField: 'product', pageSize: 50 };
    expect(names((await a.call(picker.token, 'POST', '/api/auto/rh_product/list', { ...base, sourceValues: { supplier: '甲厂' } })).json)).toEqual(['甲一']);
    expect(names((await a.call(picker.token, 'POST', '/api/auto/rh_product/list', { ...base, sourceValues: { supplier: '乙厂' } })).json)).toEqual(['乙一']);
    expect(names((await a.call(picker.token, 'POST', '/api/auto/rh_product/list', base)).json)).toEqual(['乙一', '甲一']);
  });

  it('a field that is not a picker of this form, a wrong shape of value, or another tenant\'s form is a 400', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ sourceField: 'supplier' }, '表单「rh_order」没有关联到本表单的字段「supplier」'],
      [{ sourceField: 'nothing' }, '表单「rh_order」没有关联到本表单的字段「nothing」'],
      [{ sourceField: 'product', sourceValues: { supplier: { $ne: 1 } } }, '表头过滤的值「supplier」格式不正确'],
      [{ sourceField: 'product', sourceValues: 'x' }, 'sourceValues 须为对象'],
      [{ sourceField: 7 }, 'sourceForm 和 sourceField 须为文本'],
    ];
    for (const [extra, msg] of bad) {
      const r = await a.call(a.admin, 'POST', '/api/auto/rh_product/list', { scene: 'relateForm', sourceForm: 'rh_order', ...extra });
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect(r.json.msg).toBe(msg);
    }
    // Tenant T2 has its own rh_product but no rh_order: the source form is looked up in the caller's tenant.
    expect((await a.call(a.admin2, 'POST', '/api/flowable/form', PRODUCT)).status).toBe(200);
    const other = await a.call(a.admin2, 'POST', '/api/auto/rh_product/list', { scene: 'relateForm', sourceForm: 'rh_order', sourceField: 'main_product' });
    expect(other.status).toBe(400);
  });

  it('without query on the listed form nor add/edit on the source form, the picker list is refused', async () => {
    const stranger = await a.userWith('rh_stranger', ['auto:rh_other:add']);
    const r = await a.call(stranger.token, 'POST', '/api/auto/rh_product/list', { scene: 'relateForm', sourceForm: 'rh_order', sourceField: 'main_product' });
    expect(r.status).toBe(403);
  });
});
