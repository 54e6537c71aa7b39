// Issue 27 item 7: 表单设置's 列表列 (with 固定), 合计, 虚拟列, 表单检查 and 按钮 are edited through
// controls in words (no JSON box, no raw keys); they write the same feature.pcTableElements /
// columnEvalList / virtualColumns / formChecks and buttons entries the JSON boxes held, the
// definition validates, and a stored value shows as it is.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../../schema-adapters/definition/types';
import { validateDefinition } from '../../../../schema-adapters/definition/validateDefinition';
import { fromDraft, toDraft, type Draft } from './draft';
import { FormSettings } from './FormSettings';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const DEFINITION: FormDefinition = {
  enName: 'contract',
  cnName: '合同',
  fields: [
    { enName: 'name', label: '合同名称', funcType: 'input', span: 24 },
    { enName: 'amount', label: '金额', funcType: 'number', span: 12 },
    { enName: 'score', label: '评分', funcType: 'rate', span: 12 },
    { enName: 'sec', label: '分组', funcType: 'groupTitle', span: 24 },
  ],
  buttons: [],
  feature: {},
};

// What the 按钮 editor offers by name: the tenant's forms, a target form's fields, this form's print templates.
const ok = (body: Record<string, unknown>) => HttpResponse.json({ code: 200, msg: '操作成功', ...body });
const server = setupServer(
  http.get('/api/flowable/form/list', () => ok({ rows: [{ enName: 'contract', cnName: '合同' }, { enName: 'payment', cnName: '付款登记' }] })),
  http.get('/api/flowable/form/en/payment', () => ok({ data: { enName: 'payment', cnName: '付款登记', fields: [{ enName: 'pay_amount', label: '付款金额', funcType: 'number' }, { enName: 'note', label: '备注', funcType: 'input' }] } })),
  http.get('/api/print/template/list', () => ok({ rows: [{ id: 3, formName: 'contract', name: '合同打印' }] })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let root: Root;
let host: HTMLDivElement;
let draft: Draft;
let patches: Record<string, unknown>[];

/** Applies a settings patch as useDesigner does (dotted keys under feature). */
function applied(current: Draft, patch: Record<string, unknown>): Draft {
  let next = current;
  for (const [k, v] of Object.entries(patch)) {
    if (k.startsWith('feature.')) next = { ...next, feature: { ...next.feature, [k.slice(8)]: v } };
    else next = { ...next, [k]: v };
  }
  return next;
}
/** The settings over a draft held in state; `draft` follows it. */
function Harness({ initial }: { initial: Draft }) {
  const [current, setCurrent] = useState(initial);
  draft = current;
  return <FormSettings draft={current} problems={validateDefinition(fromDraft(current))} onChange={(p) => { patches.push(p); setCurrent((c) => applied(c, p)); }} />;
}
async function render() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => root.render(<QueryClientProvider client={client}><Harness initial={draft} /></QueryClientProvider>));
}
async function settle() {
  await act(async () => { await Promise.resolve(); });
}

beforeEach(() => {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  patches = [];
});
afterEach(async () => {
  await act(async () => root.unmount());
  document.body.innerHTML = '';
});

const input = (label: string) => host.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;
const optionTexts = () => [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].map((o) => o.textContent);
async function openSelect(label: string) {
  await act(async () => { input(label).closest('.ant-select')!.querySelector('.ant-select-selector')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true })); });
  await expect.poll(() => optionTexts().length).toBeGreaterThan(0);
}
async function pickOption(text: string) {
  const option = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent === text && !o.closest('.ant-select-dropdown-hidden'))!;
  await act(async () => { option.click(); });
  await settle();
}
async function typeText(box: HTMLInputElement | HTMLTextAreaElement, value: string) {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(box) as object, 'value')!.set!;
    setter.call(box, value);
    box.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
async function typeNumber(label: string, value: string) {
  const box = input(label);
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(box, value);
    box.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => { box.dispatchEvent(new FocusEvent('blur', { bubbles: true })); box.dispatchEvent(new FocusEvent('focusout', { bubbles: true })); });
  await settle();
}

