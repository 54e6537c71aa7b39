/** Seed step: tenants, each with its department tree, roles and users (fixtures/seed). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { hashPassword } from '../userService.js';
import { readSeedFixture } from './fixtures.js';
import type { SeedStep, SeedTenant } from './types.js';

interface DeptFixture {
  key: string;
  deptName: string;
  leader?: string;
  phone?: string;
  children?: DeptFixture[];
}
interface RoleFixture {
  roleKey: string;
  roleName: string;
  roleSort?: number;
  remark?: string;
  permissions: string[];
}
interface UserFixture {
  userName: string;
  nickName: string;
  dept: string;
  roles: string[];
  phonenumber?: string;
  email?: string;
  sex?: string;
}

async function insertDepts(db: Kysely<Database>, tenant: SeedTenant, nodes: DeptFixture[], parentId: number, ancestors: string, keys: Map<string, number>): Promise<void> {
  let order = 1;
  for (const node of nodes) {
    const row = await db
      .insertInto('depts')
      .values({
        tenant_id: tenant.id,
        parent_id: parentId,
        ancestors,
        dept_name: node.deptName.replace('{tenantName}', tenant.name),
        order_num: order++,
        leader: node.leader ?? '',
        phone: node.phone ?? '',
        create_by: 'admin',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    keys.set(node.key, row.id);
    if (node.children) await insertDepts(db, tenant, node.children, row.id, `${ancestors},${row.id}`, keys);
  }
}

/** Seeds one tenant's departments, roles and users; exported for tests that add tenants. */
export async function seedTenantPeople(db: Kysely<Database>, tenant: SeedTenant, passwordHash: string): Promise<void> {
  const keys = new Map<string, number>();
  await insertDepts(db, tenant, readSeedFixture<DeptFixture[]>('depts'), 0, '0', keys);
  const roleIds = new Map<string, number>();
  for (const role of readSeedFixture<RoleFixture[]>('roles')) {
    const row = await db
      .insertInto('roles')
      .values({ tenant_id: tenant.id, role_name: role.roleName, role_key: role.roleKey, role_sort: role.roleSort ?? 0, remark: role.remark ?? '', create_by: 'admin' })
      .returning('id')
      .executeTakeFirstOrThrow();
    roleIds.set(role.roleKey, row.id);
    if (role.permissions.length) {
      await db.insertInto('role_permissions').values(role.permissions.map((permission) => ({ tenant_id: tenant.id, role_id: row.id, permission }))).execute();
    }
  }
  for (const user of readSeedFixture<UserFixture[]>('users')) {
    const row = await db
      .insertInto('users')
      .values({
        tenant_id: tenant.id,
        dept_id: keys.get(user.dept) ?? null,
        user_name: user.userName,
        nick_name: user.nickName,
        phonenumber: user.phonenumber ?? '',
        email: user.email ?? '',
        sex: user.sex ?? '2',
        password_hash: passwordHash,
        create_by: 'admin',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const roles = user.roles.map((k) => roleIds.get(k)).filter((id): id is number => id !== undefined);
    if (roles.length) await db.insertInto('user_roles').values(roles.map((role_id) => ({ tenant_id: tenant.id, user_id: row.id, role_id }))).execute();
  }
}

export const seedTenants: SeedStep = {
  name: 'tenants',
  async run(ctx) {
    const passwordHash = await hashPassword(ctx.adminPassword);
    for (const t of readSeedFixture<{ code: string; name: string }[]>('tenants')) {
      const row = await ctx.db
        .insertInto('tenants')
        .values({ code: t.code, name: t.name })
        .onConflict((oc) => oc.column('code').doNothing())
        .returning(['id', 'code', 'name'])
        .executeTakeFirst();
      if (row) await seedTenantPeople(ctx.db, row, passwordHash);
    }
  },
};
