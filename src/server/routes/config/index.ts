/** /api/system/config: system configuration (system:config:*; configKeys is public for the login page). */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok, done, page } from '../../http/reply.js';
import { conflict, found, notFound } from '../../http/HttpError.js';
import { DoneEnvelope, FileAnswer, IdList, IdParams } from '../../../shared/contract/common.js';
import * as c from '../../../shared/contract/configs.js';
import { hasAnyPermission, requirePermission } from '../../auth/permissions.js';
import type { AuthUser } from '../../auth/types.js';
import { bearerToken, hashToken } from '../../auth/tokens.js';
import { BUSINESS_TYPE, recordRequestOperation, withOperation } from '../../services/operationLog.js';
import { MAX_EXPORT_ROWS, sendXlsx, toXlsx, type ExportColumn } from '../../services/exportSheet.js';
import { findSessionUser } from '../../repositories/sessionRepository.js';
import { findTenantByCode } from '../../repositories/tenantRepository.js';
import { maskSecretValue, PROVIDER_SETTING_KEYS, SECRET_SET, SECRET_SETTING_KEYS } from '../../invoices/providerSettings.js';
import {
  countConfigs,
  deleteConfigs,
  findConfig,
  findConfigByKey,
  getConfigValues,
  insertConfig,
  listConfigs,
  updateConfig,
  type ConfigDto,
  type ConfigInput,
} from '../../repositories/configRepository.js';

const TITLE = '参数设置';
/** Keys shown only to configuration administrators (the login page and other users read the others). */
export const PRIVATE_CONFIG_KEYS: ReadonlySet<string> = new Set(['sys.user.initPassword', ...PROVIDER_SETTING_KEYS]);

/** An entry as answered: a provider secret (issue 31 item 4) is write-only and reads 已设置. */
const masked = (c: ConfigDto): ConfigDto => ({ ...c, configValue: maskSecretValue(c.configKey, c.configValue) });

/** Who may read private keys: the holders of the configuration screen's permissions (admin passes). */
function readsPrivateKeys(user: AuthUser | null): boolean {
  return !!user && hasAnyPermission(user, 'system:config:list', 'system:config:query', 'system:config:edit');
}

const input = (b: c.AddConfigBody): ConfigInput => ({ ...b, remark: b.remark ?? '' });

export const configRoutes: ContractPlugin = async (app) => {
  app.get(
    '/system/config/list',
    { schema: { querystring: c.ConfigListQuery, response: { 200: c.ConfigPage } } },
    async (request) => {
      requirePermission(request.user, 'system:config:list');
      const q = request.query;
      const { rows, total } = await listConfigs(app.db, request.user.tenantId, { configName: q.configName, configKey: q.configKey, configType: q.configType || undefined }, q.pageNum, q.pageSize);
      return page(rows.map(masked), total);
    },
  );

  app.get('/system/config/export', { schema: { querystring: c.ConfigListQuery, response: { 200: FileAnswer } } }, async (request, reply) => {
    requirePermission(request.user, 'system:config:export');
    const q = request.query;
    const { rows } = await listConfigs(app.db, request.user.tenantId, { configName: q.configName, configKey: q.configKey, configType: q.configType || undefined }, 1, MAX_EXPORT_ROWS);
    await recordRequestOperation(app.db, request, TITLE, BUSINESS_TYPE.export, q);
    const columns: ExportColumn<ConfigDto>[] = [
      { header: '参数主键', value: (c) => c.configId },
      { header: '参数名称', value: (c) => c.configName },
      { header: '参数键名', value: (c) => c.configKey },
      { header: '参数键值', value: (c) => c.configValue },
      { header: '系统内置', value: (c) => (c.configType === 'Y' ? '是' : '否') },
      { header: '备注', value: (c) => c.remark },
    ];
    return sendXlsx(reply, '参数数据', toXlsx('参数数据', columns, rows.map(masked)));
  });

  app.post(
    '/system/config/configKeys',
    { config: { public: true }, schema: { body: c.ConfigKeysBody, querystring: c.ConfigKeysQuery, response: { 200: c.ConfigValues } } },
    async (request) => {
      const token = bearerToken(request.headers.authorization);
      const user = token ? await findSessionUser(app.db, hashToken(token), token) : null;
      const tenantId = user?.tenantId ?? found(await findTenantByCode(app.db, request.body.tenantCode || request.query.tenantCode || 'DEFAULT'), '租户不存在').id;
      const keys = readsPrivateKeys(user) ? request.body.keys : request.body.keys.filter((k) => !PRIVATE_CONFIG_KEYS.has(k));
      const values = await getConfigValues(app.db, tenantId, keys);
      return ok(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, maskSecretValue(k, v)])));
    },
  );

  app.get(
    '/system/config/configKey/:key',
    { schema: { params: c.ConfigKeyParams, response: { 200: c.ConfigValue } } },
    async (request) => {
      const hidden = PRIVATE_CONFIG_KEYS.has(request.params.key) && !readsPrivateKeys(request.user);
      const entry = hidden ? undefined : await findConfigByKey(app.db, request.user.tenantId, request.params.key);
      const value = entry ? maskSecretValue(entry.configKey, entry.configValue) : null;
      return ok(value, value ?? '');
    },
  );

  app.post('/system/config/clearCache', { schema: { response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, 'system:config:remove', 'system:config:edit');
    // Config is read from the database on every call; there is no server cache to clear.
    return done();
  });

  app.get('/system/config/:id', { schema: { params: IdParams, response: { 200: c.ConfigDetail } } }, async (request) => {
    requirePermission(request.user, 'system:config:query', 'system:config:list');
    return ok(masked(found(await findConfig(app.db, request.user.tenantId, request.params.id), '参数不存在')));
  });

  app.post('/system/config', { schema: { body: c.AddConfigBody, response: { 200: c.AddedConfig } } }, async (request) => {
    requirePermission(request.user, 'system:config:add');
    const { tenantId, userName } = request.user;
    if (await findConfigByKey(app.db, tenantId, request.body.configKey)) throw conflict(`新增参数'${request.body.configName}'失败，参数键名已存在`);
    const configId = await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.add }, (trx) => insertConfig(trx, tenantId, input(request.body), userName));
    return ok({ configId });
  });

  app.post('/system/config/edit', { schema: { body: c.EditConfigBody, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, 'system:config:edit');
    const { tenantId, userName } = request.user;
    const stored = found(await findConfig(app.db, tenantId, request.body.configId), '参数不存在');
    // A secret's form shows 已设置: saved unchanged, the stored secret stays.
    const keepSecret = SECRET_SETTING_KEYS.has(stored.configKey) && stored.configKey === request.body.configKey && request.body.configValue === SECRET_SET;
    const b = keepSecret ? { ...request.body, configValue: stored.configValue } : request.body;
    const other = await findConfigByKey(app.db, tenantId, b.configKey);
    if (other && other.configId !== b.configId) throw conflict(`修改参数'${b.configName}'失败，参数键名已存在`);
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.edit }, (trx) => updateConfig(trx, tenantId, b.configId, input(b), userName));
    return done();
  });

  app.post('/system/config/delete', { schema: { body: IdList, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, 'system:config:remove');
    const { tenantId } = request.user;
    const ids = [...new Set(request.body)];
    if ((await countConfigs(app.db, tenantId, ids)) !== ids.length) throw notFound('参数不存在');
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.delete }, (trx) => deleteConfigs(trx, tenantId, ids));
    return done('删除成功');
  });
};
