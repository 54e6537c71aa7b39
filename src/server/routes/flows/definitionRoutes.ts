/** /api/flowable/definition: process definitions of flow forms (docs/api-flows.md). */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok } from '../../http/reply.js';
import { notFound } from '../../http/HttpError.js';
import { requirePermission } from '../../auth/permissions.js';
import { deployFlow } from '../../flows/services/deployFlow.js';
import { definitionById, latestDefinition, listDefinitions } from '../../flows/repositories/flowDefinitions.js';
import { BUSINESS_TYPE, withOperation } from '../../services/operationLog.js';

/** Permission strings of flow definitions (administrators pass every check). */
export const flowDefPerm = (action: 'list' | 'deploy') => `flowable:definition:${action}`;

import {
  DefinitionAnswer,
  DefinitionFormPath,
  DefinitionIdPath,
  DefinitionListQuery,
  DefinitionsAnswer,
  DeployBody,
  DeployedAnswer,
  OptionalDefinitionAnswer,
} from '../../../shared/contract/flows.js';

export const flowDefinitionRoutes: ContractPlugin = async (app) => {
  app.post('/flowable/definition/deploy', { schema: { body: DeployBody, response: { 200: DeployedAnswer } } }, async (request) => {
    requirePermission(request.user, flowDefPerm('deploy'));
    const { tenantId, userName } = request.user;
    const result = await withOperation(app.db, request, { title: '流程定义', businessType: BUSINESS_TYPE.add, param: { formName: request.body.formName } },
      (trx) => deployFlow(trx, tenantId, userName, request.body));
    return ok(result);
  });

  app.get('/flowable/definition/list', { schema: { querystring: DefinitionListQuery, response: { 200: DefinitionsAnswer } } }, async (request) => {
    requirePermission(request.user, flowDefPerm('list'), flowDefPerm('deploy'));
    return ok(await listDefinitions(app.db, request.user.tenantId, request.query.formName || undefined));
  });

  app.get('/flowable/definition/latest/:formName', { schema: { params: DefinitionFormPath, response: { 200: OptionalDefinitionAnswer } } }, async (request) => {
    requirePermission(request.user, flowDefPerm('list'), flowDefPerm('deploy'));
    return ok((await latestDefinition(app.db, request.user.tenantId, request.params.formName)) ?? null);
  });

  app.get('/flowable/definition/:id', { schema: { params: DefinitionIdPath, response: { 200: DefinitionAnswer } } }, async (request) => {
    requirePermission(request.user, flowDefPerm('list'), flowDefPerm('deploy'));
    const d = await definitionById(app.db, request.user.tenantId, request.params.id);
    if (!d) throw notFound('流程定义不存在');
    return ok(d);
  });
};
