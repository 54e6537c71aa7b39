/** Pure helpers over the department tree for the department selector (no React, no antd). */
import type { PickDept } from '../../api/pickerOptions';

/** A dept field's value: an id, a list of ids (multiple), or empty. */
export type DeptValue = number | number[] | null | undefined;

/** The ids from the root down to department `id` (the cascader's value); [] when not in the tree. */
export function deptPath(tree: readonly PickDept[], id: number | string): number[] {
  for (const n of tree) {
    if (String(n.id) === String(id)) return [n.id];
    const inner = deptPath(n.children ?? [], id);
    if (inner.length) return [n.id, ...inner];
  }
  return [];
}

/** The name of department `id`, or undefined when the tree does not hold it. */
export function labelOfDept(tree: readonly PickDept[], id: unknown): string | undefined {
  for (const n of tree) {
    if (String(n.id) === String(id)) return n.label;
    const inner = labelOfDept(n.children ?? [], id);
    if (inner) return inner;
  }
  return undefined;
}
