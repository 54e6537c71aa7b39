// DOM-free behaviour: a @formily/core form built from toFormilySchema + bindConditions, values changed
// the way a user would, field states asserted (CONTRACT.md §5, spec 01 §4–§5).
import { describe, expect, it } from 'vitest';
import type { Schema } from '@formily/json-schema';
import { bindConditions, defaultValues, toFormilySchema, type FormDefinition, type UserContext } from '../../schema-adapters/index';
import { addRowFields, admin, buildForm, fixture, staff } from './helpers';

const NOW = new Date(2026, 10, 21, 9, 30, 0);

function open(def: FormDefinition, ctx: UserContext, values: Record<string, unknown> = {}, askSqlHide?: (f: string, d: Record<string, unknown>) => Promise<unknown>) {
  const schema = bindConditions(toFormilySchema(def), { ctx, askSqlHide });
  return buildForm(schema, { ...defaultValues(def, ctx, NOW), ...values });
}

describe('conditions flip field states in a live Formily form', () => {
  it('hideCondition and requiredCon follow the value they name (urgent_reason)', () => {
    const { form, field } = open(fixture('purchase_request'), staff);
    expect(field('urgent_reason').visible).toBe(false);
    form.setValuesIn('urgency', 'urgent');
    expect(field('urgent_reason').visible).toBe(true);
    expect(field('urgent_reason').required).toBe(false);
    form.setValuesIn('urgency', 'critical');
    expect(field('urgent_reason').required).toBe(true);
    form.setValuesIn('urgency', 'normal');
    expect(field('urgent_reason').visible).toBe(false);
  });

  it('`x in list` and arithmetic conditions', () => {
    const { form, field } = open(fixture('purchase_request'), staff);
    expect(field('delivery_time').visible).toBe(false);
    form.setValuesIn('urgency', 'critical');
    expect(field('delivery_time').visible).toBe(true);
    form.setValues({ quantity: 10, unit_price: 100, est_amount: 2000 });
    expect(field('over_budget_reason').visible).toBe(false);
    form.setValuesIn('unit_price', 350);
    expect(field('over_budget_reason').visible).toBe(true);
    expect(field('over_budget_reason').required).toBe(true);
  });

  it('disabledCon flips disabled; user context decides for roles (spec 01 §6 "Role names and user id drive the field hide rules")', () => {
    const asStaff = open(fixture('purchase_request'), staff);
    expect(asStaff.field('applicant').disabled).toBe(true);
    expect(asStaff.field('finance_note').visible).toBe(false);
    expect(asStaff.field('cross_company').visible).toBe(false);
    const asAdmin = open(fixture('purchase_request'), admin);
    expect(asAdmin.field('applicant').disabled).toBe(false);
    expect(asAdmin.field('finance_note').visible).toBe(true);
    expect(asAdmin.field('cross_company').visible).toBe(true);
    const finance = open(fixture('purchase_request'), { ...staff, roleNames: ['员工', '财务'] });
    expect(finance.field('finance_note').visible).toBe(true);

    const stock = open(fixture('auto_tzbk_btgl_btrk'), staff);
    expect(stock.field('sl').disabled).toBe(false);
    stock.form.setValuesIn('czfs', 4532);
    expect(stock.field('sl').disabled).toBe(true);
    stock.form.setValuesIn('czfs', 4531);
    expect(stock.field('sl').disabled).toBe(false);
  });

  it('"A condition that refers to fields not present in the form is treated as always true"', () => {
    const { field } = open(fixture('purchase_request'), admin);
    expect(field('legacy_no').visible).toBe(false);
  });

  it('"A condition that uses $${...} references gives the default state"', () => {
    const { field } = open(fixture('purchase_request'), staff);
    expect(field('supplier_pref').visible).toBe(true);
  });

  it('"If evaluating a condition fails, the field becomes visible=false, required=false or disabled=false"', () => {
    const def: FormDefinition = {
      enName: 'broken', cnName: '坏条件', fields: [
        { enName: 'a', label: '甲', funcType: 'number' },
        { enName: 'h', label: '隐', funcType: 'input', hideCondition: '${a} >' },
        { enName: 'r', label: '必', funcType: 'input', required: true, requiredCon: 'len(' },
        { enName: 'd', label: '禁', funcType: 'input', disabled: true, disabledCon: '${a} ==' },
      ],
    };
    const { form, field } = open(def, staff);
    form.setValuesIn('a', 3);
    expect(field('h').visible).toBe(false);
    expect(field('r').required).toBe(false);
    expect(field('d').disabled).toBe(false);
  });

  it('a $sql hide condition leaves the field shown until the server answers; null shows, truthy hides', async () => {
    const calls: Record<string, unknown>[] = [];
    let answer: unknown = null;
    const ask = async (name: string, data: Record<string, unknown>) => { calls.push({ name, ...data }); return answer; };
    const { form, field } = open(fixture('purchase_request'), staff, {}, ask);
    expect(field('budget_code').visible).toBe(true);
    await Promise.resolve();
    expect(calls.at(-1)).toEqual({ name: 'budget_code', est_amount: 0 });
    answer = 1;
    form.setValuesIn('est_amount', 5000);
    expect(field('budget_code').visible).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(field('budget_code').visible).toBe(false);
    answer = null;
    form.setValuesIn('est_amount', 150000);
    await new Promise((r) => setTimeout(r, 0));
    expect(field('budget_code').visible).toBe(true);
    expect(calls.at(-1)).toEqual({ name: 'budget_code', est_amount: 150000 });
  });

  it('a hidden field\'s value leaves the form values and comes back when shown (nothing typed is lost)', () => {
    const { form, field } = open(fixture('purchase_request'), staff, { urgency: 'critical' });
    form.setValuesIn('urgent_reason', '工地停工待料');
    form.setValuesIn('urgency', 'normal');
    expect(field('urgent_reason').visible).toBe(false);
    expect(form.values.urgent_reason).toBeUndefined();
    form.setValuesIn('urgency', 'urgent');
    expect(form.values.urgent_reason).toBe('工地停工待料');
  });
});

