import { describe, expect, it } from 'vitest';
import { validateDefinition } from '../../../../schema-adapters/definition/validateDefinition';
import { diffDefinitions } from './diff';
import { addField, emptyDraft, fromDraft, locate, moveField, pathOf, removeField, toDraft, updateField, updateForm, type Draft } from './draft';
import { historyReducer, initHistory, isDirty, HISTORY_LIMIT } from './history';

const base = (): Draft => ({ ...emptyDraft(), enName: 'demo', cnName: '示例' });

describe('designer draft operations', () => {
  it('adds fields from the palette, nests into a sub-form and refuses a sub-form inside a sub-form', () => {
    let d = base();
    let r = addField(d, 'input', { container: 'root', index: 0 });
    d = r.draft;
    r = addField(d, 'subForm', { container: 'root', index: 5 });
    d = r.draft;
    const sub = r.key!;
    expect(d.fields.map((f) => f.funcType)).toEqual(['input', 'subForm']);
    d = addField(d, 'number', { container: sub, index: 0 }).draft;
    expect(d.fields[1].children!.map((c) => c.funcType)).toEqual(['number', 'input']);
    expect(addField(d, 'subForm', { container: sub, index: 0 }).key).toBeNull();
    expect(addField(d, 'serialNumber', { container: sub, index: 0 }).key).toBeNull();
    // Names stay unique across the main form and the rows.
    const names = [d.fields[0].enName, ...d.fields[1].children!.map((c) => c.enName)];
    expect(new Set(names).size).toBe(names.length);
    expect(validateDefinition(fromDraft(d))).toEqual([]);
  });

  it('reorders and moves between the main form and a sub-form, keeping a sub-form row', () => {
    let d = base();
    d = addField(d, 'input', { container: 'root', index: 0 }).draft;
    d = addField(d, 'number', { container: 'root', index: 1 }).draft;
    const sub = addField(d, 'subForm', { container: 'root', index: 2 });
    d = sub.draft;
    const [a, b] = d.fields.map((f) => f.__key);
    d = moveField(d, b, { container: 'root', index: 0 });
    expect(d.fields.map((f) => f.funcType)).toEqual(['number', 'input', 'subForm']);
    d = moveField(d, a, { container: sub.key!, index: 1 });
    expect(locate(d, a)!.container).toBe(sub.key);
    expect(pathOf(d, a)).toBe('fields[1].children[1]');
    const onlyRow = d.fields[1].children![0].__key;
    d = moveField(d, a, { container: 'root', index: 0 });
    expect(d.fields[0].__key).toBe(a);
    // The last row field of a sub-form neither moves out nor is removed.
    expect(moveField(d, onlyRow, { container: 'root', index: 0 })).toBe(d);
    expect(removeField(d, onlyRow)).toBe(d);
    // A sub-form cannot go into itself.
    expect(moveField(d, sub.key!, { container: sub.key!, index: 0 })).toBe(d);
  });

  it('edits field and form properties, removing keys set to undefined', () => {
    let d = addField(base(), 'input', { container: 'root', index: 0 }).draft;
    const key = d.fields[0].__key;
    d = updateField(d, key, { label: '名称', hideCondition: "${input_1} == 'x'", span: 12 });
    d = updateField(d, key, { span: undefined });
    expect(d.fields[0]).toMatchObject({ label: '名称', hideCondition: "${input_1} == 'x'" });
    expect('span' in d.fields[0]).toBe(false);
    d = updateForm(d, { hasFlow: true, 'feature.fixColumns': 2 });
    expect(d.hasFlow).toBe(true);
    expect(d.feature).toEqual({ fixColumns: 2 });
    expect(fromDraft(d).fields[0]).not.toHaveProperty('__key');
    const again = toDraft(fromDraft(d));
    expect(fromDraft(again)).toEqual(fromDraft(d));
  });
});

describe('designer history', () => {
  it('undoes and redoes, coalesces typing into one step and tracks unsaved changes', () => {
    const d0 = base();
    let h = initHistory(d0);
    const d1 = addField(d0, 'input', { container: 'root', index: 0 }).draft;
    h = historyReducer(h, { type: 'change', draft: d1 });
    const key = d1.fields[0].__key;
    const d2 = updateField(d1, key, { label: 'a' });
    const d3 = updateField(d2, key, { label: 'ab' });
    h = historyReducer(h, { type: 'change', draft: d2, group: `${key}.label` });
    h = historyReducer(h, { type: 'change', draft: d3, group: `${key}.label` });
    expect(h.past).toHaveLength(2);
    expect(isDirty(h)).toBe(true);
    h = historyReducer(h, { type: 'undo' });
    expect(h.present).toBe(d1);
    h = historyReducer(h, { type: 'undo' });
    expect(h.present).toBe(d0);
    expect(isDirty(h)).toBe(false);
    expect(historyReducer(h, { type: 'undo' })).toBe(h);
    h = historyReducer(h, { type: 'redo' });
    h = historyReducer(h, { type: 'redo' });
    expect(h.present).toBe(d3);
    h = historyReducer(h, { type: 'saved' });
    expect(isDirty(h)).toBe(false);
    // A new change clears the redo steps.
    h = historyReducer(h, { type: 'undo' });
    h = historyReducer(h, { type: 'change', draft: d2 });
    expect(h.future).toEqual([]);
  });

  it(`keeps the last ${HISTORY_LIMIT} steps`, () => {
    let h = initHistory(base());
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) h = historyReducer(h, { type: 'change', draft: updateForm(h.present, { cnName: `v${i}` }) });
    expect(h.past).toHaveLength(HISTORY_LIMIT);
  });
});

