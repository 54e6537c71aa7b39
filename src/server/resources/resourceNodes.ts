/**
 * Rules over one loaded library (resourceLibrary.ts) that every resource operation applies: the
 * access a node needs (404 when the caller may not view it, 403 when they may only view it), where
 * something may be put, sibling names, the answer shape, and the order of a listing.
 */
import { badRequest, forbidden, notFound } from '../http/HttpError.js';
import type { ResourceNode } from '../../shared/contract/resources.js';
import { LEVEL_NAME, type LevelNumber } from './resourceAccess.js';
import { nameProblem } from './resourceFiles.js';
import type { Library } from './resourceLibrary.js';
import type { NodeRow } from './resourceRepository.js';

export const NOT_FOUND = '资源不存在';

/** The node when the caller holds `min` on it: 404 when they may not even view it, 403 when they may view it only. */
export function need(lib: Library, id: number, min: LevelNumber): NodeRow {
  const row = lib.rows.get(id);
  const level = row ? lib.access.level(id) : 0;
  if (!row || level < 1) throw notFound(NOT_FOUND);
  if (level < min) throw forbidden();
  return row;
}

/** Manage on a folder to put something into it (the root: the root permission). */
export function needTarget(lib: Library, parentId: number): void {
  if (parentId === 0) {
    if (!lib.canAddRoot) throw forbidden();
    return;
  }
  const folder = need(lib, parentId, 3);
  if (folder.kind !== 'folder') throw badRequest('只能放入文件夹中');
}

export function toDto(lib: Library, r: NodeRow): ResourceNode {
  return {
    id: r.id,
    parentId: lib.access.visibleParent(r.id),
    kind: r.kind,
    name: r.name,
    size: r.size,
    version: r.version,
    createBy: r.createBy,
    createTime: r.createTime.toISOString(),
    updateTime: r.updateTime.toISOString(),
    level: LEVEL_NAME[lib.access.level(r.id) as 1 | 2 | 3],
  };
}

/** The sibling of `parentId` named `name` (case-insensitive), other than `except`. */
export function sibling(lib: Library, parentId: number, name: string, except?: number): NodeRow | undefined {
  const lower = name.toLowerCase();
  for (const id of lib.access.childrenOf(parentId)) {
    const r = lib.rows.get(id)!;
    if (id !== except && r.name.toLowerCase() === lower) return r;
  }
  return undefined;
}

export function cleanName(raw: string): string {
  const name = raw.trim();
  const problem = nameProblem(name);
  if (problem) throw badRequest(problem);
  return name;
}

export const duplicate = (name: string) => badRequest(`同一文件夹下已存在同名的文件或文件夹：${name}`);

/** Folders first, then by name as Chinese readers sort. */
export function byKindAndName(a: NodeRow, b: NodeRow): number {
  if (a.kind !== b.kind) return a.kind === 'folder' ? -1 : 1;
  return a.name.localeCompare(b.name, 'zh-CN');
}
