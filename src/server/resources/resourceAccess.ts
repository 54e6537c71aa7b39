/**
 * Who may do what on a node of the resource library (ADR 1044), computed over a tenant's whole
 * tree in memory: a node's level for a user is the highest entry matching the user (their id,
 * one of their roles, their department or a department above it) on the node or any folder
 * above it. Entries only add: a lower node's entry widens what it inherits, never narrows it.
 * No entry means no access; the admin role manages everything.
 */
import type { ResourceLevel } from '../../shared/contract/resources.js';

/** 0 none, 1 view, 2 download, 3 manage. */
export type LevelNumber = 0 | 1 | 2 | 3;

export const LEVEL_NUMBER: Record<ResourceLevel, LevelNumber> = { view: 1, download: 2, manage: 3 };
export const LEVEL_NAME: Record<1 | 2 | 3, ResourceLevel> = { 1: 'view', 2: 'download', 3: 'manage' };

export interface TreeNodeRow {
  id: number;
  parentId: number;
  kind: 'folder' | 'file';
  name: string;
}

export interface EntryRow {
  resourceId: number;
  subjectType: 'user' | 'role' | 'dept';
  subjectId: number;
  level: number;
}

/** The caller as entries name them. */
export interface Principal {
  userId: number;
  roleIds: number[];
  /** The user's department and every department above it. */
  deptIds: number[];
  admin: boolean;
}

/** The access of one user over one tenant's tree. */
export class ResourceAccess {
  readonly nodes = new Map<number, TreeNodeRow>();
  private readonly own = new Map<number, LevelNumber>();
  private readonly memo = new Map<number, LevelNumber>();
  private readonly children = new Map<number, number[]>();

  constructor(rows: TreeNodeRow[], entries: EntryRow[], readonly principal: Principal) {
    for (const r of rows) {
      this.nodes.set(r.id, r);
      const list = this.children.get(r.parentId) ?? [];
      list.push(r.id);
      this.children.set(r.parentId, list);
    }
    const roles = new Set(principal.roleIds);
    const depts = new Set(principal.deptIds);
    for (const e of entries) {
      const matches =
        (e.subjectType === 'user' && e.subjectId === principal.userId) ||
        (e.subjectType === 'role' && roles.has(e.subjectId)) ||
        (e.subjectType === 'dept' && depts.has(e.subjectId));
      if (matches && e.level > (this.own.get(e.resourceId) ?? 0)) this.own.set(e.resourceId, Math.min(3, e.level) as LevelNumber);
    }
  }

  /** The ids from the top folder down to `id` (itself last); empty for an unknown id. */
  path(id: number): number[] {
    const out: number[] = [];
    const seen = new Set<number>();
    let cur = this.nodes.get(id);
    // `seen` guards against a cycle a concurrent move could have written despite the checks.
    while (cur && !seen.has(cur.id)) {
      seen.add(cur.id);
      out.unshift(cur.id);
      cur = this.nodes.get(cur.parentId);
    }
    return out;
  }

  /** What the user may do on the node: the highest matching entry on it or above it. */
  level(id: number): LevelNumber {
    if (!this.nodes.has(id)) return 0;
    if (this.principal.admin) return 3;
    const cached = this.memo.get(id);
    if (cached !== undefined) return cached;
    let best: LevelNumber = 0;
    for (const step of this.path(id)) best = Math.max(best, this.own.get(step) ?? 0) as LevelNumber;
    this.memo.set(id, best);
    return best;
  }

  /** The direct children of a folder (0: the root). */
  childrenOf(id: number): number[] {
    return this.children.get(id) ?? [];
  }

  /** `id` and every node under it. */
  subtree(id: number): number[] {
    const out: number[] = [];
    const stack = [id];
    const seen = new Set<number>();
    while (stack.length) {
      const cur = stack.pop()!;
      if (seen.has(cur)) continue;
      seen.add(cur);
      out.push(cur);
      stack.push(...this.childrenOf(cur));
    }
    return out;
  }

  /** The nearest folder above `id` the user may view, 0 when none. */
  visibleParent(id: number): number {
    const p = this.path(id);
    for (let i = p.length - 2; i >= 0; i--) if (this.level(p[i]) >= 1) return p[i];
    return 0;
  }
}

/** Why a move is refused, or null: into itself, into its own subtree, or into a file. */
export function moveProblem(access: ResourceAccess, id: number, target: number): string | null {
  if (target === 0) return null;
  const dest = access.nodes.get(target);
  if (!dest) return null;
  if (dest.kind !== 'folder') return '只能移动到文件夹中';
  if (access.path(target).includes(id)) return '不能将文件夹移动到其自身或其子文件夹中';
  return null;
}
