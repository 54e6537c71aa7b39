/** /api/user/config: the signed-in user's own settings (layout features, per-form table settings…). */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { DoneEnvelope } from '../../../shared/contract/common.js';
import { ok, done } from '../../http/reply.js';
import { badRequest } from '../../http/HttpError.js';
import { UserConfigPath, UserConfigsAnswer } from '../../../shared/contract/system.js';
import { BUSINESS_TYPE, withOperation } from '../../services/operationLog.js';
import { deleteUserConfig, getUserConfigs, putUserConfig } from '../../repositories/userConfigRepository.js';

const TITLE = '用户配置';
const MAX_VALUE_CHARS = 100_000;

export const userConfigRoutes: ContractPlugin = async (app) => {
  app.get('/user/config/get', { schema: { response: { 200: UserConfigsAnswer } } }, async (request) => ok(await getUserConfigs(app.db, request.user.tenantId, request.user.userId)));

  app.post('/user/config/:key/edit', { schema: { params: UserConfigPath, response: { 200: DoneEnvelope } } }, async (request) => {
    const value = request.body;
    if (value === undefined) throw badRequest('配置内容不能为空');
    if (JSON.stringify(value).length > MAX_VALUE_CHARS) throw badRequest(`配置内容不能超过${MAX_VALUE_CHARS}个字符`);
    const { tenantId, userId } = request.user;
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.edit, param: { key: request.params.key } }, (trx) => putUserConfig(trx, tenantId, userId, request.params.key, value));
    return done();
  });

  app.post('/user/config/:key/reset', { schema: { params: UserConfigPath, response: { 200: DoneEnvelope } } }, async (request) => {
    const { tenantId, userId } = request.user;
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.clearData, param: { key: request.params.key } }, (trx) => deleteUserConfig(trx, tenantId, userId, request.params.key));
    return done();
  });
};
