/** Sign-in tokens: issue, resolve to the user behind them, revoke. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { AuthUser } from '../auth/types.js';
import type pg from 'pg';
import { preparedQuery } from '../db/preparedQuery.js';

/** Stores a token hash for a user, valid for ttlHours; `needPerfect` limits it to changing the password. */
export async function insertToken(
  db: Kysely<Database>,
  entry: { tokenHash: string; tenantId: number; userId: number; ip: string; userAgent: string; ttlHours: number; needPerfect?: boolean },
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
      need_perfect: entry.needPerfect === true,
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

/** Revokes every live token of a user but one (a password change keeps the session that made it). */
export async function revokeOtherTokens(db: Kysely<Database>, tenantId: number, userId: number, keepTokenHash: string): Promise<number> {
  const r = await db
    .updateTable('login_tokens')
    .set({ revoked_time: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('token_hash', '<>', keepTokenHash)
    .where('revoked_time', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Lifts the password-change restriction of one token. */
export async function clearNeedPerfect(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.updateTable('login_tokens').set({ need_perfect: false }).where('token_hash', '=', tokenHash).where('need_perfect', '=', true).execute();
}

/**
 * The user behind a live, unrevoked, unexpired token of an active user and tenant, with roles and
 * permissions, in one query (it runs on every call); null otherwise. With `pool` the query runs as
 * a named prepared statement, so PostgreSQL plans it once per connection rather than per call.
 */
export async function findSessionUser(db: Kysely<Database>, tokenHash: string, token: string, pool?: pg.Pool): Promise<AuthUser | null> {
  return (await findSession(db, tokenHash, token, pool))?.user ?? null;
}

/** findSessionUser with the token's expiry (ms since the epoch), for the session cache. */
export async function findSession(db: Kysely<Database>, tokenHash: string, token: string, pool?: pg.Pool): Promise<{ user: AuthUser; expiresAt: number } | null> {
  const query = sql<{
    user_id: number;
    user_name: string;
    nick_name: string;
    dept_id: number | null;
    tenant_id: number;
    code: string;
    name: string;
    roles: { k: string; n: string }[];
    perms: string[];
    need_perfect: boolean;
    ttl_ms: number;
  }>`
    SELECT t.need_perfect, (extract(epoch FROM t.expire_time - now()) * 1000)::float8 AS ttl_ms, u.id AS user_id, u.user_name, u.nick_name, u.dept_id, n.id AS tenant_id, n.code, n.name,
      COALESCE((
        SELECT json_agg(json_build_object('k', r.role_key, 'n', r.role_name) ORDER BY r.role_sort, r.id)
        FROM user_roles ur JOIN roles r ON r.id = ur.role_id
        WHERE ur.user_id = u.id AND ur.tenant_id = n.id AND r.tenant_id = n.id AND r.status = '0'
      ), '[]'::json) AS roles,
      COALESCE((
        SELECT array_agg(DISTINCT rp.permission ORDER BY rp.permission)
        FROM user_roles ur JOIN roles r ON r.id = ur.role_id JOIN role_permissions rp ON rp.role_id = r.id
        WHERE ur.user_id = u.id AND ur.tenant_id = n.id AND r.tenant_id = n.id AND rp.tenant_id = n.id AND r.status = '0'
      ), ARRAY[]::text[]) AS perms
    FROM login_tokens t
    JOIN users u ON u.id = t.user_id AND u.tenant_id = t.tenant_id
    JOIN tenants n ON n.id = t.tenant_id
    WHERE t.token_hash = ${tokenHash} AND t.revoked_time IS NULL AND t.expire_time > now()
      AND u.status = '0' AND n.status = '0'
  `.compile(db);
  const rows = pool ? await preparedQuery(pool, query) : (await db.executeQuery(query)).rows;
  const row = rows[0];
  if (!row) return null;
  const user: AuthUser = {
    userId: row.user_id,
    userName: row.user_name,
    nickName: row.nick_name,
    tenantId: row.tenant_id,
    tenantCode: row.code,
    tenantName: row.name,
    deptId: row.dept_id,
    roleKeys: row.roles.map((r) => r.k),
    roleNames: row.roles.map((r) => r.n),
    permissions: row.perms,
    token,
    needPerfect: row.need_perfect === true,
  };
  // The database measures the token's remaining life itself: no clock or time zone to agree on.
  return { user, expiresAt: Date.now() + Number(row.ttl_ms) };
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

/**
 * The database's current snapshot as text (`pg_current_snapshot()`): it moves whenever a
 * transaction that writes takes its id or one in progress ends, so equal texts see the same rows
 * (the PGlite session cache's check, ADR 1028).
 */
export async function currentSnapshot(db: Kysely<Database>): Promise<string> {
  return (await sql<{ s: string }>`SELECT pg_current_snapshot()::text AS s`.execute(db)).rows[0]!.s;
}
