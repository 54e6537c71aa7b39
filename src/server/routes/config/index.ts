/** /api/system/config: system configuration (system:config:*; configKeys is public for the login page). */
import type { FastifyPluginAsync } from 'fastify';
import { ok, done, page } from '../../http/reply.js';
import { conflict, found, notFound } from '../../http/HttpError.js';
import { id, idList, idParams, obj, optStr, str } from '../../http/schemas.js';
import { hasAnyPermission, requirePermission } from '../../auth/permissions.js';
import type { AuthUser } from '../../auth/types.js';
import { bearerToken, hashToken } from '../../auth/tokens.js';
import { BUSINESS_TYPE, recordRequestOperation, withOperation } from '../../services/operationLog.js';
import { MAX_EXPORT_ROWS, sendXlsx, toXlsx, type ExportColumn } from '../../services/exportSheet.js';
import { findSessionUser } from '../../repositories/sessionRepository.js';
import { findTenantByCode } from '../../repositories/tenantRepository.js';
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
const KEY_PATTERN = '^[A-Za-z0-9_.:-]{1,100}$';
/** Keys shown only to configuration administrators (the login page and other users read the others). */
export const PRIVATE_CONFIG_KEYS = new Set(['sys.user.initPassword']);

/** Who may read private keys: the holders of the configuration screen's permissions (admin passes). */
function readsPrivateKeys(user: AuthUser | null): boolean {
  return !!user && hasAnyPermission(user, 'system:config:list', 'system:config:query', 'system:config:edit');
}

const fields = {
  configName: str({ min: 1, max: 100 }),
  configKey: str({ min: 1, max: 100, pattern: KEY_PATTERN }),
  configValue: str({ max: 5000 }),
  configType: { type: 'string', enum: ['Y', 'N'] },
  remark: optStr(500),
};
const addBody = obj(fields, ['configName', 'configKey', 'configValue']);
const editBody = obj({ configId: id, ...fields }, ['configId', 'configName', 'configKey', 'configValue']);
const keysBody = obj({ keys: { type: 'array', items: str({ min: 1, max: 100 }), maxItems: 200 }, tenantCode: optStr(64), query: { type: ['object', 'null'] } }, ['keys']);
const listQuery = {
  type: 'object',
  properties: {
    pageNum: { type: 'integer', minimum: 1, maximum: 10_000_000, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 1000, default: 10 },
    configName: str({ max: 100 }),
    configKey: str({ max: 100 }),
    configType: { type: 'string', enum: ['Y', 'N', ''] },
  },
} as const;

type Body = Omit<ConfigInput, 'remark'> & { remark?: string | null };
const input = (b: Body): ConfigInput => ({ ...b, remark: b.remark ?? '' });

export const configRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { pageNum: number; pageSize: number; configName?: string; configKey?: string; configType?: string } }>(
    '/system/config/list',
    { schema: { querystring: listQuery } },
    async (request) => {
      requirePermission(request.user, 'system:config:list');
      const q = request.query;
      const { rows, total } = await listConfigs(app.db, request.user.tenantId, { configName: q.configName, configKey: q.configKey, configType: q.configType || undefined }, q.pageNum, q.pageSize);
      return page(rows, total);
    },
  );

  app.get<{ Querystring: { configName?: string; configKey?: string; configType?: string } }>('/system/config/export', { schema: { querystring: listQuery } }, async (request, reply) => {
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
    return sendXlsx(reply, '参数数据', toXlsx('参数数据', columns, rows));
  });

  app.post<{ Body: { keys: string[]; tenantCode?: string | null }; Querystring: { tenantCode?: string } }>(
    '/system/config/configKeys',
    { config: { public: true }, schema: { body: keysBody, querystring: { type: 'object', properties: { tenantCode: str({ max: 64 }) } } } },
    async (request) => {
      const token = bearerToken(request.headers.authorization);
      const user = token ? await findSessionUser(app.db, hashToken(token), token) : null;
      const tenantId = user?.tenantId ?? found(await findTenantByCode(app.db, request.body.tenantCode || request.query.tenantCode || 'DEFAULT'), '租户不存在').id;
      const keys = readsPrivateKeys(user) ? request.body.keys : request.body.keys.filter((k) => !PRIVATE_CONFIG_KEYS.has(k));
      return ok(await getConfigValues(app.db, tenantId, keys));
    },
  );

  app.get<{ Params: { key: string } }>(
    '/system/config/configKey/:key',
    { schema: { params: obj({ key: str({ min: 1, max: 100 }) }, ['key']) } },
    async (request) => {
      const hidden = PRIVATE_CONFIG_KEYS.has(request.params.key) && !readsPrivateKeys(request.user);
      const entry = hidden ? undefined : await findConfigByKey(app.db, request.user.tenantId, request.params.key);
      return { code: 200, msg: entry?.configValue ?? '', data: entry?.configValue ?? null };
    },
  );

  app.post('/system/config/clearCache', async (request) => {
    requirePermission(request.user, 'system:config:remove', 'system:config:edit');
    // Config is read from the database on every call; there is no server cache to clear.
    return done();
  });

  app.get<{ Params: { id: number } }>('/system/config/:id', { schema: { params: idParams } }, async (request) => {
    requirePermission(request.user, 'system:config:query', 'system:config:list');
    return ok(found(await findConfig(app.db, request.user.tenantId, request.params.id), '参数不存在'));
  });

  app.post<{ Body: Body }>('/system/config', { schema: { body: addBody } }, async (request) => {
    requirePermission(request.user, 'system:config:add');
    const { tenantId, userName } = request.user;
    if (await findConfigByKey(app.db, tenantId, request.body.configKey)) throw conflict(`新增参数'${request.body.configName}'失败，参数键名已存在`);
    const configId = await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.add }, (trx) => insertConfig(trx, tenantId, input(request.body), userName));
    return ok({ configId });
  });

  app.post<{ Body: Body & { configId: number } }>('/system/config/edit', { schema: { body: editBody } }, async (request) => {
    requirePermission(request.user, 'system:config:edit');
    const { tenantId, userName } = request.user;
    const b = request.body;
    found(await findConfig(app.db, tenantId, b.configId), '参数不存在');
    const other = await findConfigByKey(app.db, tenantId, b.configKey);
    if (other && other.configId !== b.configId) throw conflict(`修改参数'${b.configName}'失败，参数键名已存在`);
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.edit }, (trx) => updateConfig(trx, tenantId, b.configId, input(b), userName));
    return done();
  });

  app.post<{ Body: number[] }>('/system/config/delete', { schema: { body: idList } }, async (request) => {
    requirePermission(request.user, 'system:config:remove');
    const { tenantId } = request.user;
    const ids = [...new Set(request.body)];
    if ((await countConfigs(app.db, tenantId, ids)) !== ids.length) throw notFound('参数不存在');
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.delete }, (trx) => deleteConfigs(trx, tenantId, ids));
    return done('删除成功');
  });
};
