/** Sign-in and session: login, logout, captcha, getInfo, getRouters, the public tenant list. */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok, done } from '../../http/reply.js';
import { badRequest, found } from '../../http/HttpError.js';
import { login, logout, captchaEnabled } from '../../services/authService.js';
import { createCaptcha } from '../../services/captchaService.js';
import { buildRouters, menuPageAccess } from '../../services/routerService.js';
import { listEnabledMenus } from '../../repositories/menuRepository.js';
import { findTenantByCode, listActiveTenants } from '../../repositories/tenantRepository.js';
import { findUserProfile } from '../../repositories/userAuthRepository.js';
import { recordOperation, BUSINESS_TYPE, withOperation } from '../../services/operationLog.js';
import { clearOpenId } from '../../repositories/openIdRepository.js';
import type { SessionUser } from '../../../shared/auth.js';
import {
  CaptchaAnswer,
  CaptchaQuery,
  DoneEnvelope,
  GetInfoAnswer,
  LoginAnswer,
  LoginRequest,
  PageAccessAnswer,
  PageAccessQuery,
  RoutersAnswer,
  TenantsAnswer,
} from '../../../shared/contract/session.js';

export const sessionRoutes: ContractPlugin = async (app) => {
  app.post('/login', { schema: { body: LoginRequest, response: { 200: LoginAnswer } }, config: { public: true } }, async (request) => {
    const b = request.body;
    const { token, needPerfect } = await login(
      app.db,
      { username: b.username, password: b.password, code: b.code ?? undefined, uuid: b.uuid ?? undefined, tenantCode: b.tenantCode ?? undefined, loginType: b.loginType === 'supplier' ? 'supplier' : undefined },
      { ip: request.ip, userAgent: request.headers['user-agent'] ?? '', tokenTtlHours: app.config.tokenTtlHours },
    );
    return { code: 200 as const, msg: '操作成功', token, needPerfect };
  });

  app.post('/logout', { schema: { response: { 200: DoneEnvelope } } }, async (request) => {
    await logout(app.db, request.user.token);
    await recordOperation(app.db, {
      tenantId: request.user.tenantId,
      title: '退出登录',
      businessType: BUSINESS_TYPE.other,
      operUserId: request.user.userId,
      operName: request.user.userName,
      requestMethod: 'POST',
      operUrl: request.url,
      operIp: request.ip,
    });
    return done('退出成功');
  });

  // Spec 02 §2.4, §7: unbinding WeChat clears the caller's own openId (the client confirms first).
  app.post('/unbind', { schema: { response: { 200: DoneEnvelope } } }, async (request) => {
    const { tenantId, userId } = request.user;
    await withOperation(app.db, request, { title: '解绑微信', businessType: BUSINESS_TYPE.edit }, async (trx) => {
      if (!(await clearOpenId(trx, tenantId, userId))) throw badRequest('当前账号未绑定微信');
    });
    return done('解绑成功');
  });

  app.get(
    '/captchaImage',
    { config: { public: true }, schema: { querystring: CaptchaQuery, response: { 200: CaptchaAnswer } } },
    async (request) => {
      const tenant = await findTenantByCode(app.db, request.query.tenantCode || 'DEFAULT');
      const enabled = tenant ? await captchaEnabled(app.db, tenant.id) : false;
      if (!enabled) return { code: 200 as const, msg: '操作成功', captchaEnabled: false };
      return { code: 200 as const, msg: '操作成功', captchaEnabled: true, ...(await createCaptcha(app.db)) };
    },
  );

  app.get('/getInfo', { schema: { response: { 200: GetInfoAnswer } } }, async (request) => {
    const u = request.user;
    const profile = found(await findUserProfile(app.db, u.tenantId, u.userId));
    const p = profile.user;
    const user: SessionUser = {
      userId: p.id,
      userName: p.user_name,
      nickName: p.nick_name,
      deptId: p.dept_id,
      deptName: p.dept_name ?? null,
      phonenumber: p.phonenumber,
      email: p.email,
      sex: p.sex,
      avatar: p.avatar,
      hasOpenId: !!p.open_id,
      status: p.status,
      tenantId: u.tenantId,
      tenantCode: u.tenantCode,
      tenantName: u.tenantName,
      roleNames: u.roleNames,
      roles: profile.roles.map((r) => ({ roleId: r.id, roleKey: r.role_key, roleName: r.role_name })),
      loginDate: p.prev_login_date ? p.prev_login_date.toISOString() : null,
      loginIp: p.prev_login_ip || null,
    };
    const roles = u.roleKeys.length ? u.roleKeys : ['ROLE_DEFAULT'];
    const permissions = u.roleKeys.includes('admin') ? ['*:*:*'] : u.permissions;
    return { code: 200 as const, msg: '操作成功', user, roles, permissions };
  });

  app.get('/getRouters', { schema: { response: { 200: RoutersAnswer } } }, async (request) => {
    const menus = await listEnabledMenus(app.db, request.user.tenantId);
    return ok(buildRouters(menus, request.user));
  });

  app.get('/getRouters/access', { schema: { querystring: PageAccessQuery, response: { 200: PageAccessAnswer } } }, async (request) => {
    const menus = await listEnabledMenus(app.db, request.user.tenantId);
    return ok({ access: menuPageAccess(menus, request.user, request.query.path) });
  });

  app.get('/system/tenant/all', { schema: { response: { 200: TenantsAnswer } }, config: { public: true } }, async () => {
    // TENANT_LIST_PUBLIC=false: no tenant names to strangers; the pages ask for a code (verification).
    if (!app.config.tenantListPublic) return ok([]);
    const tenants = await listActiveTenants(app.db);
    return ok(tenants.map((t) => ({ tenantId: t.id, tenantCode: t.code, tenantName: t.name })));
  });
};
