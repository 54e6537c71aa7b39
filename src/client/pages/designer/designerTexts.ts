/**
 * What the designer says in words (issue 27 item 7), pure: the problem badge (nothing on a new,
 * untouched form), the settings' problem lines without raw paths, and dnd-kit's screen-reader
 * announcements in Chinese.
 */
import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';
import type { DefinitionProblem } from '../../../../schema-adapters/definition/validateDefinition';
import type { DragData } from './dropTarget';

/** The bar's badge: none for a new form nobody has touched yet, else 有问题 N / 校验通过. */
export function problemBadge(problems: DefinitionProblem[], state: { isNew: boolean; dirty: boolean }): { text: string; count: number } | null {
  if (state.isNew && !state.dirty) return null;
  return problems.length ? { text: '有问题', count: problems.length } : { text: '校验通过', count: 0 };
}

/** The problems' messages as one line (the message says where; the raw path would only confuse). */
export function problemLine(problems: DefinitionProblem[]): string {
  return [...new Set(problems.map((p) => p.message))].join('；');
}

const nameOf = (data: unknown): string => {
  const d = data as DragData | undefined;
  if (!d) return '';
  if (d.source === 'container') return d.container === 'root' ? '表单' : '子表';
  return `「${d.label || '字段'}」`;
};
const placeOf = (data: unknown): string => {
  const d = data as DragData | undefined;
  if (!d) return '';
  if (d.source === 'container') return d.container === 'root' ? '表单末尾' : '子表末尾';
  if (d.source === 'field') return `${nameOf(d)}处（第 ${d.index + 1} 个位置）`;
  return '';
};

/** Spoken while dragging with the keyboard or the mouse. */
export const DESIGNER_ANNOUNCEMENTS: Announcements = {
  onDragStart: ({ active }) => `已拿起${nameOf(active.data.current)}。`,
  onDragOver: ({ active, over }) => (over ? `${nameOf(active.data.current)}位于${placeOf(over.data.current)}。` : `${nameOf(active.data.current)}不在可放置的区域。`),
  onDragEnd: ({ active, over }) => (over ? `${nameOf(active.data.current)}已放到${placeOf(over.data.current)}。` : `${nameOf(active.data.current)}已放下，位置未变。`),
  onDragCancel: ({ active }) => `已取消拖动${nameOf(active.data.current)}。`,
};

/** Read out when a draggable gets the focus. */
export const DESIGNER_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable: '按空格键或回车键拿起字段，用方向键移动，再按空格键或回车键放下，按 Esc 取消。',
};
