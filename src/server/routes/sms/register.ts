/**
 * Issue 32 item 2: self-registration, public (no token): the tenant's settings for the page and
 * `POST /register` (the role and department options are in routes/role and routes/dept), which spends
 * an SMS code to the number — or, where the tenant turned SMS off (sys.sms.enabled false), a captcha
 * of `GET /register/captcha`, limited per client address, and takes no number. Everything is read
 * in the tenant named by `tenantCode` (default DEFAULT) and limited to what its configs allow.
 */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok } from '../../http/reply.js';
import { badRequest, conflict } from '../../http/HttpError.js';
import { findTenantByCode, type TenantRow } from '../../repositories/tenantRepository.js';
import { findUserIdsByPhone, insertUser, markPendingApproval, setUserRoles, userNameTaken } from '../../repositories/userRepository.js';
import { checkPasswordPolicy, loadPasswordPolicy, PASSWORD_MAX_LENGTH } from '../../auth/passwordPolicy.js';
import { hashPassword } from '../../services/userService.js';
import { LOGIN_MESSAGES } from '../../services/authService.js';
import { createCaptcha } from '../../services/captchaService.js';
import { checkRegisterCaptcha, registerDeptOptions, registerRoleOptions, registerSettings } from '../../services/registration.js';
import { takePublicAttempt } from '../../public/publicThrottle.js';
import { smsProviderFor } from '../../sms/smsProvider.js';
import { SMS_NOT_ENABLED, assertPhone, verifySmsCode } from '../../sms/smsCodeService.js';
import {
  RegisterAnswer,
  RegisterCaptchaAnswer,
  RegisterOptionsQuery,
  RegisterRequest,
  RegisterSettingsAnswer,
} from '../../../shared/contract/sms.js';

export const REGISTER_CLOSED = '当前租户未开放注册';
export const REGISTER_BY_SMS = '当前租户使用短信验证码注册';

export const registerRoutes: ContractPlugin = async (app) => {
  const provider = smsProviderFor(app.config);

  async function tenantOf(code: string | null | undefined): Promise<TenantRow> {
    const tenant = await findTenantByCode(app.db, code?.trim() || 'DEFAULT');
    if (!tenant) throw badRequest(LOGIN_MESSAGES.unknownTenant);
    if (tenant.status !== '0') throw badRequest(LOGIN_MESSAGES.tenantDisabled);
    return tenant;
  }

  const publicGet = (answer: object) => ({ schema: { querystring: RegisterOptionsQuery, response: { 200: answer } }, config: { public: true } });

  app.get('/register/settings', publicGet(RegisterSettingsAnswer), async (request) => {
    const tenant = await tenantOf(request.query.tenantCode);
    const s = await registerSettings(app.db, tenant.id);
    return ok({ enabled: s.enabled, smsEnabled: s.smsEnabled && provider !== null, approval: s.approval, captcha: !s.smsEnabled });
  });

  // Only a tenant that takes registrations by captcha hands these out.
  app.get('/register/captcha', publicGet(RegisterCaptchaAnswer), async (request, reply) => {
    const tenant = await tenantOf(request.query.tenantCode);
    const s = await registerSettings(app.db, tenant.id);
    if (!s.enabled) throw badRequest(REGISTER_CLOSED);
    if (s.smsEnabled) throw badRequest(REGISTER_BY_SMS);
    reply.header('cache-control', 'no-store');
    return ok(await createCaptcha(app.db));
  });

  app.post('/register', { schema: { body: RegisterRequest, response: { 200: RegisterAnswer } }, config: { public: true } }, async (request) => {
    const b = request.body;
    const tenant = await tenantOf(b.tenantCode);
    const s = await registerSettings(app.db, tenant.id);
    if (!s.enabled) throw badRequest(REGISTER_CLOSED);
    // SMS off by the tenant: a captcha instead, each address limited, and no number (unproven, it
    // could claim someone else's number, block its owner's registration and receive reset codes).
    const byCaptcha = !s.smsEnabled;
    if (byCaptcha) {
      await takePublicAttempt(app.db, 'captchaRegister', request.ip, app.now());
      await checkRegisterCaptcha(app.db, b.code, b.uuid);
    } else if (!provider) throw badRequest(SMS_NOT_ENABLED);
    const phone = byCaptcha ? '' : (b.phonenumber ?? '').trim();
    if (!byCaptcha) assertPhone(phone);
    if (b.password.length > PASSWORD_MAX_LENGTH) throw badRequest(`密码长度不能超过${PASSWORD_MAX_LENGTH}位`);
    const policyError = checkPasswordPolicy(await loadPasswordPolicy(app.db, tenant.id), b.password);
    if (policyError) throw badRequest(policyError);

    const roles = await registerRoleOptions(app.db, tenant.id, s.roleKeys);
    if (roles.length && !b.roleId) throw badRequest('请选择角色');
    if (b.roleId && !roles.some((r) => r.roleId === b.roleId)) throw badRequest('所选角色不开放注册');
    const depts = await registerDeptOptions(app.db, tenant.id, s.deptIds);
    if (depts.length && !b.deptId) throw badRequest('请选择部门');
    if (b.deptId && !depts.some((d) => d.deptId === b.deptId)) throw badRequest('所选部门不开放注册');

    if (await userNameTaken(app.db, tenant.id, b.username)) throw conflict(`注册账号'${b.username}'已存在`);
    if (!byCaptcha) {
      if ((await findUserIdsByPhone(app.db, tenant.id, phone)).length) throw conflict('该手机号已注册');
      await verifySmsCode({ db: app.db, provider, now: () => app.now() }, tenant.id, phone, b.code.trim(), true, request.ip);
    }

    const hash = await hashPassword(b.password);
    await app.db.transaction().execute(async (trx) => {
      const id = await insertUser(
        trx,
        tenant.id,
        b.username,
        hash,
        {
          nickName: b.nickName?.trim() || b.username,
          deptId: b.deptId ?? null,
          phonenumber: phone,
          status: s.approval ? '1' : '0',
          remark: s.approval ? '自助注册，待审核' : '自助注册',
        },
        'register',
      );
      if (s.approval) await markPendingApproval(trx, tenant.id, id);
      if (b.roleId) await setUserRoles(trx, tenant.id, id, [b.roleId]);
    });
    return { code: 200 as const, msg: s.successTip, pending: s.approval };
  });
};
