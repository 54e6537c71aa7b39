/** /api/system/user: user administration (system:user:*) and the pickers every user may call. */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok, done, page } from '../../http/reply.js';
import { badRequest, found, notFound } from '../../http/HttpError.js';
import { requirePermission } from '../../auth/permissions.js';
import { BUSINESS_TYPE, recordRequestOperation, withOperation } from '../../services/operationLog.js';
import { MAX_EXPORT_ROWS, sendXlsx, toXlsx, type ExportColumn } from '../../services/exportSheet.js';
import { assertDept, assertRoles, assertUserNameFree, assertUsers, hashPassword } from '../../services/userService.js';
import { subtreeIds } from '../../repositories/deptRepository.js';
import { revokeUserTokens } from '../../repositories/sessionRepository.js';
import { roleOptions } from '../../repositories/roleRepository.js';
import {
  countUsers,
  deleteUsers,
  findUser,
  insertUser,
  listUserOptions,
  listUsers,
  setPasswordHash,
  setUserRoles,
  setUsersStatus,
  updateUser,
  type UserDto,
} from '../../repositories/userRepository.js';
import * as s from '../../../shared/contract/users.js';
import { DoneEnvelope, FileAnswer, IdList, IdParams } from '../../../shared/contract/common.js';
import { tellApproved } from '../../services/userApproval.js';
import { profileRoutes } from './profile.js';
import { avatarRoutes } from './avatar.js';
import { userImportRoutes } from './importData.js';
import { userApprovalRoutes } from './approval.js';

const TITLE = '用户管理';

const USER_EXPORT_COLUMNS: ExportColumn<UserDto>[] = [
  { header: '用户编号', value: (u) => u.userId },
  { header: '登录名称', value: (u) => u.userName },
  { header: '用户名称', value: (u) => u.nickName },
  { header: '部门', value: (u) => u.deptName },
  { header: '角色', value: (u) => u.roleNames.join(',') },
  { header: '手机号码', value: (u) => u.phonenumber },
  { header: '邮箱', value: (u) => u.email },
  { header: '性别', value: (u) => ({ '0': '男', '1': '女' })[u.sex] ?? '未知' },
  { header: '状态', value: (u) => (u.pendingApproval ? '待审核' : u.status === '0' ? '正常' : '停用') },
  { header: '最后登录时间', value: (u) => u.loginDate },
  { header: '创建时间', value: (u) => u.createTime },
];

const clean = (v: string | null | undefined) => (v === null ? '' : v);