describe('表单设置: 列表列', () => {
  it('hides a field and sets a width through the controls; the same pcTableElements entries, valid; no JSON box or raw key', async () => {
    draft = toDraft(DEFINITION);
    await render();
    expect(host.textContent).not.toMatch(/pcTableElements|columnEvalList|按字段生成/);
    expect(host.querySelector('textarea[aria-label="列表列"], textarea[aria-label="合计列"]')).toBeNull();
    // A layout field is no column.
    expect(input('显示分组')).toBeNull();
    expect(input('显示合同名称').checked).toBe(true);
    await act(async () => { input('显示合同名称').click(); });
    await settle();
    expect(draft.feature?.pcTableElements).toEqual([{ enName: 'name', visible: false }]);
    await typeNumber('金额宽度', '10');
    expect(draft.feature?.pcTableElements).toEqual([{ enName: 'name', visible: false }, { enName: 'amount', width: 10 }]);
    expect(validateDefinition(fromDraft(draft))).toEqual([]);
  });

  it('shows a stored value as it is and changes only the edited entry', async () => {
    draft = toDraft({ ...DEFINITION, feature: { pcTableElements: [{ enName: 'amount', visible: false, width: 8 }, { enName: 'name', width: 12 }] } });
    await render();
    expect(input('显示金额').checked).toBe(false);
    expect(input('金额宽度').value).toBe('8');
    expect(input('显示合同名称').checked).toBe(true);
    expect(input('合同名称宽度').value).toBe('12');
    await act(async () => { input('显示金额').click(); });
    await settle();
    expect(draft.feature?.pcTableElements).toEqual([{ enName: 'amount', visible: true, width: 8 }, { enName: 'name', width: 12 }]);
  });
});

describe('表单设置: 合计', () => {
  it('offers the number fields only, totals a picked one by 求和, and changes the way in words; valid columnEvalList', async () => {
    draft = toDraft(DEFINITION);
    await render();
    await openSelect('合计字段');
    expect(optionTexts()).toEqual(['金额', '评分']);
    await pickOption('金额');
    expect(draft.feature?.columnEvalList).toEqual([{ enName: 'amount', type: 'sum' }]);
    await openSelect('金额合计方式');
    await expect.poll(() => optionTexts()).toEqual(expect.arrayContaining(['求和', '平均值', '求和与平均值']));
    await pickOption('求和与平均值');
    expect(draft.feature?.columnEvalList).toEqual([{ enName: 'amount', type: 'both' }]);
    expect(validateDefinition(fromDraft(draft))).toEqual([]);
  });

  it('shows stored totals with their ways', async () => {
    draft = toDraft({ ...DEFINITION, feature: { columnEvalList: [{ enName: 'score', type: 'average' }, { enName: 'amount', type: 'both' }] } });
    await render();
    const chosen = [...host.querySelectorAll('.fw-totals-editor .ant-select-selection-item-content')].map((n) => n.textContent);
    expect(chosen).toEqual(['评分', '金额']);
    const ways = [...host.querySelectorAll('.fw-total-row')].map((r) => [r.querySelector('span')?.textContent, r.querySelector('.ant-select-selection-item')?.textContent]);
    expect(ways).toEqual([['评分', '平均值'], ['金额', '求和与平均值']]);
  });
});

describe('表单设置: 虚拟列', () => {
  it('adds a column with a name and a 计算式 through the controls; the same virtualColumns entry, valid', async () => {
    draft = toDraft(DEFINITION);
    await render();
    expect(host.querySelector('textarea[aria-label="虚拟列"]')).toBeNull();
    const add = [...host.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === '添加虚拟列')!;
    await act(async () => { add.click(); });
    expect(draft.feature?.virtualColumns).toEqual([{ enName: 'virtual_1', cnName: '虚拟列1' }]);
    await typeText(input('虚拟列1名称'), '单价金额');
    await typeText(host.querySelector<HTMLTextAreaElement>('textarea[aria-label="虚拟列1计算式"]')!, '${amount} * ${score}');
    expect(draft.feature?.virtualColumns).toEqual([{ enName: 'virtual_1', cnName: '单价金额', expr: '${amount} * ${score}' }]);
    expect(validateDefinition(fromDraft(draft))).toEqual([]);
  });

  it('shows a stored column as it is and deletes it', async () => {
    draft = toDraft({ ...DEFINITION, feature: { virtualColumns: [{ enName: 'stock_value', cnName: '库存金额', expr: '${amount} * 2' }] } });
    await render();
    expect(input('虚拟列1名称').value).toBe('库存金额');
    expect(input('虚拟列1英文名').value).toBe('stock_value');
    expect(host.querySelector<HTMLTextAreaElement>('textarea[aria-label="虚拟列1计算式"]')!.value).toBe('${amount} * 2');
    await act(async () => { host.querySelector<HTMLButtonElement>('button[aria-label="删除虚拟列1"]')!.click(); });
    expect(draft.feature?.virtualColumns).toBeUndefined();
  });
});

