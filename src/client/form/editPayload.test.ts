import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../schema-adapters/definition/types';
import { editPayload } from './editPayload';

const def: FormDefinition = {
  enName: 'demo',
  cnName: '示例',
  fields: [
    { enName: 'name', label: '名称', funcType: 'input' },
    { enName: 'remark', label: '备注', funcType: 'input' },
    { enName: 'sign_date', label: '签订日期', funcType: 'dateStamp' },
    { enName: 'period', label: '工期', funcType: 'dateRange' },
    { enName: 'qty', label: '数量', funcType: 'number' },
    { enName: 'items', label: '明细', funcType: 'subForm', children: [
      { enName: 'item_name', label: '品名', funcType: 'input' },
      { enName: 'note', label: '说明', funcType: 'input' },
    ] },
  ],
};
const ctx = { userId: 5, userName: 'u', nickName: '用户', deptId: 2, roleKeys: [], roleNames: [] };

const saved = {
  id: 7, name: '合同', remark: null, sign_date: '2026-01-05', period$start: '2026-01-01', period$end: '2026-02-01', qty: 3,
  items: [{ id: 11, item_name: '钢筋', note: '加急' }, { id: 12, item_name: '水泥', note: null }],
};

describe('the payload of an edit', () => {
  it('sends null for what the user cleared, so the saved value does not survive the save', () => {
    const values = { name: '合同', remark: null, sign_date: undefined, period: [], qty: 0, items: [
      { id: 11, item_name: '钢筋', note: '' }, { id: 12, item_name: '水泥', note: null }, { item_name: '新行' },
    ] };
    expect(editPayload(def, values, ctx, saved)).toEqual({
      name: '合同', sign_date: null, period$start: null, period$end: null, qty: 0,
      items: [{ id: 11, item_name: '钢筋', note: null }, { id: 12, item_name: '水泥' }, { item_name: '新行' }],
    });
  });

  it('leaves out empty values that were already empty (spec 01 §5), and sends nothing extra without a saved record', () => {
    const values = { name: '合同', remark: '', sign_date: '2026-01-05', period: ['2026-01-01', '2026-02-01'], qty: 3, items: [] };
    expect(editPayload(def, values, ctx, saved)).toEqual({
      name: '合同', sign_date: '2026-01-05', period$start: '2026-01-01', period$end: '2026-02-01', qty: 3, items: [],
    });
    expect(editPayload(def, { name: '', sign_date: undefined }, ctx, undefined)).toEqual({ items: [] });
  });
});
