/** The user lookups sign-in needs. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/** The user of a tenant by user name, with its password hash and status. */
export async function findLoginUser(db: Kysely<Database>, tenantId: number, userName: string) {
  return db
    .selectFrom('users')
    .select(['id', 'tenant_id', 'user_name', 'nick_name', 'password_hash', 'status', 'pending_approval', 'dept_id', 'pwd_update_time'])
    .where('tenant_id', '=', tenantId)
    .where('user_name', '=', userName)
    .executeTakeFirst();
}

/** Remembers the address and time of a successful sign-in, keeping the one before as the previous sign-in. */
export async function markLogin(db: Kysely<Database>, userId: number, ip: string): Promise<void> {
  // The right-hand sides read the row as it was before this update.
  await db
    .updateTable('users')
    .set((eb) => ({ prev_login_ip: eb.ref('login_ip'), prev_login_date: eb.ref('login_date'), login_ip: ip, login_date: new Date() }))
    .where('id', '=', userId)
    .execute();
}

/** The profile fields of getInfo: user, department name and roles, within the tenant. */
export async function findUserProfile(db: Kysely<Database>, tenantId: number, userId: number) {
  const user = await db
    .selectFrom('users as u')
    .leftJoin('depts as d', (j) => j.onRef('d.id', '=', 'u.dept_id').on('d.tenant_id', '=', tenantId))
    .select(['u.id', 'u.user_name', 'u.nick_name', 'u.dept_id', 'd.dept_name', 'u.phonenumber', 'u.email', 'u.sex', 'u.avatar', 'u.open_id', 'u.status', 'u.prev_login_ip', 'u.prev_login_date', 'u.create_time', 'u.remark'])
    .where('u.tenant_id', '=', tenantId)
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const roles = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select(['r.id', 'r.role_key', 'r.role_name'])
    .where('ur.tenant_id', '=', tenantId)
    .where('ur.user_id', '=', userId)
    .orderBy('r.role_sort')
    .execute();
  return { user, roles };
}

/** The keys of a user's active roles in the tenant (sign-in's staff/supplier page check). */
export async function findActiveRoleKeys(db: Kysely<Database>, tenantId: number, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select('r.role_key')
    .where('ur.tenant_id', '=', tenantId)
    .where('r.tenant_id', '=', tenantId)
    .where('ur.user_id', '=', userId)
    .where('r.status', '=', '0')
    .execute();
  return rows.map((r) => r.role_key);
}
