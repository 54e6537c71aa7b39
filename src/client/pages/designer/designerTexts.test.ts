// Issue 27 item 7: the designer's concrete defects — no 有问题 on a new untouched form, problem
// lines without raw keys, Chinese screen-reader announcements, and a new field landing on the side
// of the card the drop indicator shows.
import { describe, expect, it } from 'vitest';
import { validateDefinition } from '../../../../schema-adapters/definition/validateDefinition';
import { DESIGNER_ANNOUNCEMENTS, DESIGNER_INSTRUCTIONS, problemBadge, problemLine } from './designerTexts';
import { dropSide, sidedTarget, spanOf, type DragData } from './dropTarget';
import { emptyDraft, fromDraft } from './draft';

describe('the problem badge', () => {
  it('shows nothing on a new form nobody has touched, though its empty names are problems', () => {
    const problems = validateDefinition(fromDraft(emptyDraft()));
    expect(problems.length).toBeGreaterThan(0);
    expect(problemBadge(problems, { isNew: true, dirty: false })).toBeNull();
  });
  it('counts the problems once the form is touched or saved', () => {
    const problems = validateDefinition(fromDraft(emptyDraft()));
    expect(problemBadge(problems, { isNew: true, dirty: true })).toEqual({ text: '有问题', count: problems.length });
    expect(problemBadge([], { isNew: false, dirty: false })).toEqual({ text: '校验通过', count: 0 });
  });
});

describe('settings problem lines', () => {
  it('say the message, not the raw path (no "cnName：…")', () => {
    const line = problemLine([{ path: 'cnName', message: '表单名称不能为空' }, { path: 'cnName', message: '表单名称不能为空' }]);
    expect(line).toBe('表单名称不能为空');
    expect(line).not.toMatch(/cnName/);
  });
});

describe('screen-reader announcements', () => {
  const field = (label: string, index: number): DragData => ({ source: 'field', key: `k${index}`, container: 'root', index, depth: 0, funcType: 'input', label });
  const at = (data: DragData) => ({ id: 'x', data: { current: data } }) as never;
  it('are Chinese and name the field and the place', () => {
    const active = at({ source: 'palette', funcType: 'number', label: '数字' });
    expect(DESIGNER_ANNOUNCEMENTS.onDragStart({ active })).toBe('已拿起「数字」。');
    expect(DESIGNER_ANNOUNCEMENTS.onDragOver({ active, over: at(field('客户名称', 1)) } as never)).toBe('「数字」位于「客户名称」处（第 2 个位置）。');
    expect(DESIGNER_ANNOUNCEMENTS.onDragEnd({ active, over: at({ source: 'container', container: 'root', depth: 0, index: 3 }) } as never)).toBe('「数字」已放到表单末尾。');
    expect(DESIGNER_ANNOUNCEMENTS.onDragCancel({ active, over: null } as never)).toBe('已取消拖动「数字」。');
    expect(DESIGNER_INSTRUCTIONS.draggable).toMatch(/空格键/);
    for (const text of [DESIGNER_ANNOUNCEMENTS.onDragStart({ active }), DESIGNER_INSTRUCTIONS.draggable]) expect(text).not.toMatch(/drag|drop|pick|item/i);
  });
});

describe('the drop side', () => {
  const rect = { left: 100, top: 100, width: 400, height: 80 };
  const card: DragData = { source: 'field', key: 'b', container: 'root', index: 2, depth: 0, funcType: 'input', label: '乙' };
  it('a full-width field, or any field by a full-width card, lands above or below: the vertical half decides, the bar is horizontal', () => {
    expect(dropSide(rect, { x: 150, y: 175 })).toEqual({ side: 'after', axis: 'y' });
    expect(dropSide(rect, { x: 450, y: 105 })).toEqual({ side: 'before', axis: 'y' });
    // The middle of the card's right half is still above or below, never beside (a new field takes a full row).
    expect(dropSide(rect, { x: 450, y: 135 })).toEqual({ side: 'before', axis: 'y' });
    expect(dropSide(rect, { x: 150, y: 145 })).toEqual({ side: 'after', axis: 'y' });
  });
  it('a part-row field by a part-row card lands beside it: the horizontal half decides, the bar is vertical', () => {
    expect(dropSide(rect, { x: 450, y: 175 }, true)).toEqual({ side: 'after', axis: 'x' });
    expect(dropSide(rect, { x: 150, y: 175 }, true)).toEqual({ side: 'before', axis: 'x' });
  });
  it('spans: a card its own, a new field its starter’s (a full row), a container a full row', () => {
    expect(spanOf({ ...card, span: 12 })).toBe(12);
    expect(spanOf(card)).toBe(24);
    expect(spanOf({ source: 'palette', funcType: 'number', label: '数字' })).toBe(24);
    expect(spanOf({ source: 'container', container: 'root', depth: 0, index: 0 })).toBe(24);
  });
  it('a drop after a card lands at the next index, before it at its own', () => {
    expect(sidedTarget(card, { side: 'after', axis: 'y' })).toEqual({ container: 'root', index: 3 });
    expect(sidedTarget(card, { side: 'before', axis: 'x' })).toEqual({ container: 'root', index: 2 });
    expect(sidedTarget({ source: 'container', container: 'root', depth: 0, index: 5 }, { side: 'after', axis: 'y' })).toEqual({ container: 'root', index: 5 });
  });
});
