// The definition validator (issue 3: "rejects a malformed definition with precise messages") and storage columns.
import { describe, expect, it } from 'vitest';
import { choiceNumbers, storageColumns, validateDefinition, type StorageChildTable, type StorageColumn } from '../../schema-adapters/index';
import { fixture, loadFixtures } from './helpers';

const ok = { enName: 'ok_form', cnName: '合格', fields: [{ enName: 'name', label: '名称', funcType: 'input' }] };
const withField = (field: Record<string, unknown>) => ({ ...ok, fields: [field] });

describe('validateDefinition', () => {
  it('accepts every fixture', () => {
    for (const [name, def] of loadFixtures()) expect(validateDefinition(def), name).toEqual([]);
  });

  it('rejects an unknown funcType, a bad enName, a duplicate name and a condition that does not parse', () => {
    expect(validateDefinition(withField({ enName: 'x', label: 'X', funcType: 'slider' }))).toEqual([{ path: 'fields[0].funcType', message: '未知的字段类型 “slider”' }]);
    expect(validateDefinition({ ...ok, enName: 'Bad-Name' })[0].path).toBe('enName');
    expect(validateDefinition(withField({ enName: '1abc', label: 'X', funcType: 'input' }))[0].path).toBe('fields[0].enName');
    expect(validateDefinition(withField({ enName: 'a'.repeat(64), label: 'X', funcType: 'input' }))[0].path).toBe('fields[0].enName');
    expect(validateDefinition({ ...ok, fields: [ok.fields[0], { enName: 'name', label: '又一个', funcType: 'input' }] })).toEqual([{ path: 'fields[1].enName', message: '字段英文名 “name” 重复' }]);
    const [problem] = validateDefinition(withField({ enName: 'x', label: 'X', funcType: 'input', hideCondition: '${a} >' }));
    expect(problem.path).toBe('fields[0].hideCondition');
    expect(problem.message).toMatch(/^条件无法解析：/);
  });

  it('reports nested paths, reserved names, $sql outside hideCondition, and missing options', () => {
    const problems = validateDefinition({
      enName: 'nested', cnName: '嵌套', fields: [
        { enName: 'id', label: '编号', funcType: 'input' },
        { enName: 'lines', label: '明细', funcType: 'subForm', children: [{ enName: 'q', label: '数量', funcType: 'number', requiredCon: '#{unknownThing} == 1' }] },
        { enName: 's', label: '选择', funcType: 'select', selectMode: 0 },
        { enName: 'r', label: '必填', funcType: 'input', requiredCon: '$sql(SELECT 1)' },
      ],
    });
    expect(problems.map((p) => p.path)).toEqual(['fields[0].enName', 'fields[1].children[0].requiredCon', 'fields[2].options', 'fields[3].requiredCon']);
    expect(problems[0].message).toBe('字段英文名 “id” 是系统保留字段');
    expect(problems[3].message).toBe('$sql(…) 只能用于隐藏条件');
  });

  it('checks totals and column settings against the fields', () => {
    const problems = validateDefinition({ ...ok, feature: { columnEvalList: [{ enName: 'name', type: 'sum' }, { enName: 'nope', type: 'median' }], pcTableElements: [{ enName: 'ghost' }] } });
    expect(problems.map((p) => p.path)).toEqual(['feature.columnEvalList[0].enName', 'feature.columnEvalList[1].enName', 'feature.columnEvalList[1].type', 'feature.pcTableElements[0].enName']);
  });

  it('names fields, buttons and settings in words, never by their JSON keys (issue 27 item 7)', () => {
    const def = {
      enName: 'words', cnName: '用词', fields: [{ enName: 'name', label: '名称', funcType: 'input', maxLength: -1, span: 30 }, { enName: 'amount', label: '金额', funcType: 'number' }],
      feature: { columnEvalList: [{ enName: 'name', type: 'sum' }], formChecks: [{ scene: 'nope', when: '', action: 'x', errorTips: '' }], virtualColumns: [{ enName: 'v', cnName: '差额', expr: '${amount} *' }] },
      buttons: [{ id: 'a b', name: '归档', actions: [{ kind: 'setValues', values: {} }, { kind: 'print' }, { kind: 'setValues', values: { amount: { expr: '1 +' } } }], checks: [{ when: '', action: 'x', errorTips: '' }] }, { name: '无编号' }],
    };
    const messages = validateDefinition(def).map((p) => p.message);
    expect(messages).toEqual(expect.arrayContaining([
      '字段「名称」的最大长度须为非负整数',
      '字段「名称」的宽度须为 1 到 24 的整数',
      '合计的字段「名称」须为数字字段',
      '按钮「归档」的编号只能含字母、数字和下划线，最长 32 个字符',
      '按钮「归档」的「设置字段值」动作须至少设置一个字段的值',
      '按钮「归档」的「打印」动作须选择打印模版',
      '按钮「归档」的「设置字段值」动作中「金额」的计算式无法解析：条件不完整',
      '按钮「归档」的第 1 条校验规则须填写条件',
      '按钮「归档」的第 1 条校验规则的处理须为「阻止并提示」或「提示后由用户决定」',
      '第 2 个按钮须有编号和名称',
      '第 1 条表单检查的场景须为新增保存时、修改保存时、删除时、作废时、删除子表行时之一',
      '第 1 条表单检查须填写提示',
    ]));
    expect(messages.some((m) => m.startsWith('虚拟列「差额」的计算式无法解析'))).toBe(true);
    // No raw key of the definition's JSON in any message.
    for (const m of messages) expect(m).not.toMatch(/\b(?:maxLength|span|columnEvalList|pcTableElements|formChecks|virtualColumns|buttons|actions|checks|values|when|action|errorTips|scene|templateId|templateName|cnName|enName|expr)\b/);
  });

  it('rejects what is not a definition', () => {
    expect(validateDefinition(null)).toEqual([{ path: '', message: '表单定义须为 JSON 对象' }]);
    expect(validateDefinition({ enName: 'x', cnName: 'X', fields: 'no' })).toEqual([{ path: 'fields', message: '字段列表须为一个列表' }]);
  });
});