describe('表单设置: 表单检查', () => {
  it('adds a rule through the controls; the same formChecks entry, valid', async () => {
    draft = toDraft(DEFINITION);
    await render();
    expect(host.querySelector('textarea[aria-label="表单检查"]')).toBeNull();
    const add = [...host.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === '添加检查')!;
    await act(async () => { add.click(); });
    await typeText(host.querySelector<HTMLTextAreaElement>('textarea[aria-label="检查1条件"]')!, '${amount} > 1000');
    await typeText(input('检查1提示'), '金额不能超过 1000');
    await openSelect('检查1场景');
    await pickOption('修改保存时');
    expect(draft.feature?.formChecks).toEqual([{ scene: 'edit', when: '${amount} > 1000', action: 'stop', errorTips: '金额不能超过 1000' }]);
    expect(validateDefinition(fromDraft(draft))).toEqual([]);
  });

  it('shows a stored rule in words and keeps keys it does not show', async () => {
    draft = toDraft({ ...DEFINITION, feature: { formChecks: [{ scene: 'deleteSub', subForm: 'lines', when: '${amount} > 1', action: 'warn', errorTips: '确认删除？' }] } });
    await render();
    const shownIn = (label: string) => input(label).closest('.ant-select')!.querySelector('.ant-select-selection-item')?.textContent;
    expect(shownIn('检查1场景')).toBe('删除子表行时');
    expect(shownIn('检查1处理')).toBe('提示后由用户决定');
    await typeText(input('检查1提示'), '确定删除这一行？');
    expect(draft.feature?.formChecks).toEqual([{ scene: 'deleteSub', subForm: 'lines', when: '${amount} > 1', action: 'warn', errorTips: '确定删除这一行？' }]);
  });
});

describe('表单设置: 列表列 固定', () => {
  it('fixes a column on the right through its 固定 choice; the same entry, valid', async () => {
    draft = toDraft(DEFINITION);
    await render();
    await openSelect('金额固定');
    expect(optionTexts()).toEqual(expect.arrayContaining(['不固定', '固定在左侧', '固定在右侧']));
    await pickOption('固定在右侧');
    expect(draft.feature?.pcTableElements).toEqual([{ enName: 'amount', fixed: 'right' }]);
    expect(validateDefinition(fromDraft(draft))).toEqual([]);
  });

  it('shows a stored side and unfixes it without touching the entry’s other keys', async () => {
    draft = toDraft({ ...DEFINITION, feature: { pcTableElements: [{ enName: 'name', width: 12, fixed: 'left' }] } });
    await render();
    const shown = () => input('合同名称固定').closest('.ant-select')!.querySelector('.ant-select-selection-item')?.textContent;
    expect(shown()).toBe('固定在左侧');
    await openSelect('合同名称固定');
    await pickOption('不固定');
    expect(draft.feature?.pcTableElements).toEqual([{ enName: 'name', width: 12 }]);
  });
});

