/** Resource library tables (migration 186): every query is bound to one tenant. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { AuthUser } from '../auth/types.js';
import { ADMIN_ROLE } from '../auth/permissions.js';
import type { ResourceVersion } from '../../shared/contract/resources.js';
import type { EntryRow, Principal, TreeNodeRow } from './resourceAccess.js';

/** A node with what lists show. */
export interface NodeRow extends TreeNodeRow {
  fileKey: string | null;
  size: number;
  version: number;
  createBy: number;
  createTime: Date;
  updateTime: Date;
}

/** Every node of the tenant (the library is read whole: access is computed over the tree, ADR 1044). */
export async function loadNodes(db: Kysely<Database>, tenantId: number): Promise<NodeRow[]> {
  const rows = await db
    .selectFrom('resources')
    .select(['id', 'parent_id', 'kind', 'name', 'file_key', 'size', 'version', 'create_by', 'create_time', 'update_time'])
    .where('tenant_id', '=', tenantId)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    parentId: Number(r.parent_id),
    kind: r.kind,
    name: r.name,
    fileKey: r.file_key,
    size: Number(r.size),
    version: Number(r.version),
    createBy: Number(r.create_by),
    createTime: r.create_time,
    updateTime: r.update_time,
  }));
}

/** Every permission entry of the tenant. */
export async function loadEntries(db: Kysely<Database>, tenantId: number): Promise<EntryRow[]> {
  const rows = await db.selectFrom('resource_permissions').select(['resource_id', 'subject_type', 'subject_id', 'level']).where('tenant_id', '=', tenantId).execute();
  return rows.map((r) => ({ resourceId: Number(r.resource_id), subjectType: r.subject_type, subjectId: Number(r.subject_id), level: Number(r.level) }));
}

/** The caller's role ids (by the role keys of the session) and department chain. */
export async function principalOf(db: Kysely<Database>, user: AuthUser): Promise<Principal> {
  const roleIds = user.roleKeys.length
    ? (await db.selectFrom('roles').select('id').where('tenant_id', '=', user.tenantId).where('role_key', 'in', user.roleKeys).execute()).map((r) => Number(r.id))
    : [];
  const deptIds: number[] = [];
  if (user.deptId) {
    const d = await db.selectFrom('depts').select(['id', 'ancestors']).where('tenant_id', '=', user.tenantId).where('id', '=', user.deptId).executeTakeFirst();
    if (d) deptIds.push(Number(d.id), ...d.ancestors.split(',').map(Number).filter((x) => x > 0));
  }
  return { userId: user.userId, roleIds, deptIds, admin: user.roleKeys.includes(ADMIN_ROLE) };
}