export const userRoutes: ContractPlugin = async (app) => {
  await app.register(profileRoutes);
  await app.register(avatarRoutes);
  await app.register(userImportRoutes);
  await app.register(userApprovalRoutes);

  app.get(
    '/system/user/list',
    { schema: { querystring: s.UserListQuery, response: { 200: s.UserPage } } },
    async (request) => {
      requirePermission(request.user, 'system:user:list');
      const { tenantId } = request.user;
      const q = request.query;
      const deptIds = q.deptId ? await subtreeIds(app.db, tenantId, q.deptId) : undefined;
      const { rows, total } = await listUsers(app.db, tenantId, { userName: q.userName, nickName: q.nickName, phonenumber: q.phonenumber, status: q.status || undefined, deptIds, pendingApproval: q.pendingApproval }, q.pageNum, q.pageSize);
      return page(rows, total);
    },
  );

  for (const path of ['/system/user/byFilter', '/system/user/list/ByFilter']) {
    app.post(path, { schema: { body: s.ByFilterBody, response: { 200: s.UserOptionPage } } }, async (request) => {
      const { tenantId } = request.user;
      const b = request.body ?? {};
      const deptIds = b.deptId ? (b.isGetSub === false ? [b.deptId] : await subtreeIds(app.db, tenantId, b.deptId)) : undefined;
      const pageSize = b.pageSize ?? 50;
      const pageNum = b.pageNum ?? 1;
      const filter = { nickName: b.nickName ?? undefined, userName: b.userName ?? undefined, status: b.status || undefined, deptIds };
      const rows = await listUserOptions(app.db, tenantId, filter, pageSize, (pageNum - 1) * pageSize);
      return page(rows, await countUsers(app.db, tenantId, filter));
    });
  }

  app.post('/system/user/userDeptId/get', { schema: { body: s.IdsBody, response: { 200: s.UserDeptIds } } }, async (request) => {
    const users = await listUserOptions(app.db, request.user.tenantId, { userIds: request.body });
    return ok(Object.fromEntries(users.map((u) => [u.userId, u.deptId === null ? [] : [u.deptId]])));
  });

  app.post('/system/user/ids', { schema: { body: s.IdsBody, response: { 200: s.UserOptions } } }, async (request) => {
    return ok(await listUserOptions(app.db, request.user.tenantId, { userIds: request.body }));
  });

  app.get(
    '/system/user/list/dept/:deptId',
    { schema: { params: s.DeptUsersParams, querystring: s.DeptUsersQuery, response: { 200: s.UserOptions } } },
    async (request) => {
      const { tenantId } = request.user;
      const { deptId } = request.params;
      const deptIds = request.query.includeChildren ? await subtreeIds(app.db, tenantId, deptId) : [deptId];
      if (!deptIds.length) throw notFound('部门不存在');
      return ok(await listUserOptions(app.db, tenantId, { deptIds, status: request.query.showFrozen ? undefined : '0' }));
    },
  );

  app.get(
    '/system/user/export',
    { schema: { querystring: s.UserListQuery, response: { 200: FileAnswer } } },
    async (request, reply) => {
      requirePermission(request.user, 'system:user:export');
      const { tenantId } = request.user;
      const q = request.query;
      const deptIds = q.deptId ? await subtreeIds(app.db, tenantId, q.deptId) : undefined;
      const { rows } = await listUsers(app.db, tenantId, { userName: q.userName, nickName: q.nickName, phonenumber: q.phonenumber, status: q.status || undefined, deptIds, pendingApproval: q.pendingApproval }, 1, MAX_EXPORT_ROWS);
      await recordRequestOperation(app.db, request, TITLE, BUSINESS_TYPE.export, q);
      return sendXlsx(reply, '用户数据', toXlsx('用户数据', USER_EXPORT_COLUMNS, rows));
    },
  );

  app.get('/system/user/:id', { schema: { params: IdParams, response: { 200: s.UserDetail } } }, async (request) => {
    requirePermission(request.user, 'system:user:query', 'system:user:list');
    const user = found(await findUser(app.db, request.user.tenantId, request.params.id), '用户不存在');
    return { ...ok(user), roleIds: user.roleIds, roles: await roleOptions(app.db, request.user.tenantId) };
  });

  app.post('/system/user', { schema: { body: s.AddUserBody, response: { 200: s.AddedUser } } }, async (request) => {
    requirePermission(request.user, 'system:user:add');
    const { tenantId, userName: by } = request.user;
    const b = request.body;
    await assertDept(app.db, tenantId, b.deptId);
    await assertRoles(app.db, tenantId, b.roleIds ?? []);
    await assertUserNameFree(app.db, tenantId, b.userName);
    const hash = await hashPassword(b.password);
    const userId = await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.add }, async (trx) => {
      const userId = await insertUser(trx, tenantId, b.userName, hash, { nickName: b.nickName, deptId: b.deptId ?? null, email: clean(b.email), phonenumber: clean(b.phonenumber), sex: clean(b.sex), status: b.status, remark: clean(b.remark) }, by);
      await setUserRoles(trx, tenantId, userId, b.roleIds ?? []);
      return userId;
    });
    return ok({ userId });
  });

  app.post('/system/user/edit', { schema: { body: s.EditUserBody, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, 'system:user:edit');
    const { tenantId, userName: by } = request.user;
    const b = request.body;
    const [existing] = await assertUsers(app.db, tenantId, [b.userId]);
    if (b.userName && b.userName !== existing.userName) throw badRequest('登录账号不能修改', [{ field: 'userName', message: '登录账号不能修改' }]);
    if (b.userId === request.user.userId && b.status === '1') throw badRequest('不能停用当前登录的用户');
    await assertDept(app.db, tenantId, b.deptId);
    if (b.roleIds) await assertRoles(app.db, tenantId, b.roleIds);
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.edit }, async (trx) => {
      await updateUser(trx, tenantId, b.userId, { nickName: b.nickName, deptId: b.deptId, email: clean(b.email), phonenumber: clean(b.phonenumber), sex: clean(b.sex), status: b.status, remark: clean(b.remark) }, by);
      if (b.roleIds) await setUserRoles(trx, tenantId, b.userId, b.roleIds);
      // Enabling a waiting account approves it (updateUser clears the flag): tell its owner.
      if (b.status === '0' && existing.pendingApproval) await tellApproved(trx, tenantId, [existing]);
      if (b.status === '1') await revokeUserTokens(trx, tenantId, b.userId);
    });
    return done();
  });

  app.post('/system/user/delete', { schema: { body: IdList, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, 'system:user:remove');
    const { tenantId } = request.user;
    const ids = [...new Set(request.body)];
    if (ids.includes(request.user.userId)) throw badRequest('当前用户不能删除');
    await assertUsers(app.db, tenantId, ids);
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.delete }, (trx) => deleteUsers(trx, tenantId, ids));
    return done('删除成功');
  });

  app.post('/system/user/resetPwd', { schema: { body: s.ResetPwdBody, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, 'system:user:resetPwd', 'system:user:edit');
    const { tenantId, userName: by } = request.user;
    const { userId, password } = request.body;
    await assertUsers(app.db, tenantId, [userId]);
    const hash = await hashPassword(password);
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.edit, param: { userId } }, async (trx) => {
      await setPasswordHash(trx, tenantId, userId, hash, by);
      if (userId !== request.user.userId) await revokeUserTokens(trx, tenantId, userId);
    });
    return done();
  });

  app.post(
    '/system/user/changeStatus/:status',
    { schema: { params: s.ChangeStatusParams, body: s.ChangeStatusBody, response: { 200: DoneEnvelope } } },
    async (request) => {
      requirePermission(request.user, 'system:user:edit');
      const { tenantId, userName: by } = request.user;
      const b = request.body;
      const ids = [...new Set(Array.isArray(b) ? b : 'userIds' in b ? b.userIds : [b.userId])];
      const { status } = request.params;
      if (status === '1' && ids.includes(request.user.userId)) throw badRequest('不能停用当前登录的用户');
      const users = await assertUsers(app.db, tenantId, ids);
      await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.edit, param: { ids, status } }, async (trx) => {
        await setUsersStatus(trx, tenantId, ids, status, by);
        // Enabling waiting accounts approves them (setUsersStatus clears the flag): tell their owners.
        if (status === '0') await tellApproved(trx, tenantId, users.filter((u) => u.pendingApproval));
        if (status === '1') for (const id of ids) await revokeUserTokens(trx, tenantId, id);
      });
      return done();
    },
  );
};
