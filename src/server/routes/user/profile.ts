/** /api/system/user/profile: the signed-in user's own data and password. */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { DoneEnvelope } from '../../../shared/contract/common.js';
import { ok, done } from '../../http/reply.js';
import { badRequest, forbidden, found, tooMany } from '../../http/HttpError.js';
import { ADMIN_ROLE, hasRole } from '../../auth/permissions.js';
import { deleteConfigOfAllUsers, LAYOUT_CONFIG_KEY } from '../../repositories/userConfigRepository.js';
import { BUSINESS_TYPE, withOperation } from '../../services/operationLog.js';
import { hashPassword } from '../../services/userService.js';
import { LOGIN_MESSAGES, reservePasswordCheck } from '../../services/authService.js';
import { verifyPassword } from '../../auth/passwordCheck.js';
import { checkPasswordPolicy, loadPasswordPolicy } from '../../auth/passwordPolicy.js';
import { hashToken } from '../../auth/tokens.js';
import { clearNeedPerfect, revokeOtherTokens } from '../../repositories/sessionRepository.js';
import { findPasswordHash, findUser, setPasswordHash, updateUser } from '../../repositories/userRepository.js';
import { ConfigsRemoved, Profile, ProfileEditBody, UpdatePwdBody, UserSaved } from '../../../shared/contract/users.js';

const TITLE = '个人信息';

export const profileRoutes: ContractPlugin = async (app) => {
  app.get('/system/user/profile', { schema: { response: { 200: Profile } } }, async (request) => {
    const user = found(await findUser(app.db, request.user.tenantId, request.user.userId));
    return { ...ok(user), roleGroup: user.roleNames.join(','), deptName: user.deptName };
  });

  app.post(
    '/system/user/profile/edit',
    { schema: { body: ProfileEditBody, response: { 200: UserSaved } } },
    async (request) => {
      const { tenantId, userId, userName } = request.user;
      const b = request.body;
      await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.edit }, (trx) =>
        updateUser(trx, tenantId, userId, { nickName: b.nickName, email: b.email ?? undefined, phonenumber: b.phonenumber ?? undefined, sex: b.sex ?? undefined }, userName),
      );
      return ok(found(await findUser(app.db, tenantId, userId)));
    },
  );

  app.get('/system/user/profile/init/all', { schema: { response: { 200: ConfigsRemoved } } }, async (request) => {
    if (!hasRole(request.user, ADMIN_ROLE)) throw forbidden();
    const { tenantId } = request.user;
    const removed = await withOperation(app.db, request, { title: '用户配置', businessType: BUSINESS_TYPE.clearData, param: { key: LAYOUT_CONFIG_KEY } }, (trx) =>
      deleteConfigOfAllUsers(trx, tenantId, LAYOUT_CONFIG_KEY),
    );
    return ok({ removed });
  });

  app.post('/system/user/profile/updatePwd', { schema: { body: UpdatePwdBody, response: { 200: DoneEnvelope } } }, async (request) => {
    const { tenantId, tenantCode, userId, userName, token } = request.user;
    const { oldPassword, newPassword } = request.body;
    // Wrong old passwords take the same slots as sign-in failures (per user and address, issue 11).
    const slot = await reservePasswordCheck(app.db, { tenantCode, userName, ip: request.ip }, '修改密码校验中');
    const hash = await findPasswordHash(app.db, tenantId, userId);
    if (!(await verifyPassword(oldPassword, hash ?? null))) {
      const locked = await slot.settle(false, '修改密码失败，旧密码错误');
      if (locked) throw tooMany(LOGIN_MESSAGES.userLocked);
      throw badRequest('修改密码失败，旧密码错误', [{ field: 'oldPassword', message: '旧密码错误' }]);
    }
    await slot.settle(true, '修改密码旧密码正确');
    if (oldPassword === newPassword) throw badRequest('新密码不能与旧密码相同', [{ field: 'newPassword', message: '新密码不能与旧密码相同' }]);
    const policyError = checkPasswordPolicy(await loadPasswordPolicy(app.db, tenantId), newPassword);
    if (policyError) throw badRequest(policyError, [{ field: 'newPassword', message: policyError }]);
    const newHash = await hashPassword(newPassword);
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.edit, param: {} }, async (trx) => {
      await setPasswordHash(trx, tenantId, userId, newHash, userName, true);
      // Whoever else held the old password keeps no session; this one goes on, now unrestricted.
      const keep = hashToken(token);
      await revokeOtherTokens(trx, tenantId, userId, keep);
      await clearNeedPerfect(trx, keep);
    });
    return done();
  });
};
