/** /api/system/dept: the department tree (reads for every signed-in user; writes need system:dept:*). */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok, done } from '../../http/reply.js';
import { badRequest, found, notFound } from '../../http/HttpError.js';
import { requirePermission } from '../../auth/permissions.js';
import { BUSINESS_TYPE, withOperation } from '../../services/operationLog.js';
import { deleteDepts, deptUsage, findDept, findDepts, insertDept, listActiveDepts, listDepts, subtreeIds, updateDept, type DeptInput } from '../../repositories/deptRepository.js';
import { attachUsers, buildDeptTree, fullNames } from '../../repositories/deptTree.js';
import { listUserOptions } from '../../repositories/userRepository.js';
import { findTenantByCode } from '../../repositories/tenantRepository.js';
import { registerSettings } from '../../services/registration.js';
import { DoneEnvelope, IdList, IdParams } from '../../../shared/contract/common.js';
import * as c from '../../../shared/contract/depts.js';

const TITLE = '部门管理';
const input = (b: c.AddDeptBody): DeptInput => ({ parentId: b.parentId, deptName: b.deptName, orderNum: b.orderNum, leader: b.leader ?? '', phone: b.phone ?? '', email: b.email ?? '', status: b.status });

export const deptRoutes: ContractPlugin = async (app) => {
  app.get('/system/dept/list', { schema: { querystring: c.DeptListQuery, response: { 200: c.DeptList } } }, async (request) => {
    const depts = await listDepts(app.db, request.user.tenantId, { deptName: request.query.deptName, status: request.query.status || undefined });
    const all = request.query.deptName ? await listDepts(app.db, request.user.tenantId) : depts;
    const names = fullNames(all);
    return ok(depts.map((d) => ({ ...d, fullName: names.get(d.deptId) ?? d.deptName })));
  });

  app.get('/system/dept/list/exclude/:id', { schema: { params: IdParams, response: { 200: c.DeptRows } } }, async (request) => {
    const { tenantId } = request.user;
    found(await findDept(app.db, tenantId, request.params.id), '部门不存在');
    const excluded = new Set(await subtreeIds(app.db, tenantId, request.params.id));
    return ok((await listDepts(app.db, tenantId)).filter((d) => !excluded.has(d.deptId)));
  });

  app.get('/system/dept/treeselect', { schema: { response: { 200: c.DeptTree } } }, async (request) => {
    return ok(buildDeptTree(await listDepts(app.db, request.user.tenantId, { status: '0' })));
  });

  app.get(
    '/system/dept/options/register',
    { config: { public: true }, schema: { querystring: c.TenantQuery, response: { 200: c.DeptTree } } },
    async (request) => {
      const tenant = found(await findTenantByCode(app.db, request.query.tenantCode || 'DEFAULT'), '租户不存在');
      // Only the departments the tenant opened to self-registration (issue 32: sys.register.*).
      const s = await registerSettings(app.db, tenant.id);
      if (!s.enabled) return ok([]);
      const offered = new Set(s.deptIds);
      return ok(buildDeptTree((await listActiveDepts(app.db, tenant.id)).filter((d) => offered.has(d.deptId))));
    },
  );

  app.get('/system/dept/single/list', { schema: { response: { 200: c.DeptList } } }, async (request) => {
    const depts = await listDepts(app.db, request.user.tenantId, { status: '0' });
    const names = fullNames(depts);
    return ok(depts.map((d) => ({ ...d, fullName: names.get(d.deptId) ?? d.deptName })));
  });

  app.get('/system/dept/currentUser/subList', { schema: { response: { 200: c.DeptRows } } }, async (request) => {
    const { tenantId, deptId } = request.user;
    if (!deptId) return ok([]);
    const ids = new Set(await subtreeIds(app.db, tenantId, deptId));
    return ok((await listDepts(app.db, tenantId)).filter((d) => ids.has(d.deptId)));
  });

  app.post(
    '/system/dept/batch',
    { schema: { querystring: c.DeptBatchQuery, body: c.DeptBatchBody, response: { 200: c.DeptRows } } },
    async (request) => {
      const fromQuery = request.query.ids ? request.query.ids.split(',').map(Number) : [];
      const ids = [...new Set([...fromQuery, ...(request.body ?? [])])].filter((x) => Number.isSafeInteger(x) && x > 0).slice(0, 1000);
      return ok(await findDepts(app.db, request.user.tenantId, ids));
    },
  );

  app.post(
    '/system/dept/treeselect/byFilter',
    { schema: { body: c.TreeByFilterBody, response: { 200: c.DeptTree } } },
    async (request) => {
      const { tenantId } = request.user;
      const b = request.body ?? {};
      let depts = await listDepts(app.db, tenantId, { status: '0' });
      if (b.deptId) {
        const ids = new Set(await subtreeIds(app.db, tenantId, b.deptId));
        if (!ids.size) throw notFound('部门不存在');
        depts = depts.filter((d) => ids.has(d.deptId));
      }
      const tree = buildDeptTree(depts);
      if (b.includeUsers) {
        const users = await listUserOptions(app.db, tenantId, { deptIds: depts.map((d) => d.deptId), status: b.showFrozen ? undefined : '0' }, 5000);
        attachUsers(tree, users);
      }
      return ok(tree);
    },
  );

  app.get('/system/dept/:id', { schema: { params: IdParams, response: { 200: c.DeptDetail } } }, async (request) => {
    return ok(found(await findDept(app.db, request.user.tenantId, request.params.id), '部门不存在'));
  });

  app.post('/system/dept', { schema: { body: c.AddDeptBody, response: { 200: c.AddedDept } } }, async (request) => {
    requirePermission(request.user, 'system:dept:add');
    const { tenantId, userName } = request.user;
    const parent = await findDept(app.db, tenantId, request.body.parentId);
    if (!parent) throw badRequest('上级部门不存在', [{ field: 'parentId', message: '上级部门不存在' }]);
    if (parent.status !== '0') throw badRequest('部门停用，不允许新增');
    const deptId = await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.add }, (trx) =>
      insertDept(trx, tenantId, input(request.body), `${parent.ancestors},${parent.deptId}`, userName),
    );
    return ok({ deptId });
  });

  app.post('/system/dept/edit', { schema: { body: c.EditDeptBody, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, 'system:dept:edit');
    const { tenantId, userName } = request.user;
    const b = request.body;
    const dept = found(await findDept(app.db, tenantId, b.deptId), '部门不存在');
    if (b.parentId === b.deptId) throw badRequest(`修改部门'${b.deptName}'失败，上级部门不能是自己`);
    const parent = await findDept(app.db, tenantId, b.parentId);
    if (!parent) throw badRequest('上级部门不存在', [{ field: 'parentId', message: '上级部门不存在' }]);
    if (parent.ancestors.split(',').map(Number).includes(b.deptId)) throw badRequest(`修改部门'${b.deptName}'失败，上级部门不能是自己的下级部门`);
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.edit }, (trx) =>
      updateDept(trx, tenantId, b.deptId, input(b), dept.ancestors, `${parent.ancestors},${parent.deptId}`, userName),
    );
    return done();
  });

  app.post('/system/dept/delete', { schema: { body: IdList, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, 'system:dept:remove');
    const { tenantId } = request.user;
    const ids = [...new Set(request.body)];
    for (const deptId of ids) {
      const dept = await findDept(app.db, tenantId, deptId);
      if (!dept) throw notFound(`部门不存在：${deptId}`);
      const usage = await deptUsage(app.db, tenantId, deptId);
      if (usage.children > 0) throw badRequest(`${dept.deptName}存在下级部门，不允许删除`);
      if (usage.users > 0) throw badRequest(`${dept.deptName}部门存在用户，不允许删除`);
    }
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.delete }, (trx) => deleteDepts(trx, tenantId, ids));
    return done('删除成功');
  });
};
