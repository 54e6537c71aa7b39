/** /api/system/user/profile: the signed-in user's own data and password. */
import type { FastifyPluginAsync } from 'fastify';
import { ok, done } from '../../http/reply.js';
import { badRequest, forbidden, found } from '../../http/HttpError.js';
import { ADMIN_ROLE, hasRole } from '../../auth/permissions.js';
import { deleteConfigOfAllUsers, LAYOUT_CONFIG_KEY } from '../../repositories/userConfigRepository.js';
import { BUSINESS_TYPE, withOperation } from '../../services/operationLog.js';
import { checkPassword, hashPassword } from '../../services/userService.js';
import { findPasswordHash, findUser, setPasswordHash, updateUser } from '../../repositories/userRepository.js';
import { profileEditBody, updatePwdBody } from './schemas.js';

const TITLE = '个人信息';

export const profileRoutes: FastifyPluginAsync = async (app) => {
  app.get('/system/user/profile', async (request) => {
    const user = found(await findUser(app.db, request.user.tenantId, request.user.userId));
    return { code: 200, msg: '操作成功', data: user, roleGroup: user.roleNames.join(','), deptName: user.deptName };
  });

  app.post<{ Body: { nickName?: string; email?: string | null; phonenumber?: string | null; sex?: string | null } }>(
    '/system/user/profile/edit',
    { schema: { body: profileEditBody } },
    async (request) => {
      const { tenantId, userId, userName } = request.user;
      const b = request.body;
      await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.edit }, (trx) =>
        updateUser(trx, tenantId, userId, { nickName: b.nickName, email: b.email ?? undefined, phonenumber: b.phonenumber ?? undefined, sex: b.sex ?? undefined }, userName),
      );
      return ok(await findUser(app.db, tenantId, userId));
    },
  );

  app.get('/system/user/profile/init/all', async (request) => {
    if (!hasRole(request.user, ADMIN_ROLE)) throw forbidden();
    const { tenantId } = request.user;
    const removed = await withOperation(app.db, request, { title: '用户配置', businessType: BUSINESS_TYPE.clearData, param: { key: LAYOUT_CONFIG_KEY } }, (trx) =>
      deleteConfigOfAllUsers(trx, tenantId, LAYOUT_CONFIG_KEY),
    );
    return ok({ removed });
  });

  app.post<{ Body: { oldPassword: string; newPassword: string } }>('/system/user/profile/updatePwd', { schema: { body: updatePwdBody } }, async (request) => {
    const { tenantId, userId, userName } = request.user;
    const hash = found(await findPasswordHash(app.db, tenantId, userId));
    if (!(await checkPassword(request.body.oldPassword, hash))) throw badRequest('修改密码失败，旧密码错误', [{ field: 'oldPassword', message: '旧密码错误' }]);
    if (request.body.oldPassword === request.body.newPassword) throw badRequest('新密码不能与旧密码相同', [{ field: 'newPassword', message: '新密码不能与旧密码相同' }]);
    const newHash = await hashPassword(request.body.newPassword);
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.edit, param: {} }, (trx) => setPasswordHash(trx, tenantId, userId, newHash, userName, true));
    return done();
  });
};
