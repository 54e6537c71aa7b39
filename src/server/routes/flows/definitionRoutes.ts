/** /api/flowable/definition: process definitions of flow forms (docs/api-flows.md). */
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/reply.js';
import { notFound } from '../../http/HttpError.js';
import { requirePermission } from '../../auth/permissions.js';
import { id, obj, str } from '../../http/schemas.js';
import { deployFlow, type DeployInput } from '../../flows/services/deployFlow.js';
import { definitionById, latestDefinition, listDefinitions } from '../../flows/repositories/flowDefinitions.js';
import { BUSINESS_TYPE, withOperation } from '../../services/operationLog.js';

/** Permission strings of flow definitions (administrators pass every check). */
export const flowDefPerm = (action: 'list' | 'deploy') => `flowable:definition:${action}`;

const fieldList = { type: 'array', items: str({ max: 63 }), maxItems: 500 } as const;
const deploySchema = obj({
  formName: str({ min: 1, max: 63 }),
  name: str({ max: 100 }),
  xml: str({ min: 1, max: 1_000_000 }),
  nodeFields: { type: 'object', maxProperties: 200, additionalProperties: obj({ hidden: fieldList, editable: fieldList }) },
}, ['formName', 'xml']);

export const flowDefinitionRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: DeployInput }>('/flowable/definition/deploy', { schema: { body: deploySchema } }, async (request) => {
    requirePermission(request.user, flowDefPerm('deploy'));
    const { tenantId, userName } = request.user;
    const result = await withOperation(app.db, request, { title: '流程定义', businessType: BUSINESS_TYPE.add, param: { formName: request.body.formName } },
      (trx) => deployFlow(trx, tenantId, userName, request.body));
    return ok(result);
  });

  app.get<{ Querystring: { formName?: string } }>('/flowable/definition/list', { schema: { querystring: { type: 'object', properties: { formName: str({ max: 63 }) } } } }, async (request) => {
    requirePermission(request.user, flowDefPerm('list'), flowDefPerm('deploy'));
    return ok(await listDefinitions(app.db, request.user.tenantId, request.query.formName || undefined));
  });

  app.get<{ Params: { formName: string } }>('/flowable/definition/latest/:formName', async (request) => {
    requirePermission(request.user, flowDefPerm('list'), flowDefPerm('deploy'));
    return ok((await latestDefinition(app.db, request.user.tenantId, request.params.formName)) ?? null);
  });

  app.get<{ Params: { id: number } }>('/flowable/definition/:id', { schema: { params: obj({ id }, ['id']) } }, async (request) => {
    requirePermission(request.user, flowDefPerm('list'), flowDefPerm('deploy'));
    const d = await definitionById(app.db, request.user.tenantId, request.params.id);
    if (!d) throw notFound('流程定义不存在');
    return ok(d);
  });
};
