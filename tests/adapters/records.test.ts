// Record transforms, each test quoting the spec sentence it checks (spec 01 §3.3–3.4, §5; CONTRACT.md §6).
import { describe, expect, it } from 'vitest';
import { defaultRowValues, defaultValues, importColumns, toFormValues, toSubmitPayload, validateRecord, type FieldDefinition, type FormDefinition } from '../../schema-adapters/index';
import { admin, fixture, staff } from './helpers';

/** The stock-in form with a required day number hidden by the literal condition `true` (the rule's case). */
function stockInWithHiddenRbm(): FormDefinition {
  const def = fixture('auto_tzbk_btgl_btrk');
  return { ...def, fields: def.fields.map((f) => (f.enName === 'rbm' ? { ...f, required: true, hideCondition: 'true' } : f)) };
}

const NOW = new Date(2026, 10, 21, 9, 30, 5);
const form = (fields: FieldDefinition[]): FormDefinition => ({ enName: 't', cnName: '测试', fields });
const f = (enName: string, funcType: FieldDefinition['funcType'], extra: Partial<FieldDefinition> = {}): FieldDefinition => ({ enName, label: enName.toUpperCase(), funcType, ...extra });

describe('defaultValues (spec 01 §3.4)', () => {
  it('"input, textarea, radio, dateStamp, business, relatedForm, dateRange, rate: null"', () => {
    const types = ['input', 'textarea', 'radio', 'dateStamp', 'business', 'relatedForm', 'dateRange', 'rate'] as const;
    const d = defaultValues(form(types.map((t) => f(`x_${t.toLowerCase()}`, t))), staff, NOW);
    for (const t of types) expect(d[`x_${t.toLowerCase()}`]).toBeNull();
  });

  it('"number: 0"; "idCard, subForm, checkbox, address, upload: empty list"', () => {
    const d = defaultValues(form([f('n', 'number'), f('i', 'idCard'), f('s', 'subForm', { children: [f('c', 'input')] }), f('k', 'checkbox'), f('a', 'address'), f('u', 'upload')]), staff, NOW);
    expect(d).toEqual({ n: 0, i: [], s: [], k: [], a: [], u: [] });
  });

  it('"switch: boolean taken from the default"; "select, cascader, user, dept: empty list if multiple, else null"', () => {
    const d = defaultValues(form([
      f('on', 'switch', { defaultValue: 'true' }), f('off', 'switch'),
      f('s1', 'select'), f('s2', 'select', { multiple: true }), f('c1', 'cascader'), f('c2', 'cascader', { multiple: true }),
      f('u1', 'user'), f('u2', 'user', { multiple: true }), f('d1', 'dept'), f('d2', 'dept', { multiple: true }),
    ]), staff, NOW);
    expect(d).toEqual({ on: true, off: false, s1: null, s2: [], c1: null, c2: [], u1: null, u2: [], d1: null, d2: [] });
  });

  it('"Fixed defaults (defaultType fix) are applied, and display values are computed"', () => {
    const d = defaultValues(fixture('contract_ledger'), staff, NOW);
    expect(d.is_framework).toBe(false);
    const fptz = defaultValues(fixture('auto_fptz'), staff, NOW);
    expect(fptz.auth_status).toBe('pending');
    expect(fptz.auth_status$view).toBe('未认证');
  });

  it('"The flags currentUser, currentDept, currentPos and currentTime fill in the current context"', () => {
    const d = defaultValues(fixture('auto_tzbk_btgl_btrk'), staff, NOW);
    expect(d.djr).toBe(2);
    expect(d.djr$view).toBe('张工');
    expect(d.adjbm).toBe(11);
    expect(d.sxrq).toBe('2026-11-21');
    expect(d.djrq).toBe('2026-11-21 09:30:05');
    const wbs = defaultValues(fixture('project_wbs'), { ...staff, position: '116.397,39.909' }, NOW);
    expect(wbs.location).toBe('116.397,39.909');
  });

  it('stock-in: "Stock-in defaults: sysStatus 1, kf 4555, sl 1, czfs 4531"', () => {
    const d = defaultValues(fixture('auto_tzbk_btgl_btrk'), staff, NOW);
    expect(d).toMatchObject({ sys_status: 1, kf: 4555, sl: 1, czfs: 4531 });
  });

  it('a new sub-form row gets its fields\' defaults', () => {
    const sub = fixture('contract_ledger').fields.find((x) => x.enName === 'payments')!;
    expect(defaultRowValues(sub, staff, NOW)).toEqual({ node_name: null, plan_date: null, pay_ratio: 0, pay_amount: 0, paid: false, paid_date: null, invoice_no: null, remark: null });
  });
});

