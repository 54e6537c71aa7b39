// Column model rules, each test quoting spec 01 §2.2–2.3.
import { describe, expect, it } from 'vitest';
import { actionColumnWidth, columnWidth, rowButtonShown, FIELD_TYPES, toColumns, totalsRequest, type FieldDefinition, type FormDefinition } from '../../schema-adapters/index';
import { admin, fixture, staff } from './helpers';

const form = (fields: FieldDefinition[], extra: Partial<FormDefinition> = {}): FormDefinition => ({ enName: 'cols', cnName: '列', fields, ...extra });
const allTypes = form(FIELD_TYPES.map((t) => ({
  enName: `f_${t.toLowerCase()}`, label: t, funcType: t, relateEnName: 'other', children: t === 'subForm' ? [{ enName: 'c', label: 'c', funcType: 'input' }] : undefined,
})));
const byType = new Map(toColumns(allTypes).filter((c) => c.funcType).map((c) => [c.funcType, c]));

describe('sorting', () => {
  it('"No sort icon is offered for columns of type button, switch, address, dateRange, upload, qrCode, idCard, color, divider, groupTitle and subForm"', () => {
    const unsortable = ['button', 'switch', 'address', 'dateRange', 'upload', 'qrCode', 'idCard', 'color', 'subForm'] as const;
    for (const t of unsortable) expect(byType.get(t)?.sortable, t).toBe(false);
    expect(byType.has('divider')).toBe(false);
    expect(byType.has('groupTitle')).toBe(false);
    for (const t of ['input', 'number', 'select', 'dateStamp', 'user', 'relatedForm'] as const) expect(byType.get(t)?.sortable, t).toBe(true);
  });
});

describe('column search (spec 01 §2.3)', () => {
  it('"Date and time columns use range pickers. Selects, cascaders and address fields use their own pickers. Numbers use a start and an end. Related forms use auto-complete. Everything else uses plain text"', () => {
    expect(byType.get('dateStamp')?.search).toBe('dateRange');
    expect(byType.get('dateRange')?.search).toBe('dateRange');
    expect(byType.get('timeOnly')?.search).toBe('timeRange');
    expect(byType.get('select')?.search).toBe('select');
    expect(byType.get('cascader')?.search).toBe('cascader');
    expect(byType.get('address')?.search).toBe('address');
    expect(byType.get('number')?.search).toBe('numberRange');
    expect(byType.get('relatedForm')?.search).toBe('related');
    expect(byType.get('input')?.search).toBe('text');
    expect(byType.get('textarea')?.search).toBe('text');
  });

  it('"For some field types a search type radio appears: like (模糊搜索, the default) and equal"; "A search range radio also appears"', () => {
    expect(byType.get('input')).toMatchObject({ searchTypeRadio: true, defaultSearchType: 'like', searchRange: true });
    expect(byType.get('select')).toMatchObject({ searchTypeRadio: false, defaultSearchType: 'equal', searchRange: true });
  });
});

describe('widths', () => {
  it('"Column widths come from the per-user table settings; otherwise 120"', () => {
    const def = fixture('auto_pthp');
    const cols = toColumns(def, { userColumns: [{ enName: 'goods_name', width: 260 }] });
    expect(cols.find((c) => c.key === 'goods_name')?.width).toBe(260);
    expect(cols.find((c) => c.key === 'spec')?.width).toBe(120);
  });

  it('"The configured width is 20 per character unit, at most 300, at least 5 units and by default 100"', () => {
    expect(columnWidth(8)).toBe(160);
    expect(columnWidth(30)).toBe(300);
    expect(columnWidth(2)).toBe(100);
    expect(columnWidth('wide')).toBe(100);
    expect(columnWidth(undefined)).toBe(120);
    expect(toColumns(fixture('contract_ledger')).find((c) => c.key === 'contract_name')?.width).toBe(200);
  });

  it('"A right-hand row action column labelled 操作 … Its width is 12 per character of the button names plus 10, plus 40"', () => {
    expect(actionColumnWidth(['编辑', '详情'])).toBe(12 * 4 + 10 + 40);
    const actions = toColumns(fixture('contract_ledger')).find((c) => c.kind === 'actions');
    expect(actions).toMatchObject({ header: '操作', width: 12 * 6 + 50, fixed: 'right' });
    expect(toColumns(fixture('auto_pthp')).some((c) => c.kind === 'actions')).toBe(false);
    expect(toColumns(fixture('auto_pthp'), { rowActionNames: ['编辑'] }).find((c) => c.kind === 'actions')?.width).toBe(74);
  });
});

describe('fixed columns', () => {
  const fields: FieldDefinition[] = ['a', 'b', 'c', 'd'].map((n) => ({ enName: n, label: n.toUpperCase(), funcType: 'input' }));
  const fixedOf = (def: FormDefinition, opts = {}) => Object.fromEntries(toColumns(def, opts).filter((c) => c.kind === 'field').map((c) => [c.key, c.fixed ?? null]));

  it('fixColumns fixes the leading visible columns on the left; the user\'s count wins', () => {
    const def = form(fields, { feature: { fixColumns: 1, pcTableElements: [{ enName: 'a', visible: false }] } });
    expect(fixedOf(def)).toEqual({ a: null, b: 'left', c: null, d: null });
    expect(fixedOf(def, { fixColumns: 2 })).toEqual({ a: null, b: 'left', c: 'left', d: null });
  });

  it('pcTableElements fix single columns on the left or the right; a right one is never counted on the left', () => {
    const def = form(fields, { feature: { fixColumns: 1, pcTableElements: [{ enName: 'a', fixed: 'right' }, { enName: 'c', fixed: 'left' }, { enName: 'd', fixed: 'right' }] } });
    expect(fixedOf(def)).toEqual({ a: 'right', b: null, c: 'left', d: 'right' });
  });
});

