/** Builds a tree from a flat list keyed by id / parentId. Pure. */

/** Rows whose parent is absent become roots; order is kept. */
export function listToTree<T extends object>(rows: T[], id: keyof T, parentId: keyof T): (T & { children?: (T & { children?: unknown })[] })[] {
  type Node = T & { children?: Node[] };
  const byId = new Map<unknown, Node>(rows.map((r) => [r[id], { ...r } as Node]));
  const roots: Node[] = [];
  for (const node of byId.values()) {
    const parent = byId.get(node[parentId]);
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}