describe('storageColumns', () => {
  it('maps fields to typed columns with companions, ranges, address parts and child tables', () => {
    const columns = storageColumns(fixture('contract_ledger'));
    const byName = new Map(columns.filter((c): c is StorageColumn => c.kind !== 'childTable').map((c) => [c.name, c]));
    expect(byName.get('amount')).toMatchObject({ kind: 'numeric', multiValued: false, sortable: true });
    expect(byName.get('contract_type')).toMatchObject({ kind: 'text', multiValued: false });
    expect(byName.get('contract_type$view')).toMatchObject({ kind: 'text', companionOf: 'contract_type' });
    expect(byName.get('sign_date')?.kind).toBe('date');
    expect(byName.get('period$start')).toMatchObject({ kind: 'date', companionOf: 'period' });
    expect(byName.has('period')).toBe(false);
    expect(byName.get('site_address')).toMatchObject({ kind: 'jsonb', multiValued: true });
    expect(byName.get('site_address$district')?.kind).toBe('text');
    expect(byName.get('is_framework')?.kind).toBe('boolean');
    expect(byName.get('attachments')).toMatchObject({ kind: 'jsonb', multiValued: true, sortable: false });
    expect(byName.has('basic_title')).toBe(false);
    const child = columns.find((c): c is StorageChildTable => c.kind === 'childTable');
    expect(child?.name).toBe('payments');
    expect(child?.columns.map((c) => `${c.name}:${c.kind}`)).toEqual(['node_name:text', 'plan_date:date', 'pay_ratio:numeric', 'pay_amount:numeric', 'paid:boolean', 'paid_date:date', 'invoice_no:text', 'remark:text']);
  });

  it('one choice is a text column (ids numeric) whose number options read back as numbers (ADR 1010)', () => {
    const contract = fixture('contract_ledger');
    const tax = contract.fields.find((f) => f.enName === 'tax_rate')!;
    expect(choiceNumbers(tax)).toEqual(['3', '6', '9', '13']);
    expect(choiceNumbers(contract.fields.find((f) => f.enName === 'contract_type')!)).toBeNull();
    const stock = fixture('auto_tzbk_btgl_wgbtrk');
    expect(choiceNumbers(stock.fields.find((f) => f.enName === 'czfs')!)).toBe('all');
    const user = storageColumns({ enName: 'x', cnName: 'x', fields: [{ enName: 'u', label: 'U', funcType: 'user' }, { enName: 'm', label: 'M', funcType: 'user', multiple: true }] });
    expect(user.map((c) => `${c.name}:${c.kind}`)).toEqual(['u:numeric', 'u$view:text', 'm:jsonb', 'm$view:text']);
  });

  it('date formats pick the column kind; sysStatus uses the system column', () => {
    const names = new Map(storageColumns(fixture('auto_tzbk_btgl_btrk')).map((c) => [c.name, c]));
    expect(names.get('djrq')?.kind).toBe('timestamptz');
    expect(names.get('sxrq')?.kind).toBe('date');
    expect(names.has('sys_status')).toBe(false);
    // timeOnly keeps the field's own text ('HH:mm' stays 'HH:mm'), sorting like a clock time.
    expect(new Map(storageColumns(fixture('purchase_request')).map((c) => [c.name, c])).get('delivery_time')?.kind).toBe('text');
  });

  it('gives $view companions to the types of spec 01 §3.3 and to address, none to radio, checkbox or qrCode', () => {
    const purchase = new Map(storageColumns(fixture('purchase_request')).map((c) => [c.name, c]));
    expect(purchase.get('urgency')).toMatchObject({ kind: 'text', multiValued: false, sortable: true });
    expect(purchase.has('urgency$view')).toBe(false);
    expect(purchase.get('countersign')).toMatchObject({ kind: 'jsonb', multiValued: true, sortable: true });
    expect(purchase.has('countersign$view')).toBe(false);
    // A single cascader still holds a path, so searches match any of its levels.
    expect(purchase.get('category')).toMatchObject({ kind: 'jsonb', multiValued: true, sortable: true });
    expect(purchase.get('category$view')).toMatchObject({ kind: 'text', companionOf: 'category' });
    const goods = new Map(storageColumns(fixture('auto_pthp')).map((c) => [c.name, c]));
    expect([...goods.keys()].some((n) => n.startsWith('goods_qr'))).toBe(false);
    const contract = new Map(storageColumns(fixture('contract_ledger')).map((c) => [c.name, c]));
    expect(contract.get('site_address$view')).toMatchObject({ kind: 'text', companionOf: 'site_address' });
  });
});
