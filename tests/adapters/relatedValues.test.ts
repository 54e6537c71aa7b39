// relate2Current and relateHeadFilter (spec 01 §3.2, issue 27 item 9): what picking a related
// record writes into the current form, the header filter resolved against the main form, and the
// designer's checks of both settings. DOM-free: a live Formily form receives the values.
import { describe, expect, it } from 'vitest';
import { headFilterRefs, relate2CurrentValues, resolveHeadFilter, toFormilySchema, validateDefinition, type FormDefinition } from '../../schema-adapters/index';
import { buildForm } from './helpers';

const order: FormDefinition = {
  enName: 'sales_order',
  cnName: '销售订单',
  fields: [
    { enName: 'supplier', label: '供应商', funcType: 'input' },
    { enName: 'contract', label: '合同', funcType: 'relatedForm', relateEnName: 'contract', relateField: 'title', relate2Current: { contract_owner: 'owner', contract_amount: 'amount', sign_period: 'period' } },
    { enName: 'contract_owner', label: '合同负责人', funcType: 'user' },
    { enName: 'contract_amount', label: '合同金额', funcType: 'number' },
    { enName: 'sign_period', label: '合同期限', funcType: 'dateRange' },
    {
      enName: 'lines', label: '明细', funcType: 'subForm', children: [
        { enName: 'product', label: '产品', funcType: 'relatedForm', relateEnName: 'product', relateField: 'name', relate2Current: '{"price":"list_price","supplier":"maker"}', relateHeadFilter: { maker: '${supplier}', on_sale: 'yes' } },
        { enName: 'price', label: '单价', funcType: 'number' },
      ],
    },
  ],
} as FormDefinition;

const contractRow = { id: 7, title: '采购合同', owner: 3, owner$view: '李四', amount: 12000, period$start: '2026-01-01', period$end: '2026-12-31' };

describe('relate2Current: picking a related record carries its values into the current form', () => {
  it('a main field copies value, display companion and date range ends', () => {
    expect(relate2CurrentValues(order, 'contract', contractRow)).toEqual({
      contract_owner: 3,
      contract_owner$view: '李四',
      contract_amount: 12000,
      sign_period: ['2026-01-01', '2026-12-31'],
    });
  });

  it('in a sub-form row the row\'s own field wins, a main field is reached by its name', () => {
    expect(relate2CurrentValues(order, 'lines.1.product', { id: 2, name: '螺丝', list_price: 1.5, maker: '甲厂' })).toEqual({ 'lines.1.price': 1.5, supplier: '甲厂' });
  });

  it('several picked records, none, or a field without the setting carry nothing', () => {
    expect(relate2CurrentValues(order, 'contract', [contractRow, { ...contractRow, id: 8 }])).toEqual({});
    expect(relate2CurrentValues(order, 'contract', null)).toEqual({});
    expect(relate2CurrentValues(order, 'supplier', contractRow)).toEqual({});
  });

  it('the values land in a live Formily form where the user sees them', () => {
    const { form } = buildForm(toFormilySchema(order), { lines: [{}, {}] });
    form.setValues(relate2CurrentValues(order, 'contract', contractRow));
    for (const [path, value] of Object.entries(relate2CurrentValues(order, 'lines.1.product', { id: 2, list_price: 1.5, maker: '甲厂' }))) form.setValuesIn(path, value);
    expect(form.getValuesIn('contract_amount')).toBe(12000);
    expect(form.getValuesIn('lines.1.price')).toBe(1.5);
    expect(form.getValuesIn('lines.0.price')).toBeUndefined();
    expect(form.getValuesIn('supplier')).toBe('甲厂');
  });
});

describe('relateHeadFilter: conditions on the related form from the main form\'s values', () => {
  const filter = order.fields[5].children![0].relateHeadFilter;
  it('names the main fields it reads and resolves them (unset → null)', () => {
    expect(headFilterRefs(filter)).toEqual(['supplier']);
    expect(resolveHeadFilter(filter, { supplier: '甲厂' })).toEqual({ maker: '甲厂', on_sale: 'yes' });
    expect(resolveHeadFilter(filter, {})).toEqual({ maker: null, on_sale: 'yes' });
    expect(resolveHeadFilter('{"on_sale":"yes"}', {})).toEqual({ on_sale: 'yes' });
    expect(resolveHeadFilter(undefined, {})).toBeUndefined();
  });
});

describe('the designer\'s checks of both settings', () => {
  it('a valid form has no problems', () => {
    expect(validateDefinition(order)).toEqual([]);
  });

  it('names a missing target field, a field that cannot receive a value, a malformed setting, an unknown header field', () => {
    const bad = structuredClone(order);
    bad.fields[1].relate2Current = { nobody: 'owner', lines: 'x' };
    bad.fields[5].children![0].relateHeadFilter = { maker: '${nobody}' };
    bad.fields[5].children![0].relate2Current = '[1]';
    expect(validateDefinition(bad).map((p) => p.message)).toEqual([
      '带入当前表单：当前表单没有字段「nobody」',
      '带入当前表单：字段「明细」不能接收带入的值',
      '带入当前表单须为「当前字段: 关联表单字段」的对应关系',
      '表头过滤：当前表单没有主表字段「nobody」',
    ]);
  });
});
