/**
 * Health endpoints for a load balancer or orchestrator (docs/deployment.md), both public:
 * - `GET /api/health/live` — liveness: the process answers (no database call), 200.
 * - `GET /api/health` — readiness: the database answers and every migration this build knows is
 *   applied; 200 `{code:200, msg:'ok', data:{status:'ok', database, migrations}}`, otherwise 503
 *   with `status:'unavailable'`, so the balancer sends nothing to a process that cannot serve (a
 *   new build started before its migrations ran, a lost database). During a graceful shutdown
 *   Fastify answers 503 to new requests while the ones under way finish.
 */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { LivenessAnswer, ReadinessAnswer } from '../../../shared/contract/system.js';
import { readiness } from '../../repositories/healthRepository.js';

export const healthRoutes: ContractPlugin = async (app) => {
  app.get('/health/live', { schema: { response: { 200: LivenessAnswer } }, config: { public: true } }, async () => ({ code: 200 as const, msg: 'ok', data: { status: 'ok' } }));

  app.get('/health', { schema: { response: { 200: ReadinessAnswer, 503: ReadinessAnswer } }, config: { public: true } }, async (_request, reply) => {
    const { database, pending } = await readiness(app.db);
    const ready = database === 'ok' && pending.length === 0;
    reply.header('Cache-Control', 'no-store');
    if (!ready) reply.code(503);
    return {
      code: ready ? 200 : 503,
      msg: ready ? 'ok' : database !== 'ok' ? '数据库不可用' : '数据库迁移未完成',
      data: { status: ready ? 'ok' : 'unavailable', database, migrations: { current: pending.length === 0, pending } },
    };
  });
};
