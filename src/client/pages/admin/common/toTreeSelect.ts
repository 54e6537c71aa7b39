/** Department nodes as antd TreeSelect data. */
import type { DeptNode } from '../../../api/depts';

/** `{id,label,children}` → `{value,title,children}`. */
export function toTreeSelect(nodes: DeptNode[]): { value: number; title: string; children?: ReturnType<typeof toTreeSelect> }[] {
  return nodes.map((n) => ({ value: n.id, title: n.label, children: n.children?.length ? toTreeSelect(n.children) : undefined }));
}
