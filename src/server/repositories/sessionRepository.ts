/** Sign-in tokens: issue, resolve to the user behind them, revoke. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { AuthUser } from '../auth/types.js';

/** Stores a token hash for a user, valid for ttlHours. */
export async function insertToken(
  db: Kysely<Database>,
  entry: { tokenHash: string; tenantId: number; userId: number; ip: string; userAgent: string; ttlHours: number },
): Promise<void> {
  const expire = new Date(Date.now() + entry.ttlHours * 3_600_000);
  await db
    .insertInto('login_tokens')
    .values({
      token_hash: entry.tokenHash,
      tenant_id: entry.tenantId,
      user_id: entry.userId,
      ip: entry.ip.slice(0, 100),
      user_agent: entry.userAgent.slice(0, 300),
      expire_time: expire,
    })
    .execute();
}

/** Revokes one token at once. */
export async function revokeToken(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.updateTable('login_tokens').set({ revoked_time: new Date() }).where('token_hash', '=', tokenHash).where('revoked_time', 'is', null).execute();
}

/** Revokes every live token of a user (password reset, disabled account, deletion). */
export async function revokeUserTokens(db: Kysely<Database>, tenantId: number, userId: number): Promise<void> {
  await db
    .updateTable('login_tokens')
    .set({ revoked_time: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('revoked_time', 'is', null)
    .execute();
}

/** The roles and permissions of a user, within the tenant. */
export async function loadGrants(db: Kysely<Database>, tenantId: number, userId: number): Promise<{ roleKeys: string[]; roleNames: string[]; permissions: string[] }> {
  const roles = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select(['r.id', 'r.role_key', 'r.role_name'])
    .where('ur.user_id', '=', userId)
    .where('ur.tenant_id', '=', tenantId)
    .where('r.tenant_id', '=', tenantId)
    .where('r.status', '=', '0')
    .orderBy('r.role_sort')
    .execute();
  const roleIds = roles.map((r) => r.id);
  const perms = roleIds.length
    ? await db.selectFrom('role_permissions').select('permission').distinct().where('tenant_id', '=', tenantId).where('role_id', 'in', roleIds).execute()
    : [];
  return {
    roleKeys: roles.map((r) => r.role_key),
    roleNames: roles.map((r) => r.role_name),
    permissions: perms.map((p) => p.permission).sort(),
  };
}

/** The user behind a live, unrevoked, unexpired token of an active user and tenant; null otherwise. */
export async function findSessionUser(db: Kysely<Database>, tokenHash: string, token: string): Promise<AuthUser | null> {
  const row = await db
    .selectFrom('login_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .innerJoin('tenants as n', 'n.id', 't.tenant_id')
    .select(['u.id as userId', 'u.user_name', 'u.nick_name', 'u.dept_id', 'u.status as userStatus', 'n.id as tenantId', 'n.code', 'n.name', 'n.status as tenantStatus'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_time', 'is', null)
    .where('t.expire_time', '>', new Date())
    .whereRef('u.tenant_id', '=', 't.tenant_id')
    .executeTakeFirst();
  if (!row || row.userStatus !== '0' || row.tenantStatus !== '0') return null;
  const grants = await loadGrants(db, row.tenantId, row.userId);
  return {
    userId: row.userId,
    userName: row.user_name,
    nickName: row.nick_name,
    tenantId: row.tenantId,
    tenantCode: row.code,
    tenantName: row.name,
    deptId: row.dept_id,
    ...grants,
    token,
  };
}

/** Removes tokens expired or revoked over a week ago and sign-in attempts older than 30 days. */
export async function pruneSessions(db: Kysely<Database>): Promise<{ tokens: number; attempts: number }> {
  const week = new Date(Date.now() - 7 * 86_400_000);
  const month = new Date(Date.now() - 30 * 86_400_000);
  const t = await db.deleteFrom('login_tokens').where((eb) => eb.or([eb('expire_time', '<', week), eb('revoked_time', '<', week)])).executeTakeFirst();
  const a = await db.deleteFrom('login_attempts').where('attempt_time', '<', month).executeTakeFirst();
  await db.deleteFrom('captchas').where('expire_time', '<', new Date()).execute();
  return { tokens: Number(t.numDeletedRows), attempts: Number(a.numDeletedRows) };
}
