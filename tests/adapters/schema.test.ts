// toFormilySchema rules, each quoting issue 3 / spec 01 text. Data only: no function and no "{{" anywhere.
import { describe, expect, it } from 'vitest';
import { COMPONENT_NAMES, FIELD_TYPES, FIELD_TYPE_SPECS, toFormilySchema, type FieldDefinition, type FormDefinition } from '../../schema-adapters/index';
import { fixture, loadFixtures } from './helpers';

const one = (field: FieldDefinition) => toFormilySchema({ enName: 't', cnName: 'T', fields: [field] } as FormDefinition).properties![field.enName];

describe('toFormilySchema', () => {
  it('is plain JSON data for every fixture: no functions, no {{…}} expressions', () => {
    for (const [name, def] of loadFixtures()) {
      for (const mode of ['add', 'edit', 'detail', 'flow'] as const) {
        const schema = toFormilySchema(def, { mode, visibleMap: {} });
        const text = JSON.stringify(schema);
        expect(JSON.parse(text), name).toEqual(schema);
        expect(text.includes('{{'), name).toBe(false);
      }
    }
  });

  it('every funcType has a component name the client registers, and a registry entry', () => {
    expect(Object.keys(FIELD_TYPE_SPECS).sort()).toEqual([...FIELD_TYPES].sort());
    for (const t of FIELD_TYPES) expect(COMPONENT_NAMES[t], t).toMatch(/^[A-Z][A-Za-z]+(\.[A-Z][A-Za-z]+)?$/);
  });

  it('"props from maxLength, min, max, precision, suffix, multiple, filterable, options, format, placeholder, span, accept"', () => {
    expect(one({ enName: 'a', label: 'A', funcType: 'input', maxLength: 20, placeholder: '请输入', suffix: '号', span: 12 })).toMatchObject({
      'x-component': 'Input', 'x-component-props': { maxLength: 20, showCount: true, placeholder: '请输入', addonAfter: '号' }, 'x-decorator-props': { gridSpan: 1 }, 'x-formwork': { span: 12 },
    });
    expect(one({ enName: 'n', label: 'N', funcType: 'number', min: 1, max: 9, precision: 2, suffix: '元' })['x-component-props']).toMatchObject({ min: 1, max: 9, precision: 2, addonAfter: '元' });
    const options = [{ label: '甲', value: 'a', color: 'red' }];
    expect(one({ enName: 's', label: 'S', funcType: 'select', multiple: true, filterable: true, selectMode: 0, options })).toMatchObject({
      enum: options, 'x-component-props': { mode: 'multiple', showSearch: true },
    });
    expect(one({ enName: 'c', label: 'C', funcType: 'select', selectMode: 1, configDataId: 4533 })['x-component-props']).toMatchObject({ configDataId: 4533 });
    expect(one({ enName: 'd', label: 'D', funcType: 'dateStamp', format: 'yyyy-MM' })['x-component-props']).toEqual({ format: 'YYYY-MM', picker: 'month' });
    expect(one({ enName: 'e', label: 'E', funcType: 'dateStamp', format: 'yyyy-MM-dd HH:mm:ss' })['x-component-props']).toEqual({ format: 'YYYY-MM-DD HH:mm:ss', showTime: true });
    expect(one({ enName: 'u', label: 'U', funcType: 'upload', accept: '.pdf' })['x-component-props']).toMatchObject({ accept: '.pdf' });
    expect(one({ enName: 't', label: 'T', funcType: 'textarea' })['x-component-props']).toMatchObject({ rows: 3 });
  });

  it('"Layout types (groupTitle, divider) are void fields; subForm is an array of objects with its children"', () => {
    const schema = toFormilySchema(fixture('contract_ledger'));
    expect(schema.properties!.basic_title.type).toBe('void');
    expect(schema.properties!.line_divider.type).toBe('void');
    const payments = schema.properties!.payments;
    expect(payments.type).toBe('array');
    expect(payments.items).toMatchObject({ type: 'object' });
    expect(Object.keys((payments.items as { properties: object }).properties)).toEqual(['node_name', 'plan_date', 'pay_ratio', 'pay_amount', 'paid', 'paid_date', 'invoice_no', 'remark']);
  });

  it('"read-pretty rendering for detail mode"; "flow mode takes visibility from a visibleMap (absent = visible)"', () => {
    const detail = toFormilySchema(fixture('auto_pthp'), { mode: 'detail' });
    expect(detail.properties!.goods_name['x-pattern']).toBe('readPretty');
    const flow = toFormilySchema(fixture('auto_pthp'), { mode: 'flow', visibleMap: { price: false, stock: true } });
    expect(flow.properties!.price['x-visible']).toBe(false);
    expect(flow.properties!.stock['x-visible']).toBeUndefined();
    expect(flow.properties!.spec['x-visible']).toBeUndefined();
  });

  it('"Compiled into x-reactions with declared dependencies": row names relative, main names absolute, absent names left out', () => {
    const schema = toFormilySchema(fixture('contract_ledger'));
    const rows = (schema.properties!.payments.items as { properties: Record<string, { 'x-reactions': unknown }> }).properties;
    expect(rows.remark['x-reactions']).toEqual([{ dependencies: ['.paid', '.invoice_no'], 'x-formwork': 'formwork:conditions' }]);
    expect(rows.invoice_no['x-reactions']).toEqual([{ dependencies: ['is_framework'], 'x-formwork': 'formwork:conditions' }]);
    const purchase = toFormilySchema(fixture('purchase_request')).properties!;
    expect(purchase.legacy_no['x-reactions']).toEqual([{ dependencies: [], 'x-formwork': 'formwork:conditions' }]);
    expect(purchase.legacy_no['x-formwork'].refs).toEqual({ old_system_id: 'absent' });
    expect(purchase.budget_code['x-formwork'].sqlHide).toBe(true);
  });
});
