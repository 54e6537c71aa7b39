/** /api/system/outapilog: the tenant's 外部接口日志 (system:outapilog:list), list and one call's detail. */
import { ok, page } from '../../http/reply.js';
import { notFound } from '../../http/HttpError.js';
import type { ContractPlugin } from '../../http/typeProvider.js';
import { requirePermission } from '../../auth/permissions.js';
import { findOutApiLog, listOutApiLog } from '../../providers/outApiLogRepository.js';
import { OutApiLogAnswer, OutApiLogPage, OutApiLogParams, OutApiLogQuery } from '../../../shared/contract/outApiLog.js';

export const outApiLogRoutes: ContractPlugin = async (app) => {
  app.get('/system/outapilog/list', { schema: { querystring: OutApiLogQuery, response: { 200: OutApiLogPage } } }, async (request) => {
    requirePermission(request.user, 'system:outapilog:list');
    const q = request.query;
    const { rows, total } = await listOutApiLog(app.db, request.user.tenantId, q, q.pageNum, q.pageSize);
    return page(rows, total);
  });
  app.get('/system/outapilog/:id', { schema: { params: OutApiLogParams, response: { 200: OutApiLogAnswer } } }, async (request) => {
    requirePermission(request.user, 'system:outapilog:list');
    const row = await findOutApiLog(app.db, request.user.tenantId, request.params.id);
    if (!row) throw notFound();
    return ok(row);
  });
};
