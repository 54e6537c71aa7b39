/**
 * Seed step `demo-data-scope` (数据权限, issue 35): two roles with narrower scopes than 普通员工's
 * 全部数据 — 项目经理 (本部门及以下) and 办事员 (仅本人) — with the demo forms' permissions of
 * 普通员工, users in several departments holding them, and the demo records spread over these
 * users and the seeded ones, so signing in as 赵经理 (工程管理部: sees 工程管理部, 项目一部,
 * 项目二部) or 小孙 (项目一部, 仅本人) shows the difference at once. Passwords: the admin's.
 */
import type { Kysely } from 'kysely';
import { viewSpecOf } from '../../../../schema-adapters/definition/views.js';
import type { Database } from '../../db/types.js';
import type { SeedStep, SeedTenant } from '../../services/seed/types.js';
import { hashPassword } from '../../services/userService.js';
import { formModel } from '../query/formModel.js';
import { findFormByName } from '../repositories/formDefinitions.js';
import { spreadDemoOwners } from '../repositories/sampleSources.js';
import { demoDefinitions } from './seedDemoForms.js';

const ROLES = [
  { roleKey: 'pm', roleName: '项目经理', dataScope: '4', remark: '数据权限：本部门及以下（演示）' },
  { roleKey: 'clerk', roleName: '办事员', dataScope: '5', remark: '数据权限：仅本人（演示）' },
];
const USERS = [
  { userName: 'zhaojingli', nickName: '赵经理', dept: '工程管理部', role: 'pm' },
  { userName: 'xiaosun', nickName: '小孙', dept: '项目一部', role: 'clerk' },
  { userName: 'xiaozhou', nickName: '小周', dept: '项目二部', role: 'clerk' },
];
/** Owners of the demo records, in turn: the admin, the new users, and the seeded staff. */
const OWNERS = ['admin', 'zhaojingli', 'xiaosun', 'xiaozhou', 'staff', 'liuyang'];

async function seedTenantScopes(db: Kysely<Database>, tenant: SeedTenant, passwordHash: string): Promise<void> {
  const staff = await db.selectFrom('roles').select('id').where('tenant_id', '=', tenant.id).where('role_key', '=', 'staff').executeTakeFirst();
  if (!staff) return;
  const perms = (await db.selectFrom('role_permissions').select('permission').where('role_id', '=', staff.id).execute()).map((p) => p.permission);
  const roleIds = new Map<string, number>();
  for (const [i, r] of ROLES.entries()) {
    const row = await db.insertInto('roles')
      .values({ tenant_id: tenant.id, role_name: r.roleName, role_key: r.roleKey, role_sort: 3 + i, remark: r.remark, data_scope: r.dataScope, create_by: 'admin' })
      .onConflict((oc) => oc.columns(['tenant_id', 'role_key']).doNothing()).returning('id').executeTakeFirst();
    if (!row) continue;
    roleIds.set(r.roleKey, row.id);
    if (perms.length) await db.insertInto('role_permissions').values(perms.map((permission) => ({ tenant_id: tenant.id, role_id: row.id, permission }))).execute();
  }
  const depts = new Map((await db.selectFrom('depts').select(['id', 'dept_name']).where('tenant_id', '=', tenant.id).execute()).map((d) => [d.dept_name, Number(d.id)]));
  for (const u of USERS) {
    const roleId = roleIds.get(u.role);
    if (roleId === undefined) continue;
    const row = await db.insertInto('users')
      .values({ tenant_id: tenant.id, dept_id: depts.get(u.dept) ?? null, user_name: u.userName, nick_name: u.nickName, password_hash: passwordHash, create_by: 'admin' })
      .onConflict((oc) => oc.columns(['tenant_id', 'user_name']).doNothing()).returning('id').executeTakeFirst();
    if (row) await db.insertInto('user_roles').values({ tenant_id: tenant.id, user_id: row.id, role_id: roleId }).execute();
  }
  const owners = await db.selectFrom('users').select(['id', 'user_name', 'dept_id']).where('tenant_id', '=', tenant.id).where('user_name', 'in', OWNERS).execute();
  const ordered = OWNERS.map((n) => owners.find((o) => o.user_name === n)).filter((o) => !!o)
    .map((o) => ({ userId: Number(o.id), userName: o.user_name, deptId: o.dept_id === null ? null : Number(o.dept_id) }));
  for (const def of demoDefinitions()) {
    if (viewSpecOf(def)) continue;
    const form = await findFormByName(db, tenant.id, def.enName);
    if (!form || !form.storage.tables.length) continue;
    const model = formModel(form);
    await spreadDemoOwners(db, model.schema, model.main.table.name, ordered);
  }
}

export const seedDemoDataScope: SeedStep = {
  name: 'demo-data-scope',
  async run(ctx) {
    const passwordHash = await hashPassword(ctx.adminPassword);
    for (const t of ctx.tenants) await seedTenantScopes(ctx.db, t, passwordHash);
  },
};
