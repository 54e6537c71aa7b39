/**
 * Custom-button and colour-rule parts of the adapter (issue 17 items 4 and 5): definitions are
 * refused with a path for each bad step or rule; values of expressions; placeholders; cell colours.
 */
import { describe, expect, it } from 'vitest';
import { cellColor, checkEntries, evaluateValue, toColumns, fillPlaceholders, safeLink, validateDefinition, type UserContext } from '../../schema-adapters';

const ctx: UserContext = { userId: 7, userName: 'zhang', deptId: 3, roleKeys: ['staff'], roleNames: ['员工'] };
const base = { enName: 'orders', cnName: '订单', fields: [{ enName: 'title', label: '名称', funcType: 'input' }, { enName: 'amount', label: '金额', funcType: 'number' }] };

describe('button definitions', () => {
  it('accepts every step kind and rule, and reports each problem with its path', () => {
    const good = { id: 1, name: '审核', checks: [{ when: '${amount} > 1', action: 'warn', errorTips: 'x' }], actions: [
      { kind: 'setValues', values: { title: 'a', amount: { expr: '${amount} + 1' } } },
      { kind: 'createRecord', form: 'other', values: { x: { expr: '${title}' } } },
      { kind: 'link', url: 'https://example.com/${id}' },
      { kind: 'print', templateName: '合同' },
      { kind: 'webhook', url: 'https://hooks.example.com/a', secret: 'k1', timeoutMs: 2000 },
    ] };
    expect(validateDefinition({ ...base, buttons: [good] })).toEqual([]);
    const problems = validateDefinition({ ...base, buttons: [
      { id: 1, name: 'a', actions: [{ kind: 'eval' }, { kind: 'link', url: '//evil.example' }, { kind: 'setValues', values: { title: { expr: '(' } } }] },
      { id: 1, name: 'b', checks: [{ when: '$sql(select 1)', action: 'warn', errorTips: 'x' }] },
    ] }).map((p) => p.path);
    expect(problems).toEqual(['buttons[0].actions[0]', 'buttons[0].actions[1].url', 'buttons[0].actions[2].values.title', 'buttons[1].id', 'buttons[1].checks[0].when']);
  });
});

describe('button values and placeholders', () => {
  it('evaluates expressions to values, and refuses a field the record lacks', () => {
    expect(evaluateValue('${amount} * 2', { amount: 21 }, ctx)).toEqual({ value: 42 });
    expect(evaluateValue("${title} + '-' + #{userName}", { title: 'A' }, ctx)).toEqual({ value: 'A-zhang' });
    expect(evaluateValue('${missing}', { amount: 1 }, ctx)).toEqual({ error: '字段 “missing” 不存在' });
  });

  it('fills placeholders, encoded for links, and allows only site paths and http(s) links', () => {
    expect(fillPlaceholders('/a?t=${title}&n=${none}', { title: 'x/y z' }, true)).toBe('/a?t=x%2Fy%20z&n=');
    expect(fillPlaceholders('合同「${title}」', { title: 'x/y' }, false)).toBe('合同「x/y」');
    expect(['/ok', 'https://a.example/x', '//evil', 'javascript:alert(1)', 'data:text/html,x'].map(safeLink)).toEqual([true, true, false, false, false]);
  });
});

describe('cell colour rules', () => {
  const rules = [{ when: '${amount} > 100', color: 'red' }, { when: '${amount} > 10', color: '#00aa00' }];
  it('takes the first rule that holds; none → no colour', () => {
    expect(cellColor(rules, { amount: 500 }, ctx)).toBe('#f5222d');
    expect(cellColor(rules, { amount: 50 }, ctx)).toBe('#00aa00');
    expect(cellColor(rules, { amount: 5 }, ctx)).toBeUndefined();
  });
  it('reports a rule that fails to evaluate (the list logs 颜色表达式执行异常)', () => {
    expect(cellColor([{ when: 'len(${amount}) > ${amount}.x', color: 'red' }], { amount: 1 }, ctx)).toEqual({ error: 'len(${amount}) > ${amount}.x' });
  });
  it('refuses bad colours and conditions on save', () => {
    const def = { ...base, fields: [{ ...base.fields[1], colorRules: [{ when: '${amount} >', color: 'red' }, { when: '${amount} > 1', color: 'purple' }] }] };
    expect(validateDefinition(def).map((p) => p.path)).toEqual(['fields[0].colorRules[0].when', 'fields[0].colorRules[1].color']);
  });
});

describe('check rules', () => {
  it('answers stops first, each text once, with the record values; a failing rule holds', () => {
    const rules = [
      { when: '${amount} > 10', action: 'warn' as const, errorTips: '「${title}」偏大' },
      { when: '${amount} < 0', action: 'stop' as const, errorTips: '「${title}」为负' },
      { when: '${amount}.x', action: 'stop' as const, errorTips: '规则出错' },
    ];
    expect(checkEntries(rules.slice(0, 2), [{ title: 'a', amount: 20 }, { title: 'b', amount: -1 }, { title: 'a', amount: 30 }], ctx)).toEqual([
      { action: 'stop', errorTips: '「b」为负' },
      { action: 'warn', errorTips: '「a」偏大' },
    ]);
    expect(checkEntries(rules.slice(2), [{ title: 'a', amount: 1 }], ctx)).toEqual([{ action: 'stop', errorTips: '规则出错' }]);
  });
});

describe('firstNColumns', () => {
  const def = { ...base, fields: [...base.fields, { enName: 'note', label: '备注', funcType: 'input' }, { enName: 'extra', label: '附加', funcType: 'input' }] };
  it('shows only the first N field columns unless pcTableElements shows one; 0 or absent shows all', () => {
    const shown = (d: object) => toColumns(d as never).filter((c) => c.kind === 'field' && c.visible).map((c) => c.key);
    expect(shown(def)).toEqual(['title', 'amount', 'note', 'extra']);
    expect(shown({ ...def, firstNColumns: 2 })).toEqual(['title', 'amount']);
    expect(shown({ ...def, firstNColumns: 2, feature: { pcTableElements: [{ enName: 'extra', visible: true }] } })).toEqual(['title', 'amount', 'extra']);
    expect(validateDefinition({ ...def, firstNColumns: -1 }).map((p) => p.path)).toEqual(['firstNColumns']);
  });
});
