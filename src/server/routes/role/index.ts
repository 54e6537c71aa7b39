/** /api/system/role: roles with permission strings (system:role:*). */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok, done, page } from '../../http/reply.js';
import { badRequest, conflict, found, notFound } from '../../http/HttpError.js';
import { ADMIN_ROLE, requirePermission } from '../../auth/permissions.js';
import { BUSINESS_TYPE, withOperation } from '../../services/operationLog.js';
import { deleteRoles, findRole, findRoleByKey, insertRole, listRoles, roleOptions, roleUserCounts, tenantDeptIds, updateRole, type RoleInput } from '../../repositories/roleRepository.js';
import { buildDeptTree } from '../../repositories/deptTree.js';
import { listDepts } from '../../repositories/deptRepository.js';
import { findTenantByCode } from '../../repositories/tenantRepository.js';
import { registerSettings } from '../../services/registration.js';
import { DoneEnvelope, IdList, IdParams } from '../../../shared/contract/common.js';
import { AddedRole, AddRoleBody, EditRoleBody, RegisterRolesQuery, RoleDeptTree, RoleDetail, RoleListQuery, RoleOptions, RolePage } from '../../../shared/contract/roles.js';


const TITLE = '角色管理';

function input(b: AddRoleBody): RoleInput {
  return {
    roleName: b.roleName, roleKey: b.roleKey, roleSort: b.roleSort, status: b.status, remark: b.remark ?? '', permissions: b.permissions ?? [],
    dataScope: b.dataScope, deptIds: b.deptIds, formScopes: b.formScopes,
  };
}

/** A custom scope names departments of the caller's tenant only (another tenant's id is a 400). */
async function checkScope(db: Parameters<typeof tenantDeptIds>[0], tenantId: number, b: AddRoleBody): Promise<void> {
  if (b.dataScope === '2' && !b.deptIds?.length) throw badRequest('自定数据权限请至少选择一个部门');
  const ids = [...new Set(b.deptIds ?? [])];
  const known = await tenantDeptIds(db, tenantId, ids);
  const bad = ids.find((id) => !known.has(id));
  if (bad !== undefined) throw badRequest(`部门不存在：${bad}`);
}

export const roleRoutes: ContractPlugin = async (app) => {
  app.get(
    '/system/role/list',
    { schema: { querystring: RoleListQuery, response: { 200: RolePage } } },
    async (request) => {
      requirePermission(request.user, 'system:role:list');
      const q = request.query;
      const { rows, total } = await listRoles(app.db, request.user.tenantId, { roleName: q.roleName, roleKey: q.roleKey, status: q.status || undefined }, q.pageNum, q.pageSize);
      return page(rows, total);
    },
  );

  app.get('/system/role/optionselect', { schema: { response: { 200: RoleOptions } } }, async (request) => {
    requirePermission(request.user, 'system:role:list', 'system:user:add', 'system:user:edit');
    return ok(await roleOptions(app.db, request.user.tenantId));
  });

  app.get(
    '/system/role/options/register',
    { config: { public: true }, schema: { querystring: RegisterRolesQuery, response: { 200: RoleOptions } } },
    async (request) => {
      const tenant = found(await findTenantByCode(app.db, request.query.tenantCode || 'DEFAULT'), '租户不存在');
      // Only the roles the tenant opened to self-registration (issue 32: sys.register.*), never admin.
      const s = await registerSettings(app.db, tenant.id);
      if (!s.enabled) return ok([]);
      return ok((await roleOptions(app.db, tenant.id)).filter((r) => r.roleKey !== ADMIN_ROLE && s.roleKeys.includes(r.roleKey)));
    },
  );

  // Spec 02 §7 (RuoYi): the tenant's department tree and the departments the role's custom scope holds.
  app.get('/system/dept/roleDeptTreeselect/:id', { schema: { params: IdParams, response: { 200: RoleDeptTree } } }, async (request) => {
    requirePermission(request.user, 'system:role:query', 'system:role:list', 'system:role:edit');
    const role = found(await findRole(app.db, request.user.tenantId, request.params.id), '角色不存在');
    return { code: 200 as const, msg: '操作成功', checkedKeys: role.deptIds, depts: buildDeptTree(await listDepts(app.db, request.user.tenantId, { status: '0' })) };
  });

  app.get('/system/role/:id', { schema: { params: IdParams, response: { 200: RoleDetail } } }, async (request) => {
    requirePermission(request.user, 'system:role:query', 'system:role:list');
    return ok(found(await findRole(app.db, request.user.tenantId, request.params.id), '角色不存在'));
  });

  app.post('/system/role', { schema: { body: AddRoleBody, response: { 200: AddedRole } } }, async (request) => {
    requirePermission(request.user, 'system:role:add');
    const { tenantId, userName } = request.user;
    if (await findRoleByKey(app.db, tenantId, request.body.roleKey)) throw conflict(`新增角色'${request.body.roleName}'失败，权限字符已存在`);
    await checkScope(app.db, tenantId, request.body);
    const roleId = await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.add }, (trx) => insertRole(trx, tenantId, input(request.body), userName));
    return ok({ roleId });
  });

  app.post('/system/role/edit', { schema: { body: EditRoleBody, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, 'system:role:edit');
    const { tenantId, userName } = request.user;
    const b = request.body;
    const role = found(await findRole(app.db, tenantId, b.roleId), '角色不存在');
    if (role.roleKey === ADMIN_ROLE && b.roleKey !== ADMIN_ROLE) throw badRequest('不允许修改超级管理员角色的权限字符');
    const other = await findRoleByKey(app.db, tenantId, b.roleKey);
    if (other && other.id !== b.roleId) throw conflict(`修改角色'${b.roleName}'失败，权限字符已存在`);
    await checkScope(app.db, tenantId, b);
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.edit }, (trx) => updateRole(trx, tenantId, b.roleId, input(b), userName));
    return done();
  });

  app.post('/system/role/delete', { schema: { body: IdList, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, 'system:role:remove');
    const { tenantId } = request.user;
    const ids = [...new Set(request.body)];
    const roles = [];
    for (const roleId of ids) {
      const role = await findRole(app.db, tenantId, roleId);
      if (!role) throw notFound(`角色不存在：${roleId}`);
      if (role.roleKey === ADMIN_ROLE) throw badRequest('不允许删除超级管理员角色');
      roles.push(role);
    }
    const counts = await roleUserCounts(app.db, tenantId, ids);
    const used = roles.find((r) => (counts.get(r.roleId) ?? 0) > 0);
    if (used) throw badRequest(`${used.roleName}已分配，不能删除`);
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.delete }, (trx) => deleteRoles(trx, tenantId, ids));
    return done('删除成功');
  });
};
