/** Pure helpers over department lists: tree building and slash-separated full names. */
import type { DeptDto } from './deptRepository.js';

export interface TreeNode {
  id: number;
  label: string;
  parentId: number;
  /** Department ids and user ids are separate spaces: read `type` before `id`. */
  type: 'dept' | 'user';
  status?: string;
  children?: TreeNode[];
}

/** The `treeselect` tree: roots are departments whose parent is not in the list. */
export function buildDeptTree(depts: DeptDto[]): TreeNode[] {
  const nodes = new Map<number, TreeNode>();
  for (const d of depts) nodes.set(d.deptId, { id: d.deptId, label: d.deptName, parentId: d.parentId, type: 'dept' });
  const roots: TreeNode[] = [];
  for (const d of depts) {
    const node = nodes.get(d.deptId)!;
    const parent = nodes.get(d.parentId);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** `华建工程有限公司/工程管理部/项目一部` for each department id. */
export function fullNames(depts: DeptDto[], separator = '/'): Map<number, string> {
  const byId = new Map(depts.map((d) => [d.deptId, d]));
  const out = new Map<number, string>();
  for (const d of depts) {
    const chain = d.ancestors.split(',').map(Number).filter((x) => x > 0).map((x) => byId.get(x)?.deptName).filter(Boolean);
    out.set(d.deptId, [...chain, d.deptName].join(separator));
  }
  return out;
}

/** Adds each user as a leaf (`type:'user'`) under its department, after the sub-departments. */
export function attachUsers(tree: TreeNode[], users: { userId: number; nickName: string; deptId: number | null; status: string }[]): void {
  const index = new Map<number, TreeNode>();
  const walk = (nodes: TreeNode[]) => nodes.forEach((n) => {
    if (n.type === 'dept') index.set(n.id, n);
    if (n.children) walk(n.children);
  });
  walk(tree);
  for (const u of users) {
    const dept = u.deptId === null ? undefined : index.get(u.deptId);
    if (dept) (dept.children ??= []).push({ id: u.userId, label: u.nickName, parentId: dept.id, type: 'user', status: u.status });
  }
}
