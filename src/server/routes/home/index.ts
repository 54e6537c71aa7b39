/**
 * /api/system/home: the home-page module lists (spec 02 §2.4, §7). The tenant's default list is
 * read by everyone and saved by holders of `system:home:edit` (admin); each user reads and saves
 * their own, which starts as the default.
 */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { done, ok } from '../../http/reply.js';
import { DoneEnvelope } from '../../../shared/contract/common.js';
import { HomeModules, ModulesBody } from '../../../shared/contract/homeModules.js';
import { requirePermission } from '../../auth/permissions.js';
import { BUSINESS_TYPE, withOperation } from '../../services/operationLog.js';
import { resolveModules, validateModules } from '../../services/homeModules.js';
import { getModuleList, putModuleList, TENANT_DEFAULT_USER } from '../../repositories/homeModuleRepository.js';

/** The permission that lets a user change the tenant's default modules. */
export const HOME_DEFAULT_PERMISSION = 'system:home:edit';

export const homeRoutes: ContractPlugin = async (app) => {
  app.get('/system/home/modules/default', { schema: { response: { 200: HomeModules } } }, async (request) => ok(resolveModules(await getModuleList(app.db, request.user.tenantId, TENANT_DEFAULT_USER))));

  app.post('/system/home/modules/default', { schema: { body: ModulesBody, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, HOME_DEFAULT_PERMISSION);
    const list = validateModules(request.body);
    await withOperation(app.db, request, { title: '首页默认模块', businessType: BUSINESS_TYPE.edit, param: list }, (trx) =>
      putModuleList(trx, request.user.tenantId, TENANT_DEFAULT_USER, list),
    );
    return done('保存成功');
  });

  app.get('/system/home/my/modules', { schema: { response: { 200: HomeModules } } }, async (request) => {
    const { tenantId, userId } = request.user;
    const own = await getModuleList(app.db, tenantId, userId);
    return ok(resolveModules(own ?? (await getModuleList(app.db, tenantId, TENANT_DEFAULT_USER))));
  });

  app.post('/system/home/my/modules', { schema: { body: ModulesBody, response: { 200: DoneEnvelope } } }, async (request) => {
    const list = validateModules(request.body);
    const { tenantId, userId } = request.user;
    await withOperation(app.db, request, { title: '首页模块设置', businessType: BUSINESS_TYPE.edit, param: list }, (trx) => putModuleList(trx, tenantId, userId, list));
    return done('保存成功');
  });
};