/** Creates a folder or a file node; answers its id. */
export async function insertNode(
  db: Kysely<Database>,
  tenantId: number,
  userId: number,
  n: { parentId: number; kind: 'folder' | 'file'; name: string; fileKey?: string; size?: number },
): Promise<number> {
  const now = new Date();
  const row = await db
    .insertInto('resources')
    .values({ tenant_id: tenantId, parent_id: n.parentId, kind: n.kind, name: n.name, file_key: n.fileKey ?? null, size: n.size ?? 0, version: n.kind === 'file' ? 1 : 0, create_by: userId, create_time: now, update_by: userId, update_time: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  if (n.kind === 'file') await db.insertInto('resource_versions').values({ tenant_id: tenantId, resource_id: id, version: 1, file_key: n.fileKey!, size: n.size ?? 0, create_by: userId, create_time: now }).execute();
  return id;
}

/** Adds a version to a file and makes it the current one; answers the new version number. */
export async function addVersion(db: Kysely<Database>, tenantId: number, userId: number, id: number, file: { fileKey: string; size: number }): Promise<number> {
  const now = new Date();
  // The row lock orders concurrent uploads to one file, so each gets its own number.
  const cur = await db.selectFrom('resources').select('version').where('tenant_id', '=', tenantId).where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
  const version = Number(cur.version) + 1;
  await db.insertInto('resource_versions').values({ tenant_id: tenantId, resource_id: id, version, file_key: file.fileKey, size: file.size, create_by: userId, create_time: now }).execute();
  await db.updateTable('resources').set({ version, file_key: file.fileKey, size: file.size, update_by: userId, update_time: now }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  return version;
}

/** Renames a node. */
export async function renameNode(db: Kysely<Database>, tenantId: number, userId: number, id: number, name: string): Promise<void> {
  await db.updateTable('resources').set({ name, update_by: userId, update_time: new Date() }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** Moves nodes under `parentId`. */
export async function moveNodes(db: Kysely<Database>, tenantId: number, userId: number, ids: number[], parentId: number): Promise<void> {
  await db.updateTable('resources').set({ parent_id: parentId, update_by: userId, update_time: new Date() }).where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
}

/** Removes nodes (callers pass whole subtrees); answers the store keys of every version they held. */
export async function deleteNodes(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<string[]> {
  if (!ids.length) return [];
  const keys = await db.selectFrom('resource_versions').select('file_key').where('tenant_id', '=', tenantId).where('resource_id', 'in', ids).execute();
  await db.deleteFrom('resources').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
  return keys.map((k) => k.file_key);
}

/** Every version of a file, newest first. */
export async function listVersions(db: Kysely<Database>, tenantId: number, id: number): Promise<ResourceVersion[]> {
  const rows = await db.selectFrom('resource_versions').select(['version', 'size', 'create_by', 'create_time']).where('tenant_id', '=', tenantId).where('resource_id', '=', id).orderBy('version', 'desc').execute();
  return rows.map((r) => ({ version: Number(r.version), size: Number(r.size), createBy: Number(r.create_by), createTime: r.create_time.toISOString() }));
}

/** The store key of one version, or undefined. */
export async function versionKey(db: Kysely<Database>, tenantId: number, id: number, version: number): Promise<string | undefined> {
  const r = await db.selectFrom('resource_versions').select('file_key').where('tenant_id', '=', tenantId).where('resource_id', '=', id).where('version', '=', version).executeTakeFirst();
  return r?.file_key;
}

/** Replaces a node's own entries. */
export async function replaceEntries(db: Kysely<Database>, tenantId: number, id: number, entries: { subjectType: 'user' | 'role' | 'dept'; subjectId: number; level: number }[]): Promise<void> {
  await db.deleteFrom('resource_permissions').where('tenant_id', '=', tenantId).where('resource_id', '=', id).execute();
  if (entries.length) {
    await db
      .insertInto('resource_permissions')
      .values(entries.map((e) => ({ tenant_id: tenantId, resource_id: id, subject_type: e.subjectType, subject_id: e.subjectId, level: e.level })))
      .execute();
  }
}

/** The display names of the tenant's users, roles and departments among `ids` (by kind). */
export async function subjectNames(db: Kysely<Database>, tenantId: number, ids: { user: number[]; role: number[]; dept: number[] }): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (ids.user.length) {
    for (const r of await db.selectFrom('users').select(['id', 'nick_name', 'user_name']).where('tenant_id', '=', tenantId).where('id', 'in', ids.user).execute()) out.set(`user:${r.id}`, `${r.nick_name}（${r.user_name}）`);
  }
  if (ids.role.length) {
    for (const r of await db.selectFrom('roles').select(['id', 'role_name']).where('tenant_id', '=', tenantId).where('id', 'in', ids.role).execute()) out.set(`role:${r.id}`, r.role_name);
  }
  if (ids.dept.length) {
    for (const r of await db.selectFrom('depts').select(['id', 'dept_name']).where('tenant_id', '=', tenantId).where('id', 'in', ids.dept).execute()) out.set(`dept:${r.id}`, r.dept_name);
  }
  return out;
}
