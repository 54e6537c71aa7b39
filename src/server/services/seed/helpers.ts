/** Helpers other seed steps (such as the demo forms') use to grant permissions and add menus. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** Adds permission strings to a role of a tenant (ignored when the role is absent). */
export async function grantRolePermissions(db: Kysely<Database>, tenantId: number, roleKey: string, permissions: string[]): Promise<void> {
  const role = await db.selectFrom('roles').select('id').where('tenant_id', '=', tenantId).where('role_key', '=', roleKey).executeTakeFirst();
  if (!role || permissions.length === 0) return;
  await db
    .insertInto('role_permissions')
    .values(permissions.map((permission) => ({ tenant_id: tenantId, role_id: role.id, permission })))
    .onConflict((oc) => oc.columns(['role_id', 'permission']).doNothing())
    .execute();
}

/** The id of a tenant's user by user name. */
export async function userIdByName(db: Kysely<Database>, tenantId: number, userName: string): Promise<number | null> {
  const row = await db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('user_name', '=', userName).executeTakeFirst();
  return row?.id ?? null;
}