describe('toSubmitPayload (spec 01 §5 Submit)', () => {
  const def = form([
    f('name', 'input'), f('zero', 'number'), f('flag', 'switch'), f('empty_text', 'input'), f('empty_list', 'checkbox'),
    f('secret', 'input', { hideCondition: "${name} == 'hide'" }),
    f('period', 'dateRange'), f('addr', 'address'), f('addr2', 'address'),
    f('who', 'user'), f('serial', 'serialNumber'), f('title', 'groupTitle'),
  ]);
  const data = { name: 'hide', zero: 0, flag: false, empty_text: '', empty_list: [], secret: 's', period: ['2026-01-01', '2026-03-31'], addr: ['11', '1101', '110105'], addr2: ['11'], who: 2, who$view: '张工', serial: 'HT-001' };

  it('"hidden fields are omitted"', () => {
    expect(toSubmitPayload(def, data, staff)).not.toHaveProperty('secret');
    expect(toSubmitPayload(def, { ...data, name: 'show' }, staff).secret).toBe('s');
  });

  it('"A dateRange is split into {field}$start and {field}$end"', () => {
    const p = toSubmitPayload(def, data, staff);
    expect(p.period$start).toBe('2026-01-01');
    expect(p.period$end).toBe('2026-03-31');
    expect(p).not.toHaveProperty('period');
  });

  it('"An address is split into $province, $city and $district when the selection has the full length"', () => {
    const p = toSubmitPayload(def, data, staff);
    expect(p).toMatchObject({ addr: ['11', '1101', '110105'], addr$province: '11', addr$city: '1101', addr$district: '110105' });
    expect(p.addr2).toEqual(['11']);
    expect(p).not.toHaveProperty('addr2$province');
  });

  it('"Empty values are dropped … The values 0 and false are kept"', () => {
    const p = toSubmitPayload(def, data, staff);
    expect(p.zero).toBe(0);
    expect(p.flag).toBe(false);
    expect(p).not.toHaveProperty('empty_text');
    expect(p).not.toHaveProperty('empty_list');
  });

  it('"unless an option to update empty values is on, in which case null is sent"', () => {
    const p = toSubmitPayload(def, { ...data, period: null, addr: [] }, staff, { updateEmpty: true });
    expect(p.empty_text).toBeNull();
    expect(p.empty_list).toBeNull();
    expect(p.period$start).toBeNull();
    expect(p.period$end).toBeNull();
    expect(p.addr).toBeNull();
    expect(p.addr$district).toBeNull();
    expect(p.zero).toBe(0);
  });

  it('a number typed as text is sent as a number', () => {
    expect(toSubmitPayload(form([f('n', 'number')]), { n: '12.50' }, staff)).toEqual({ n: 12.5 });
  });

  it('display companions, serial numbers and layout fields are not sent (the server computes or assigns them)', () => {
    const p = toSubmitPayload(def, data, staff);
    expect(p.who).toBe(2);
    expect(p).not.toHaveProperty('who$view');
    expect(p).not.toHaveProperty('serial');
    expect(p).not.toHaveProperty('title');
  });

  it('sub-form rows keep id and pid, drop their own hidden fields, and an empty sub-form is sent as []', () => {
    const ledger = fixture('contract_ledger');
    const p = toSubmitPayload(ledger, { contract_name: '主体结构施工', payments: [{ id: 7, node_name: '预付款', paid: false, paid_date: '2026-01-01', pay_ratio: 30 }] }, staff);
    expect(p.payments).toEqual([{ id: 7, node_name: '预付款', paid: false, pay_ratio: 30 }]);
    expect(toSubmitPayload(ledger, { payments: [] }, staff).payments).toEqual([]);
  });
});