describe('表单设置: 按钮', () => {
  const ARCHIVE = {
    id: 102, name: '归档', topShow: true, rightShow: true, selection: 'multiple' as const,
    rightShowCon: "!contains(${name}, '已归档')",
    checks: [{ when: '${amount} > 1000000', action: 'warn', errorTips: '金额超过 100 万元' }],
    actions: [{ kind: 'setValues', values: { name: { expr: "${name} + '（已归档）'" }, amount: 0 } }],
    unSelectedActionable: false,
  };
  const textarea = (label: string) => host.querySelector<HTMLTextAreaElement>(`textarea[aria-label="${label}"]`)!;
  const shownIn = (label: string) => input(label).closest('.ant-select')!.querySelector('.ant-select-selection-item')?.textContent;
  const button = (text: string) => [...host.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text)!;

  it('shows a stored custom button in controls, no JSON box; editing the name changes only the name', async () => {
    draft = toDraft({ ...DEFINITION, buttons: [ARCHIVE] });
    await render();
    expect(host.querySelector('textarea[aria-label="按钮"]')).toBeNull();
    expect(input('按钮1名称').value).toBe('归档');
    expect(input('按钮1编号').value).toBe('102');
    expect(host.textContent).toContain('权限：auto:contract:btn102');
    expect(input('按钮1显示在列表工具栏').checked).toBe(true);
    expect(input('按钮1显示在行操作列').checked).toBe(true);
    expect(shownIn('按钮1选择要求')).toBe('选择一条或多条记录');
    expect(textarea('按钮1行显示条件').value).toBe("!contains(${name}, '已归档')");
    expect(shownIn('按钮1动作')).toBe('自定义动作');
    expect(shownIn('按钮1动作1类型')).toBe('设置字段值');
    expect(shownIn('按钮1动作1字段1')).toBe('合同名称');
    expect(shownIn('按钮1动作1取值方式1')).toBe('计算式');
    expect(input('按钮1动作1取值1').value).toBe("${name} + '（已归档）'");
    expect(shownIn('按钮1动作1字段2')).toBe('金额');
    expect(input('按钮1动作1取值2').value).toBe('0');
    expect(shownIn('按钮1校验1处理')).toBe('提示后由用户决定');
    expect(textarea('按钮1校验1条件').value).toBe('${amount} > 1000000');
    await typeText(input('按钮1名称'), '归档合同');
    expect(fromDraft(draft).buttons).toEqual([{ ...ARCHIVE, name: '归档合同' }]);
    // A number typed for a number field stays a number.
    await typeText(input('按钮1动作1取值2'), '5');
    expect((fromDraft(draft).buttons![0].actions as { values: Record<string, unknown> }[])[0].values).toEqual({ name: { expr: "${name} + '（已归档）'" }, amount: 5 });
    expect(validateDefinition(fromDraft(draft))).toEqual([]);
  });

  it('adds a button with a link step and a pre-check through the controls; valid, and the server’s shape', async () => {
    draft = toDraft(DEFINITION);
    await render();
    await act(async () => { button('添加按钮').click(); });
    expect(draft.buttons).toEqual([{ id: 101, name: '按钮1', topShow: true, selection: 'multiple', actions: [{ kind: 'setValues', values: {} }] }]);
    await typeText(input('按钮1名称'), '查看合同');
    await openSelect('按钮1动作1类型');
    await pickOption('打开链接');
    await typeText(input('按钮1动作1链接'), '/auto/contract/${id}');
    await act(async () => { button('添加执行前校验').click(); });
    await typeText(textarea('按钮1校验1条件'), '${amount} > 10');
    await typeText(input('按钮1校验1提示'), '金额过大');
    expect(draft.buttons).toEqual([{
      id: 101, name: '查看合同', topShow: true, selection: 'multiple',
      actions: [{ kind: 'link', url: '/auto/contract/${id}' }],
      checks: [{ when: '${amount} > 10', action: 'stop', errorTips: '金额过大' }],
    }]);
    expect(validateDefinition(fromDraft(draft))).toEqual([]);
  });

  it('sets field values: a field chosen by its label, a fixed value, then 空值', async () => {
    draft = toDraft(DEFINITION);
    await render();
    await act(async () => { button('添加按钮').click(); });
    await act(async () => { button('添加字段').click(); });
    expect((draft.buttons![0].actions as unknown[])[0]).toEqual({ kind: 'setValues', values: { name: '' } });
    await openSelect('按钮1动作1字段1');
    await pickOption('金额');
    await typeText(input('按钮1动作1取值1'), '12.5');
    expect((draft.buttons![0].actions as unknown[])[0]).toEqual({ kind: 'setValues', values: { amount: 12.5 } });
    await openSelect('按钮1动作1取值方式1');
    await pickOption('空值');
    expect((draft.buttons![0].actions as unknown[])[0]).toEqual({ kind: 'setValues', values: { amount: null } });
    expect(validateDefinition(fromDraft(draft))).toEqual([]);
  });

  it('新增记录: the target form chosen by its name, then its fields by their labels; no English name typed', async () => {
    draft = toDraft(DEFINITION);
    await render();
    await act(async () => { button('添加按钮').click(); });
    await openSelect('按钮1动作1类型');
    await pickOption('新增记录');
    // The options of the dropdown just opened (the type select's stays in the document, hidden).
    const shownOptions = () => [...[...document.querySelectorAll('.ant-select-dropdown')].at(-1)!.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    await openSelect('按钮1动作1目标表单');
    await expect.poll(shownOptions).toEqual(['合同', '付款登记']);
    await pickOption('付款登记');
    await expect.poll(() => button('添加字段').disabled).toBe(false);
    await act(async () => { button('添加字段').click(); });
    await openSelect('按钮1动作1字段1');
    expect(shownOptions()).toEqual(['付款金额', '备注']);
    await pickOption('付款金额');
    await typeText(input('按钮1动作1取值1'), '12');
    expect((draft.buttons![0].actions as unknown[])[0]).toEqual({ kind: 'createRecord', form: 'payment', values: { pay_amount: 12 } });
    expect(host.querySelector('input[placeholder="表单英文名"], input[placeholder="目标字段英文名"]')).toBeNull();
    expect(validateDefinition(fromDraft(draft))).toEqual([]);
  });

  it('a system action instead of steps: 打印 with no fixed link', async () => {
    draft = toDraft({ ...DEFINITION, buttons: [{ id: 5, name: '打印', topShow: true, sysAction: 'print' }] });
    await render();
    expect(shownIn('按钮1动作')).toBe('打印');
    expect(input('按钮1固定打印链接').value).toBe('');
    expect(host.querySelector('[aria-label="按钮1动作1类型"]')).toBeNull();
    await openSelect('按钮1动作');
    await pickOption('作废');
    expect(draft.buttons).toEqual([{ id: 5, name: '打印', topShow: true, sysAction: 'invalid' }]);
  });

  it('an incomplete step and rule are named in words under 按钮, never by their JSON keys', async () => {
    draft = toDraft({ ...DEFINITION, buttons: [{ id: 1, name: '归档', actions: [{ kind: 'print' }], checks: [{ when: '', action: 'stop', errorTips: 'x' }] }] });
    await render();
    expect(shownIn('按钮1动作1类型')).toBe('打印');
    const explain = () => [...host.querySelector('.fw-buttons-editor')!.closest('.ant-form-item')!.querySelectorAll('.ant-form-item-explain')].map((e) => e.textContent ?? '').join('\n');
    expect(explain()).toContain('按钮「归档」的「打印」动作须选择打印模版');
    expect(explain()).toContain('按钮「归档」的第 1 条校验规则须填写条件');
    expect(explain()).not.toMatch(/templateId|templateName|when|buttons|actions/);
    // Filled in through the controls (the template chosen among the form's own, by name), both problems go.
    await openSelect('按钮1动作1打印模版');
    await expect.poll(() => [...[...document.querySelectorAll('.ant-select-dropdown')].at(-1)!.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual(['合同打印']);
    await pickOption('合同打印');
    await typeText(textarea('按钮1校验1条件'), '${amount} > 1');
    expect(validateDefinition(fromDraft(draft))).toEqual([]);
    expect(draft.buttons).toEqual([{ id: 1, name: '归档', actions: [{ kind: 'print', templateName: '合同打印' }], checks: [{ when: '${amount} > 1', action: 'stop', errorTips: 'x' }] }]);
  });

  it('a problem of a button shows under 按钮 in words', async () => {
    draft = toDraft({ ...DEFINITION, buttons: [{ id: 'a b', name: '坏按钮', topShow: true, actions: [{ kind: 'link', url: 'javascript:alert(1)' }] }] });
    await render();
    const help = host.querySelector('.fw-buttons-editor')!.closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent ?? '';
    expect(help).toContain('按钮「坏按钮」的编号只能含字母、数字和下划线');
    expect(help).not.toMatch(/buttons\[|actions|url/);
  });
});

describe('表单设置: 归属字段 (数据权限, ADR 1041)', () => {
  it('offers single user / dept fields only and writes feature.ownerUserField / ownerDeptField, valid', async () => {
    draft = toDraft({
      ...DEFINITION,
      fields: [...DEFINITION.fields,
        { enName: 'jbr', label: '经办人', funcType: 'user' },
        { enName: 'xzr', label: '协作人', funcType: 'user', multiple: true },
        { enName: 'bm', label: '归属部门', funcType: 'dept' }],
    });
    await render();
    await openSelect('归属人字段');
    expect(optionTexts()).toEqual(['经办人（jbr）']);
    await pickOption('经办人（jbr）');
    expect(draft.feature?.ownerUserField).toBe('jbr');
    await openSelect('归属部门字段');
    expect(optionTexts().filter((t) => t !== '经办人（jbr）')).toEqual(['归属部门（bm）']);
    await pickOption('归属部门（bm）');
    expect(draft.feature?.ownerDeptField).toBe('bm');
    expect(validateDefinition(fromDraft(draft))).toEqual([]);
    // A stored owner that is no longer a single user field is shown as a problem of the setting.
    expect(validateDefinition({ ...fromDraft(draft), feature: { ownerUserField: 'xzr' } })).toEqual([{ path: 'feature.ownerUserField', message: '归属人字段「协作人」须为单选的用户字段' }]);
  });
});
