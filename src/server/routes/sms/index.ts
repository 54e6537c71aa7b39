/**
 * Issue 32 item 2: SMS verification codes and password reset by code, public (no token). The
 * tenant comes from `tenantCode` (default DEFAULT); codes of one tenant never verify in another.
 */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { done } from '../../http/reply.js';
import { badRequest } from '../../http/HttpError.js';
import { findTenantByCode, type TenantRow } from '../../repositories/tenantRepository.js';
import { findUserIdsByPhone, setPasswordHash } from '../../repositories/userRepository.js';
import { revokeUserTokens } from '../../repositories/sessionRepository.js';
import { checkPasswordPolicy, loadPasswordPolicy, PASSWORD_MAX_LENGTH } from '../../auth/passwordPolicy.js';
import { hashPassword } from '../../services/userService.js';
import { smsProviderFor } from '../../sms/smsProvider.js';
import { SMS_NOT_ENABLED, assertPhone, sendSmsCode, verifySmsCode, type SmsContext } from '../../sms/smsCodeService.js';
import { LOGIN_MESSAGES } from '../../services/authService.js';
import { registerSettings } from '../../services/registration.js';
import { DoneEnvelope } from '../../../shared/contract/common.js';
import { ResetWithVerifyCodeRequest, SmsSendRequest, VerifyCodeCheckRequest } from '../../../shared/contract/sms.js';

const NO_ACCOUNT = '该手机号未绑定账号';

export const smsRoutes: ContractPlugin = async (app) => {
  const ctx: SmsContext = { db: app.db, provider: smsProviderFor(app.config), now: () => app.now() };

  /** SMS for a tenant: the gateway, unless the tenant turned it off (sys.sms.enabled false). */
  async function smsFor(tenantId: number): Promise<SmsContext> {
    return (await registerSettings(app.db, tenantId)).smsEnabled ? ctx : { ...ctx, provider: null };
  }

  async function tenantOf(code: string | null | undefined): Promise<TenantRow> {
    const tenant = await findTenantByCode(app.db, code?.trim() || 'DEFAULT');
    if (!tenant) throw badRequest(LOGIN_MESSAGES.unknownTenant);
    if (tenant.status !== '0') throw badRequest(LOGIN_MESSAGES.tenantDisabled);
    return tenant;
  }

  const send = { schema: { body: SmsSendRequest, response: { 200: DoneEnvelope } }, config: { public: true } };

  // Registration: any number may ask for a code.
  app.post('/common/sms/send', send, async (request) => {
    const tenant = await tenantOf(request.body.tenantCode);
    await sendSmsCode(await smsFor(tenant.id), tenant.id, request.body.phonenumber.trim(), request.ip);
    return done('验证码已发送');
  });

  // Password reset: only a number an account of the tenant has.
  app.post('/common/sms/send/withCheck', send, async (request) => {
    const tenant = await tenantOf(request.body.tenantCode);
    const phone = request.body.phonenumber.trim();
    assertPhone(phone);
    const sms = await smsFor(tenant.id);
    if (!sms.provider) throw badRequest(SMS_NOT_ENABLED);
    if ((await findUserIdsByPhone(app.db, tenant.id, phone)).length === 0) throw badRequest(NO_ACCOUNT);
    await sendSmsCode(sms, tenant.id, phone, request.ip);
    return done('验证码已发送');
  });

  app.post(
    '/system/user/verifyCode/check',
    { schema: { body: VerifyCodeCheckRequest, response: { 200: DoneEnvelope } }, config: { public: true } },
    async (request) => {
      const tenant = await tenantOf(request.body.tenantCode);
      await verifySmsCode(ctx, tenant.id, request.body.phonenumber.trim(), request.body.code.trim(), false, request.ip);
      return done('验证成功');
    },
  );

  app.post(
    '/system/user/password/resetWithVerifyCode',
    { schema: { body: ResetWithVerifyCodeRequest, response: { 200: DoneEnvelope } }, config: { public: true } },
    async (request) => {
      const b = request.body;
      const tenant = await tenantOf(b.tenantCode);
      const phone = b.phonenumber.trim();
      assertPhone(phone);
      if (b.password.length > PASSWORD_MAX_LENGTH) throw badRequest(`密码长度不能超过${PASSWORD_MAX_LENGTH}位`);
      const policyError = checkPasswordPolicy(await loadPasswordPolicy(app.db, tenant.id), b.password);
      if (policyError) throw badRequest(policyError);
      const ids = await findUserIdsByPhone(app.db, tenant.id, phone);
      if (ids.length > 1) throw badRequest('该手机号绑定了多个账号，请联系管理员');
      // The code is spent before the account is looked at, so a guess costs a try either way.
      await verifySmsCode(ctx, tenant.id, phone, b.code.trim(), true, request.ip);
      if (ids.length === 0) throw badRequest(NO_ACCOUNT);
      const hash = await hashPassword(b.password);
      await app.db.transaction().execute(async (trx) => {
        await setPasswordHash(trx, tenant.id, ids[0], hash, 'sms', true);
        await revokeUserTokens(trx, tenant.id, ids[0]);
      });
      return done('密码重置成功');
    },
  );
};
