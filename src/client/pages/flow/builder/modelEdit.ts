/** Pure edits of the builder's node tree, by id (nodes may sit in branches at any depth). */
import { newId, type Branch, type BuilderNode } from '../../../../shared/flows';

/** Maps every node list of the tree (the top one and each branch's). */
function mapLists(nodes: BuilderNode[], fn: (list: BuilderNode[], owner: string) => BuilderNode[], owner = 'root'): BuilderNode[] {
  return fn(nodes, owner).map((n) => (n.type === 'branch' ? { ...n, branches: n.branches.map((b) => ({ ...b, nodes: mapLists(b.nodes, fn, b.id) })) } : n));
}

/** Inserts `node` into the list owned by `owner` ('root' or a branch id) at `index`. */
export function insertNode(nodes: BuilderNode[], owner: string, index: number, node: BuilderNode): BuilderNode[] {
  return mapLists(nodes, (list, o) => (o === owner ? [...list.slice(0, index), node, ...list.slice(index)] : list));
}

/** Replaces the node with the same id. */
export function replaceNode(nodes: BuilderNode[], node: BuilderNode): BuilderNode[] {
  return mapLists(nodes, (list) => list.map((n) => (n.id === node.id ? node : n)));
}

/** Removes a node (with its branches). */
export function removeNode(nodes: BuilderNode[], id: string): BuilderNode[] {
  return mapLists(nodes, (list) => list.filter((n) => n.id !== id));
}

/** Finds a node by id. */
export function findNode(nodes: BuilderNode[], id: string): BuilderNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    if (n.type === 'branch') for (const b of n.branches) {
      const hit = findNode(b.nodes, id);
      if (hit) return hit;
    }
  }
  return undefined;
}

/** A branch and the 条件分支 node holding it. */
export function findBranch(nodes: BuilderNode[], id: string): { node: Extract<BuilderNode, { type: 'branch' }>; branch: Branch } | undefined {
  for (const n of nodes) {
    if (n.type !== 'branch') continue;
    for (const b of n.branches) {
      if (b.id === id) return { node: n, branch: b };
      const hit = findBranch(b.nodes, id);
      if (hit) return hit;
    }
  }
  return undefined;
}

/** Adds a condition branch before the 其他情况 branch. */
export function addBranch(nodes: BuilderNode[], nodeId: string): BuilderNode[] {
  const n = findNode(nodes, nodeId);
  if (n?.type !== 'branch') return nodes;
  const fresh: Branch = { id: newId('Branch'), name: `条件${n.branches.length}`, conditions: [], nodes: [] };
  return replaceNode(nodes, { ...n, branches: [...n.branches.slice(0, -1), fresh, n.branches[n.branches.length - 1]] });
}

/** Replaces a branch; removing one of two condition branches keeps the node valid (at least one plus 其他情况). */
export function replaceBranch(nodes: BuilderNode[], branch: Branch | { id: string; remove: true }): BuilderNode[] {
  const hit = findBranch(nodes, branch.id);
  if (!hit) return nodes;
  const branches = 'remove' in branch ? hit.node.branches.filter((b) => b.id !== branch.id) : hit.node.branches.map((b) => (b.id === branch.id ? branch : b));
  return replaceNode(nodes, { ...hit.node, branches });
}
