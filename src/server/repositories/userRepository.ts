/** Users of a tenant (administration and pickers); every query filters on tenant_id. */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, UsersTable } from '../db/types.js';
import { containsPattern } from './likePattern.js';

export interface UserDto {
  userId: number;
  deptId: number | null;
  deptName: string | null;
  userName: string;
  nickName: string;
  email: string;
  phonenumber: string;
  sex: string;
  avatar: string;
  status: string;
  loginIp: string;
  loginDate: Date | null;
  remark: string;
  createTime: Date;
  roleIds: number[];
  roleNames: string[];
  /** Self-registered and waiting for an administrator (migration 173). */
  pendingApproval: boolean;
}

/** The short form pickers use. */
export interface UserOption {
  userId: number;
  userName: string;
  nickName: string;
  deptId: number | null;
  status: string;
}

export interface UserFilter {
  userName?: string;
  nickName?: string;
  phonenumber?: string;
  status?: string;
  /** Ids of a department and its descendants. */
  deptIds?: number[];
  userIds?: number[];
  /** Only accounts waiting for approval. */
  pendingApproval?: boolean;
}

function baseQuery(db: Kysely<Database>, tenantId: number, f: UserFilter) {
  let q = db.selectFrom('users as u').where('u.tenant_id', '=', tenantId);
  if (f.userName) q = q.where('u.user_name', 'ilike', containsPattern(f.userName));
  if (f.nickName) q = q.where('u.nick_name', 'ilike', containsPattern(f.nickName));
  if (f.phonenumber) q = q.where('u.phonenumber', 'ilike', containsPattern(f.phonenumber));
  if (f.status) q = q.where('u.status', '=', f.status);
  if (f.deptIds) q = f.deptIds.length ? q.where('u.dept_id', 'in', f.deptIds) : q.where(sql<boolean>`false`);
  if (f.userIds) q = f.userIds.length ? q.where('u.id', 'in', f.userIds) : q.where(sql<boolean>`false`);
  if (f.pendingApproval) q = q.where('u.pending_approval', '=', true);
  return q;
}

/** A user row as listUsers and findUser select it (detailCols: the user's columns and the department name). */
type UserDetailRow = Pick<Selectable<UsersTable>, 'id' | 'dept_id' | 'user_name' | 'nick_name' | 'email' | 'phonenumber' | 'sex' | 'avatar' | 'status' | 'login_ip' | 'login_date' | 'remark' | 'create_time' | 'pending_approval'> & { dept_name: string | null };

async function attachRoles(db: Kysely<Database>, tenantId: number, rows: UserDetailRow[]): Promise<UserDto[]> {
  const ids = rows.map((r) => r.id);
  const roles = ids.length
    ? await db
        .selectFrom('user_roles as ur')
        .innerJoin('roles as r', 'r.id', 'ur.role_id')
        .select(['ur.user_id', 'r.id', 'r.role_name'])
        .where('ur.tenant_id', '=', tenantId)
        .where('ur.user_id', 'in', ids)
        .orderBy('r.role_sort')
        .execute()
    : [];
  return rows.map((r) => {
    const mine = roles.filter((x) => x.user_id === r.id);
    return {
      userId: r.id,
      deptId: r.dept_id,
      deptName: r.dept_name ?? null,
      userName: r.user_name,
      nickName: r.nick_name,
      email: r.email,
      phonenumber: r.phonenumber,
      sex: r.sex,
      avatar: r.avatar,
      status: r.status,
      loginIp: r.login_ip,
      loginDate: r.login_date,
      remark: r.remark,
      createTime: r.create_time,
      roleIds: mine.map((x) => x.id),
      roleNames: mine.map((x) => x.role_name),
      pendingApproval: r.pending_approval,
    };
  });
}

const detailCols = ['u.id', 'u.dept_id', 'd.dept_name', 'u.user_name', 'u.nick_name', 'u.email', 'u.phonenumber', 'u.sex', 'u.avatar', 'u.status', 'u.login_ip', 'u.login_date', 'u.remark', 'u.create_time', 'u.pending_approval'] as const;