describe('row buttons', () => {
  it('"Its buttons are chosen per row (rightShow and rightShowCon)"', () => {
    const [withdraw, order] = fixture('purchase_request').buttons!;
    expect(rowButtonShown(withdraw, { sys_status: 0 }, staff)).toBe(true);
    expect(rowButtonShown(withdraw, { sys_status: 1 }, staff)).toBe(false);
    expect(rowButtonShown(order, { sys_status: 0 }, staff)).toBe(false);
    expect(rowButtonShown({ id: 9, name: '坏', rightShow: true, rightShowCon: '${sys_status} ==' }, { sys_status: 0 }, staff)).toBe(false);
  });
});

describe('the state column 状态', () => {
  const has = (def: FormDefinition, opts = {}) => toColumns(def, opts).some((c) => c.kind === 'status');
  const def = fixture('auto_fptz');

  it('"A state column 状态 shows sys_status as a coloured description. It can be filtered and sorted"', () => {
    const status = toColumns(def).find((c) => c.kind === 'status');
    expect(status).toMatchObject({ key: 'sys_status', header: '状态', sortable: true, search: 'status' });
    expect(status?.options?.map((o) => o.label)).toEqual(['已审核', '处理中', '草稿', '作废']);
  });

  it('"It is hidden when the system setting sys.list.show.status is false, or when it is a semicolon list of form names that includes this form, or for type-2 views. An empty setting means shown"', () => {
    expect(has(def, { settings: { 'sys.list.show.status': 'false' } })).toBe(false);
    expect(has(def, { settings: { 'sys.list.show.status': false } })).toBe(false);
    expect(has(def, { settings: { 'sys.list.show.status': 'auto_pthp;auto_fptz' } })).toBe(false);
    expect(has(def, { settings: { 'sys.list.show.status': 'auto_pthp;contract_ledger' } })).toBe(true);
    expect(has(def, { settings: { 'sys.list.show.status': '' } })).toBe(true);
    expect(has(def)).toBe(true);
    expect(has(fixture('contract_payment_view'))).toBe(false);
    expect(has(def, { showStatus: false })).toBe(false);
  });
});

describe('cells', () => {
  it('"Select and cascader cells take colour, backgroundColor and icon from the dictionary list root"', () => {
    const type = toColumns(fixture('contract_ledger')).find((c) => c.key === 'contract_type');
    expect(type?.cell).toBe('dict');
    expect(type?.options?.[0]).toEqual({ label: '施工合同', value: 'construction', color: '#1677ff', backgroundColor: '#e6f4ff' });
    expect(toColumns(fixture('auto_pthp')).find((c) => c.key === 'unit')).toMatchObject({ cell: 'dict', configDataId: 4620 });
  });

  it('"Numbers are shown with a thousands separator when the system setting sys.thousand.separator.enabled is the string true … and the field\'s precision"', () => {
    const on = toColumns(fixture('auto_fptz'), { settings: { 'sys.thousand.separator.enabled': 'true' } }).find((c) => c.key === 'amount');
    expect(on).toMatchObject({ cell: 'number', thousandSeparator: true, precision: 2, suffix: '元' });
    const off = toColumns(fixture('auto_fptz'), { settings: { 'sys.thousand.separator.enabled': 'false' } }).find((c) => c.key === 'amount');
    expect(off?.thousandSeparator).toBeUndefined();
  });

  it('"a companion display value is stored under the field name plus the suffix $view" for select, cascader, relatedForm, position, user and dept', () => {
    for (const t of ['select', 'cascader', 'relatedForm', 'position', 'user', 'dept'] as const) expect(byType.get(t)?.viewKey, t).toBe(`f_${t.toLowerCase()}$view`);
    expect(byType.get('input')?.viewKey).toBeUndefined();
    expect(byType.get('dateRange')?.rangeKeys).toEqual(['f_daterange$start', 'f_daterange$end']);
  });

  it('pcTableElements hide columns; a context-only hide condition hides a column for that user ("Role names and user id drive … the column hide rules")', () => {
    expect(toColumns(fixture('contract_ledger')).find((c) => c.key === 'remark')?.visible).toBe(false);
    expect(toColumns(fixture('purchase_request'), { ctx: staff }).find((c) => c.key === 'finance_note')?.visible).toBe(false);
    expect(toColumns(fixture('purchase_request'), { ctx: admin }).find((c) => c.key === 'finance_note')?.visible).toBe(true);
  });
});

describe('totals', () => {
  it('"The footer shows computed column totals: sum, average or both, for the columns listed in the form\'s columnEvalList"', () => {
    const cols = toColumns(fixture('auto_fptz'));
    expect(cols.find((c) => c.key === 'amount')?.total).toBe('sum');
    expect(cols.find((c) => c.key === 'total')?.total).toBe('both');
    expect(cols.find((c) => c.key === 'invoice_no')?.total).toBeUndefined();
    expect(totalsRequest(fixture('auto_fptz'))).toEqual({
      amount: { operation: ['sum'], precision: 2 },
      tax: { operation: ['sum'], precision: 2 },
      total: { operation: ['sum', 'avg'], precision: 2 },
    });
    expect(totalsRequest(fixture('project_wbs')).progress).toEqual({ operation: ['avg'], precision: 1 });
  });
});
