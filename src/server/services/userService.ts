/** User administration rules: names unique per tenant, department and roles of the same tenant. */
import bcrypt from 'bcryptjs';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { badRequest, conflict, notFound } from '../http/HttpError.js';
import { findDept } from '../repositories/deptRepository.js';
import { findRoleIds } from '../repositories/roleRepository.js';
import { userNameTaken, findUser } from '../repositories/userRepository.js';
import { bcryptCost } from '../auth/bcryptCost.js';

/** A bcrypt hash of the password, at the configured cost (BCRYPT_COST, 10 by default). */
export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, bcryptCost());
}

/** Compares a password with its stored hash. */
export function checkPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

/** 400 unless the department exists in the tenant (null passes). */
export async function assertDept(db: Kysely<Database>, tenantId: number, deptId: number | null | undefined): Promise<void> {
  if (deptId === null || deptId === undefined) return;
  if (!(await findDept(db, tenantId, deptId))) throw badRequest('部门不存在', [{ field: 'deptId', message: '部门不存在' }]);
}

/** 400 unless every role id belongs to the tenant. */
export async function assertRoles(db: Kysely<Database>, tenantId: number, roleIds: number[]): Promise<void> {
  const found = await findRoleIds(db, tenantId, roleIds);
  const missing = roleIds.filter((id) => !found.includes(id));
  if (missing.length) throw badRequest(`角色不存在：${missing.join(', ')}`, [{ field: 'roleIds', message: '角色不存在' }]);
}

/** 409 when the user name is already used in the tenant. */
export async function assertUserNameFree(db: Kysely<Database>, tenantId: number, userName: string): Promise<void> {
  if (await userNameTaken(db, tenantId, userName)) throw conflict(`新增用户'${userName}'失败，登录账号已存在`);
}

/** 404 unless every id is a user of the tenant; returns them. */
export async function assertUsers(db: Kysely<Database>, tenantId: number, ids: number[]) {
  const users = [];
  for (const id of ids) {
    const u = await findUser(db, tenantId, id);
    if (!u) throw notFound(`用户不存在：${id}`);
    users.push(u);
  }
  return users;
}