/** One page of users with the total. */
export async function listUsers(db: Kysely<Database>, tenantId: number, f: UserFilter, pageNum: number, pageSize: number): Promise<{ rows: UserDto[]; total: number }> {
  const total = await baseQuery(db, tenantId, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await baseQuery(db, tenantId, f)
    .leftJoin('depts as d', 'd.id', 'u.dept_id')
    .select([...detailCols])
    .orderBy('u.id')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute();
  return { rows: await attachRoles(db, tenantId, rows), total: Number(total.n) };
}

/** One user of the tenant with department and roles. */
export async function findUser(db: Kysely<Database>, tenantId: number, id: number): Promise<UserDto | undefined> {
  const r = await baseQuery(db, tenantId, { userIds: [id] }).leftJoin('depts as d', 'd.id', 'u.dept_id').select([...detailCols]).executeTakeFirst();
  return r ? (await attachRoles(db, tenantId, [r]))[0] : undefined;
}

/** Picker entries (userId, nickName, …), at most `limit`. */
export async function listUserOptions(db: Kysely<Database>, tenantId: number, f: UserFilter, limit = 1000, offset = 0): Promise<UserOption[]> {
  const rows = await baseQuery(db, tenantId, f).select(['u.id', 'u.user_name', 'u.nick_name', 'u.dept_id', 'u.status']).orderBy('u.id').limit(limit).offset(offset).execute();
  return rows.map((r) => ({ userId: r.id, userName: r.user_name, nickName: r.nick_name, deptId: r.dept_id, status: r.status }));
}

/** Counts users matching the filter. */
export async function countUsers(db: Kysely<Database>, tenantId: number, f: UserFilter): Promise<number> {
  const r = await baseQuery(db, tenantId, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** True when the user name is taken in the tenant (by another user than exceptId). */
export async function userNameTaken(db: Kysely<Database>, tenantId: number, userName: string): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('user_name', '=', userName).executeTakeFirst());
}

/** Ids of the tenant's users with these user names. */
export async function findUserIdsByName(db: Kysely<Database>, tenantId: number, userNames: string[]): Promise<{ userId: number; userName: string }[]> {
  if (!userNames.length) return [];
  const rows = await db.selectFrom('users').select(['id', 'user_name']).where('tenant_id', '=', tenantId).where('user_name', 'in', userNames).execute();
  return rows.map((r) => ({ userId: Number(r.id), userName: r.user_name }));
}

export interface UserInput {
  nickName: string;
  avatar?: string;
  deptId: number | null;
  email?: string;
  phonenumber?: string;
  sex?: string;
  status?: string;
  remark?: string;
}

/** Inserts a user; returns its id. */
export async function insertUser(db: Kysely<Database>, tenantId: number, userName: string, passwordHash: string, u: UserInput, by: string): Promise<number> {
  const r = await db
    .insertInto('users')
    .values({
      tenant_id: tenantId,
      user_name: userName,
      password_hash: passwordHash,
      nick_name: u.nickName,
      dept_id: u.deptId,
      email: u.email ?? '',
      phonenumber: u.phonenumber ?? '',
      sex: u.sex ?? '2',
      status: u.status ?? '0',
      remark: u.remark ?? '',
      create_by: by,
      update_by: by,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Updates the editable fields given (undefined = unchanged). */
export async function updateUser(db: Kysely<Database>, tenantId: number, id: number, u: Partial<UserInput>, by: string): Promise<void> {
  const set: Record<string, unknown> = { update_by: by, update_time: new Date() };
  if (u.nickName !== undefined) set.nick_name = u.nickName;
  if (u.deptId !== undefined) set.dept_id = u.deptId;
  if (u.email !== undefined) set.email = u.email;
  if (u.phonenumber !== undefined) set.phonenumber = u.phonenumber;
  if (u.sex !== undefined) set.sex = u.sex;
  if (u.status !== undefined) set.status = u.status;
  // Enabling a self-registered account is its approval (migration 173).
  if (u.status === '0') set.pending_approval = false;
  if (u.remark !== undefined) set.remark = u.remark;
  if (u.avatar !== undefined) set.avatar = u.avatar;
  await db.updateTable('users').set(set).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** Sets the status of users of the tenant; returns how many changed. Enabling approves a self-registered account. */
export async function setUsersStatus(db: Kysely<Database>, tenantId: number, ids: number[], status: string, by: string): Promise<number> {
  const r = await db
    .updateTable('users')
    .set({ status, ...(status === '0' ? { pending_approval: false } : {}), update_by: by, update_time: new Date() }).where('tenant_id', '=', tenantId).where('id', 'in', ids).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The password hash of a user of the tenant. */
export async function findPasswordHash(db: Kysely<Database>, tenantId: number, id: number): Promise<string | undefined> {
  const r = await db.selectFrom('users').select('password_hash').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return r?.password_hash;
}

/**
 * Replaces the password hash. `byOwner` records when the user chose it; a password set by an
 * administrator leaves `pwd_update_time` empty, so sys.password.force.update asks for a change.
 */
export async function setPasswordHash(db: Kysely<Database>, tenantId: number, id: number, hash: string, by: string, byOwner = false): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: hash, pwd_update_time: byOwner ? new Date() : null, update_by: by, update_time: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Replaces the roles of a user (role ids already checked to belong to the tenant). */
export async function setUserRoles(db: Kysely<Database>, tenantId: number, userId: number, roleIds: number[]): Promise<void> {
  await db.deleteFrom('user_roles').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
  if (roleIds.length) await db.insertInto('user_roles').values(roleIds.map((role_id) => ({ tenant_id: tenantId, user_id: userId, role_id }))).execute();
}

/** Deletes users of the tenant (their roles, tokens and settings go with them); returns how many. */
export async function deleteUsers(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<number> {
  const r = await db.deleteFrom('users').where('tenant_id', '=', tenantId).where('id', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Ids of the tenant's users with this mobile number (normally one). */
export async function findUserIdsByPhone(db: Kysely<Database>, tenantId: number, phone: string): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('phonenumber', '=', phone).execute();
  return rows.map((r) => r.id);
}

/** Marks a self-registered account as waiting for an administrator's approval (migration 173). */
export async function markPendingApproval(db: Kysely<Database>, tenantId: number, id: number): Promise<void> {
  await db.updateTable('users').set({ pending_approval: true }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/**
 * Approves the accounts among `ids` that still wait (enabled, flag cleared); returns the ids
 * approved, so a caller can tell when another administrator decided first.
 */
export async function approvePendingUsers(db: Kysely<Database>, tenantId: number, ids: number[], by: string): Promise<number[]> {
  const rows = await db
    .updateTable('users')
    .set({ status: '0', pending_approval: false, update_by: by, update_time: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('pending_approval', '=', true)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Deletes the accounts among `ids` that still wait for approval; returns the ids deleted. */
export async function deletePendingUsers(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<number[]> {
  const rows = await db.deleteFrom('users').where('tenant_id', '=', tenantId).where('id', 'in', ids).where('pending_approval', '=', true).returning('id').execute();
  return rows.map((r) => r.id);
}
