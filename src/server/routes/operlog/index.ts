/** /api/system/operlog/list: the tenant's operation log (system:operlog:list). */
import { page } from '../../http/reply.js';
import type { ContractPlugin } from '../../http/typeProvider.js';
import { requirePermission } from '../../auth/permissions.js';
import { listOperLog } from '../../repositories/operLogRepository.js';
import { OperLogPage, OperLogQuery } from '../../../shared/contract/operLog.js';

export const operLogRoutes: ContractPlugin = async (app) => {
  app.get('/system/operlog/list', { schema: { querystring: OperLogQuery, response: { 200: OperLogPage } } }, async (request) => {
    requirePermission(request.user, 'system:operlog:list');
    const q = request.query;
    const { rows, total } = await listOperLog(app.db, request.user.tenantId, q, q.pageNum, q.pageSize);
    return page(rows, total);
  });
};