describe('definition diff', () => {
  it('lists added, removed and changed fields with their properties, and form-level changes', () => {
    const before = { enName: 'demo', cnName: '示例', fields: [
      { enName: 'a', label: 'A', funcType: 'input' as const },
      { enName: 'b', label: 'B', funcType: 'number' as const },
      { enName: 'items', label: '明细', funcType: 'subForm' as const, children: [{ enName: 'q', label: '数量', funcType: 'number' as const }] },
    ] };
    const after = { enName: 'demo', cnName: '示例二', fields: [
      { enName: 'a', label: 'A', funcType: 'input' as const, required: true },
      { enName: 'c', label: 'C', funcType: 'input' as const },
      { enName: 'items', label: '明细', funcType: 'subForm' as const, children: [{ enName: 'q', label: '件数', funcType: 'number' as const }] },
    ] };
    const d = diffDefinitions(before, after);
    expect(d.added).toEqual([{ name: 'c', label: 'C' }]);
    expect(d.removed).toEqual([{ name: 'b', label: 'B' }]);
    expect(d.changed).toEqual([
      { name: 'a', label: 'A', changes: [{ key: 'required', from: undefined, to: true }] },
      { name: 'items.q', label: '件数', changes: [{ key: 'label', from: '数量', to: '件数' }] },
    ]);
    expect(d.form).toEqual([{ key: 'cnName', from: '示例', to: '示例二' }]);
  });
});

describe('condition colouring', () => {
  it('colours fields, operators and strings and marks where parsing stops', async () => {
    const { viewCondition } = await import('./conditionHighlight');
    const ok = viewCondition("${kind} == 'x' && ${amount} > 10");
    expect(ok.error).toBeNull();
    expect(ok.segments.filter((s) => s.kind === 'field').map((s) => s.text)).toEqual(['${kind}', '${amount}']);
    expect(ok.segments.map((s) => s.text).join('')).toBe("${kind} == 'x' && ${amount} > 10");
    const bad = viewCondition('${kind} == ');
    expect(bad.error).toBeTruthy();
    expect(bad.segments.at(-1)!.kind).toBe('error');
    expect(viewCondition('').kind).toBe('empty');
    expect(viewCondition('$sql(select 1)').kind).toBe('sql');
  });
});

describe('drop targets', () => {
  it('prefers the innermost area and never targets the dragged sub-form itself', async () => {
    const { rank, insideActive, dropTargetOf } = await import('./dropTarget');
    const rootArea = { source: 'container' as const, container: 'root', depth: 0, index: 3 };
    const rootCard = { source: 'field' as const, key: 's', container: 'root', index: 2, depth: 0, funcType: 'subForm' as const, label: '明细' };
    const rowArea = { source: 'container' as const, container: 's', depth: 1, parent: 's', index: 1 };
    const rowCard = { source: 'field' as const, key: 'r', container: 's', index: 0, depth: 1, funcType: 'input' as const, label: 'A' };
    expect([rootArea, rowCard, rootCard, rowArea].sort((a, b) => rank(b) - rank(a))).toEqual([rowCard, rowArea, rootCard, rootArea]);
    expect(insideActive(rowArea, 's')).toBe(true);
    expect(insideActive(rowCard, 's')).toBe(true);
    expect(insideActive(rootCard, 's')).toBe(false);
    expect(dropTargetOf(rowArea)).toEqual({ container: 's', index: 1 });
    expect(dropTargetOf(rowCard)).toEqual({ container: 's', index: 0 });
  });

  it('builds the menu body of a new form', async () => {
    const { formMenuBody } = await import('../../controllers/useFormMenu');
    expect(formMenuBody('demo', '示例', 5, 2)).toEqual({ parentId: 5, menuName: '示例', menuType: 'C', component: 'Auto', path: '/auto/demo', formName: 'demo', perms: 'auto:demo:query', orderNum: 2, icon: '', visible: '0', status: '0', isFrame: '1', createButtons: true });
  });
});