describe('sub-form rows', () => {
  it('"Inside a sub-form row, ${field} resolves to the row first": each row follows its own values', () => {
    const def = fixture('contract_ledger');
    const { form, root, field } = open(def, staff, { payments: [{ node_name: '预付款', paid: false }, { node_name: '进度款', paid: true }] });
    expect(field('payments.0.paid_date').visible).toBe(false);
    expect(field('payments.1.paid_date').visible).toBe(true);
    expect(field('payments.1.paid_date').required).toBe(true);
    form.setValuesIn('payments.0.paid', true);
    expect(field('payments.0.paid_date').visible).toBe(true);
    expect(field('payments.0.paid_date').required).toBe(true);
    // A row added later gets live conditions too.
    (form.query('payments').take() as unknown as { push(v: unknown): void }).push({ node_name: '尾款', pay_ratio: 5 });
    addRowFields(form, root.properties!.payments as Schema, 'payments.2');
    expect(field('payments.2.pay_amount').required).toBe(true);
    form.setValuesIn('payments.2.pay_ratio', 0);
    expect(field('payments.2.pay_amount').required).toBe(false);
  });

  it('a name the row lacks falls back to the main form (disabledCon ${is_framework})', () => {
    const { form, field } = open(fixture('contract_ledger'), staff, { payments: [{ node_name: '预付款' }] });
    expect(field('payments.0.invoice_no').disabled).toBe(false);
    form.setValuesIn('is_framework', true);
    expect(field('payments.0.invoice_no').disabled).toBe(true);
  });

  it('a row field shadows a main field of the same name', () => {
    const def: FormDefinition = {
      enName: 'shadow', cnName: '同名', fields: [
        { enName: 'qty', label: '总数', funcType: 'number' },
        { enName: 'lines', label: '明细', funcType: 'subForm', children: [
          { enName: 'qty', label: '数量', funcType: 'number' },
          { enName: 'note', label: '说明', funcType: 'input', hideCondition: '${qty} > 5' },
        ] },
      ],
    };
    const { form, field } = open(def, staff, { qty: 10, lines: [{ qty: 1 }] });
    expect(field('lines.0.note').visible).toBe(true);
    form.setValuesIn('lines.0.qty', 6);
    expect(field('lines.0.note').visible).toBe(false);
  });
});

describe('a change re-evaluates only its dependents', () => {
  it('counts the condition reactions that run when one value changes', () => {
    const def = fixture('purchase_request');
    const runs = new Map<string, number>();
    const schema = bindConditions(toFormilySchema(def), { ctx: staff });
    for (const [name, node] of Object.entries(schema.properties ?? {})) {
      const reactions = node['x-reactions'];
      if (!Array.isArray(reactions)) continue;
      node['x-reactions'] = reactions.map((r) => (typeof r === 'function'
        ? (f: never, s: never) => { runs.set(name, (runs.get(name) ?? 0) + 1); return (r as (a: never, b: never) => void)(f, s); }
        : r));
    }
    const { form } = buildForm(schema, defaultValues(def, staff, NOW));
    runs.clear();
    form.setValuesIn('market_price', 88);
    expect([...runs.keys()].sort()).toEqual(['discount_note']);
    runs.clear();
    form.setValuesIn('quantity', 3);
    expect([...runs.keys()].sort()).toEqual(['over_budget_reason', 'split_batches']);
  });
});

describe('modes', () => {
  it('detail mode is read-pretty; detailEditable stays editable; conditions do not unlock read-only fields', () => {
    const def = fixture('contract_ledger');
    def.fields.find((f) => f.enName === 'remark')!.detailEditable = true;
    const schema = bindConditions(toFormilySchema(def, { mode: 'detail' }), { ctx: staff });
    const { field } = buildForm(schema, { payments: [{ node_name: '预付款' }] });
    expect(field('contract_name').pattern).toBe('readPretty');
    expect(field('payments.0.invoice_no').pattern).toBe('readPretty');
    expect(field('remark').pattern).toBe('editable');
  });

  it('"In flow mode, field visibility comes from a map of visible fields, and a field is visible when absent from the map"', () => {
    const def = fixture('contract_ledger');
    const schema = bindConditions(toFormilySchema(def, { mode: 'flow', visibleMap: { amount: false, remark: true } }), { ctx: staff });
    const { field } = buildForm(schema, {});
    expect(field('amount').visible).toBe(false);
    expect(field('remark').visible).toBe(true);
    expect(field('contract_name').visible).toBe(true);
  });

  it('required validation message is "{label}不能为空"', async () => {
    const { form } = open(fixture('auto_pthp'), staff);
    await form.validate().catch(() => undefined);
    const messages = form.errors.map((e) => `${e.path}:${e.messages?.join()}`);
    expect(messages).toContain('goods_code:货品编码不能为空');
    expect(messages).toContain('goods_name:货品名称不能为空');
  });
});