describe('validateRecord (CONTRACT.md §6–§7, spec 01 §5)', () => {
  it('"Required: a field that is shown and required must not be empty … the label followed by 不能为空"', () => {
    const problems = validateRecord(fixture('auto_pthp'), { goods_code: '', goods_name: null }, staff);
    expect(problems).toEqual([{ field: 'goods_code', message: '货品编码不能为空' }, { field: 'goods_name', message: '货品名称不能为空' }]);
  });

  it('conditional required counts; hidden fields are not checked', () => {
    const def = fixture('purchase_request');
    const base = { title: '采购钢筋', applicant: 2, urgency: 'critical', est_amount: 1000, need_date: '2026-12-01' };
    expect(validateRecord(def, base, staff)).toEqual([{ field: 'urgent_reason', message: '加急原因不能为空' }]);
    expect(validateRecord(def, { ...base, urgency: 'normal' }, staff)).toEqual([]);
  });

  it('"In the stock-in drawer, required fields are not enforced when hideCondition is the literal true"', () => {
    const problems = validateRecord(stockInWithHiddenRbm(), { jb: 4534, czfs: 4531, kf: 4555, pz: '螺纹钢', zl_before: 100, sxrq: '2026-11-21' }, staff);
    expect(problems).toEqual([]);
  });

  it('"Fixed length: the value of an input must have exactly that many characters, otherwise the field\'s own fixLengthTips message is shown"', () => {
    const def = fixture('auto_fptz');
    const problems = validateRecord(def, { invoice_no: '12345678', invoice_code: '12345678901' }, staff);
    expect(problems).toContainEqual({ field: 'invoice_code', message: '发票代码应为12位数字（全电发票和海关缴款书没有发票代码）' });
    expect(problems.some((p) => p.field === 'invoice_no')).toBe(false);
    expect(validateRecord(def, { invoice_no: '12345678', invoice_code: '123456789012' }, staff).some((p) => p.field === 'invoice_code')).toBe(false);
  });

  it('"Text input and textarea: input longer than maxLength is rejected"', () => {
    const problems = validateRecord(form([f('memo', 'textarea', { label: '备注', maxLength: 5 })]), { memo: '超过五个字的备注' }, staff);
    expect(problems).toEqual([{ field: 'memo', message: '备注不能超过5个字符' }]);
  });

  it('"A number string check allows an optional sign, an integer without leading zeros, and optional decimals"', () => {
    const def = form([f('n', 'number', { label: '金额' })]);
    for (const ok of ['12', '-3.5', '+0.25', '0', 7]) expect(validateRecord(def, { n: ok }, staff)).toEqual([]);
    for (const bad of ['012', '1.', 'abc', '1e3', {}]) expect(validateRecord(def, { n: bad }, staff)).toEqual([{ field: 'n', message: '金额必须是数字' }]);
  });

  it('"Address fields need every level filled … otherwise the label plus 必填"', () => {
    const def = form([f('addr', 'address', { label: '项目地址', required: true }), f('prov', 'address', { label: '省份', required: true, type: 1 })]);
    expect(validateRecord(def, { addr: ['11', '1101'], prov: ['11'] }, staff)).toEqual([{ field: 'addr', message: '项目地址必填' }]);
  });

  it('sub-form rows are checked with their own states; paths name the row', () => {
    const problems = validateRecord(fixture('contract_ledger'), {
      contract_name: '主体结构施工', contract_type: 'construction', party_b: '中建某局', sign_date: '2026-11-01', amount: 1000,
      payments: [{ node_name: '预付款', paid: true }, { node_name: '', pay_ratio: 10 }],
    }, staff);
    expect(problems).toEqual([
      { field: 'payments.0.paid_date', message: '实际付款日期不能为空' },
      { field: 'payments.0.remark', message: '行备注不能为空' },
      { field: 'payments.1.node_name', message: '付款节点不能为空' },
      { field: 'payments.1.pay_amount', message: '付款金额不能为空' },
    ]);
  });

  it('unknown keys, wrong value shapes and unknown fixed options are reported (CONTRACT.md §2: never a 500)', () => {
    const def = fixture('auto_fptz');
    const problems = validateRecord(def, { invoice_no: '12345678', invoice_type: 'bogus', checked: 'yes', hack: 1, 'amount;drop': 1 }, staff);
    expect(problems).toContainEqual({ field: 'invoice_type', message: '发票类型的选项不存在' });
    expect(problems).toContainEqual({ field: 'checked', message: '已查验应为是或否' });
    expect(problems).toContainEqual({ field: 'hack', message: '未知字段 “hack”' });
    expect(problems).toContainEqual({ field: 'amount;drop', message: '未知字段 “amount;drop”' });
  });

  it('file lists: each entry needs a printable display name and a url (a rename is re-checked on the server)', () => {
    const def = form([f('files', 'upload', { label: '附件' })]);
    const ok = { name: '图纸.pdf', url: '/api/common/download?fileName=t1/a.pdf', fileName: 't1/a.pdf', size: 3 };
    expect(validateRecord(def, { files: [ok] }, staff)).toEqual([]);
    for (const bad of [[{ ...ok, name: '' }], [{ ...ok, name: '图\u0007纸.pdf' }], [{ ...ok, name: 'x'.repeat(256) }], [{ name: '图纸.pdf' }], ['图纸.pdf'], [ok, 7]]) {
      expect(validateRecord(def, { files: bad }, staff), JSON.stringify(bad)).toEqual([{ field: 'files', message: '附件的文件信息不正确' }]);
    }
    expect(validateRecord(def, { files: 'a.pdf' }, staff)).toEqual([{ field: 'files', message: '附件应为文件列表' }]);
  });

  it('accepts the submit payload shape (dateRange as $start/$end)', () => {
    const def = form([f('period', 'dateRange', { label: '工期', required: true })]);
    expect(validateRecord(def, { period$start: '2026-01-01', period$end: '2026-02-01' }, staff)).toEqual([]);
    expect(validateRecord(def, {}, staff)).toEqual([{ field: 'period', message: '工期不能为空' }]);
    expect(toFormValues(def, { period$start: '2026-01-01', period$end: '2026-02-01' })).toEqual({ period: ['2026-01-01', '2026-02-01'] });
  });
});

