/**
 * `GET /api/public/dashboard/{key}?tenantCode=&param=` (ADR 1056): a dashboard marked 公开访问
 * read without a token, each panel over the portal's published records and fields only
 * (dashboards/publicDashboard.ts). The portal's rules apply as they are: the tenant by
 * `tenantCode` (default DEFAULT), a per-address limit, `Cache-Control: public, max-age=30` and
 * an ETag, answered 304 while nothing it shows changed.
 */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok } from '../../http/reply.js';
import { takePublicAttempt } from '../../public/publicThrottle.js';
import { publicDashboard } from '../../dashboards/publicDashboard.js';
import { cacheHeaders, NotModified } from '../public/portalRoutes.js';
import { DashboardKeyPath, PublicDashboardAnswer, PublicDashboardQuery } from '../../../shared/contract/dashboards.js';

/** Registers the public dashboard read. */
export const publicDashboardRoutes: ContractPlugin = async (app) => {
  const dbs = { db: app.db, readDb: app.readDb };
  app.get('/public/dashboard/:key', {
    schema: { params: DashboardKeyPath, querystring: PublicDashboardQuery, response: { 200: PublicDashboardAnswer, 304: NotModified } },
    config: { public: true },
  }, async (request, reply) => {
    await takePublicAttempt(app.db, 'publicDashboard', request.ip, app.now());
    const { data, version } = await publicDashboard(dbs, request.query.tenantCode, request.params.key, request.query.param);
    if (cacheHeaders(request, reply, version)) return reply.code(304).serializer(() => '').send(null);
    return ok(data);
  });
};
