/** /api/system/operlog/list: the tenant's operation log (system:operlog:list). */
import type { FastifyPluginAsync } from 'fastify';
import { page } from '../../http/reply.js';
import { str } from '../../http/schemas.js';
import { requirePermission } from '../../auth/permissions.js';
import { listOperLog } from '../../repositories/operLogRepository.js';

const listQuery = {
  type: 'object',
  properties: {
    pageNum: { type: 'integer', minimum: 1, maximum: 10_000_000, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 1000, default: 10 },
    title: str({ max: 100 }),
    operName: str({ max: 64 }),
    businessType: { type: 'integer', minimum: 0, maximum: 99 },
    status: { type: 'integer', enum: [0, 1] },
  },
} as const;

export const operLogRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { pageNum: number; pageSize: number; title?: string; operName?: string; businessType?: number; status?: number } }>(
    '/system/operlog/list',
    { schema: { querystring: listQuery } },
    async (request) => {
      requirePermission(request.user, 'system:operlog:list');
      const q = request.query;
      const { rows, total } = await listOperLog(app.db, request.user.tenantId, q, q.pageNum, q.pageSize);
      return page(rows, total);
    },
  );
};