describe('importColumns (spec 01 §5 Import columns)', () => {
  it('"qrCode fields and the function types button, color and groupTitle are left out of the template"', () => {
    const keys = importColumns(fixture('auto_pthp'), staff).map((c) => c.key);
    expect(keys).not.toContain('goods_qr');
    expect(keys).not.toContain('warning');
    expect(importColumns(fixture('project_wbs'), staff).map((c) => c.key)).not.toContain('view_contracts');
    expect(importColumns(fixture('contract_ledger'), staff).map((c) => c.key)).not.toContain('basic_title');
  });

  it('"A column is included when its hide condition is absent or not true"', () => {
    const keys = importColumns(stockInWithHiddenRbm(), staff).map((c) => c.key);
    expect(keys).not.toContain('rbm');
    expect(keys).toContain('jb');
    const purchase = importColumns(fixture('purchase_request'), staff).map((c) => c.key);
    expect(purchase).toContain('urgent_reason');
    expect(purchase).not.toContain('finance_note');
    expect(importColumns(fixture('purchase_request'), admin).map((c) => c.key)).toContain('finance_note');
  });

  it('a sub-form column carries its template columns', () => {
    const payments = importColumns(fixture('contract_ledger'), staff).find((c) => c.key === 'payments');
    expect(payments?.children?.map((c) => c.key)).toEqual(['node_name', 'plan_date', 'pay_ratio', 'pay_amount', 'paid', 'paid_date', 'invoice_no', 'remark']);
    expect(payments?.children?.[0].required).toBe(true);
  });
});
