/**
 * `/api/dashboard…` (docs/api-dashboards.md): dashboards of the tenant. Administration (list,
 * add, edit, delete, panel preview) needs `system:dashboard:*`; reading a dashboard and its data
 * needs a signed-in user of the tenant, each panel's data then the list permission of its form.
 */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok, done } from '../../http/reply.js';
import { conflict, found, notFound } from '../../http/HttpError.js';
import { requirePermission } from '../../auth/permissions.js';
import { BUSINESS_TYPE, withOperation } from '../../services/operationLog.js';
import { dashboardIdByKey, deleteDashboards, findDashboard, findDashboardByKey, insertDashboard, listDashboards, updateDashboard, type DashboardInput } from '../../dashboards/dashboardRepository.js';
import { checkPanels } from '../../dashboards/checkPanels.js';
import { checkPublicPanels } from '../../dashboards/publicDashboard.js';
import { activeTenant } from '../../public/anonymousForms.js';
import type { AuthUser } from '../../auth/types.js';
import { dashboardData, panelData } from '../../dashboards/panelData.js';
import {
  DashboardAddBody, DashboardAnswer, DashboardCreated, DashboardDataAnswer, DashboardDataQuery, DashboardDeleteBody, DashboardEditBody, DashboardIdPath,
  DashboardKeyPath, DashboardPage, DoneEnvelope, PanelPreviewAnswer, PanelPreviewBody, type Panel,
} from '../../../shared/contract/dashboards.js';

const TITLE = '仪表盘';
/** Panels of one dashboard read at once on PostgreSQL: a share of the pool (10 by default), leaving the rest to other requests. */
const PANEL_CONCURRENCY = 4;
const MISSING = '仪表盘不存在';
const perm = (action: 'list' | 'query' | 'add' | 'edit' | 'remove') => `system:dashboard:${action}`;
/** Ids in the path are digits; anything else is the 404 of a missing dashboard. */
const idOf = (raw: string): number => { if (!/^\d{1,9}$/.test(raw)) throw notFound(MISSING); return Number(raw); };

/** Registers the dashboard calls. */
export const dashboardRoutes: ContractPlugin = async (app) => {
  // On PostgreSQL a dashboard's panels are read 4 at a time from the pool (ADR 1075).
  const dbs = { db: app.db, readDb: app.readDb, concurrency: app.database.kind === 'postgres' ? PANEL_CONCURRENCY : 1 };
  const input = (b: { name: string; routeKey?: string | null; refreshSeconds?: number; panels: Panel[]; isPublic?: boolean }): DashboardInput =>
    ({ name: b.name.trim(), routeKey: b.routeKey || null, refreshSeconds: b.refreshSeconds ?? 60, panels: b.panels, isPublic: b.isPublic === true });
  /** A save's checks: panels readable, and for 公开访问 over published records and fields only (ADR 1056). */
  const check = async (user: AuthUser, d: DashboardInput) => {
    await checkPanels(app.db, user, d.panels);
    if (d.isPublic) await checkPublicPanels(app.db, await activeTenant(app.db, user.tenantCode), d.routeKey, d.panels);
  };
  const uniqueKey = async (tenantId: number, key: string | null, id?: number) => {
    if (!key) return;
    const other = await dashboardIdByKey(app.db, tenantId, key);
    if (other !== undefined && other !== id) throw conflict(`页面路径'${key}'已被其他仪表盘使用`);
  };

  app.get('/dashboard/list', { schema: { response: { 200: DashboardPage } } }, async (request) => {
    requirePermission(request.user, perm('list'), perm('query'));
    const rows = await listDashboards(app.db, request.user.tenantId);
    return { code: 200 as const, msg: '查询成功', rows, total: rows.length };
  });

  app.get('/dashboard/key/:key', { schema: { params: DashboardKeyPath, response: { 200: DashboardAnswer } } }, async (request) =>
    ok(found(await findDashboardByKey(app.db, request.user.tenantId, request.params.key), MISSING)));

  app.get('/dashboard/:id', { schema: { params: DashboardIdPath, response: { 200: DashboardAnswer } } }, async (request) =>
    ok(found(await findDashboard(app.db, request.user.tenantId, idOf(request.params.id)), MISSING)));

  app.get('/dashboard/:id/data', { schema: { params: DashboardIdPath, querystring: DashboardDataQuery, response: { 200: DashboardDataAnswer } } }, async (request) => {
    const d = found(await findDashboard(app.db, request.user.tenantId, idOf(request.params.id)), MISSING);
    return ok({ version: d.version, panels: await dashboardData(dbs, request.user, d.panels, request.query.param) });
  });

  app.post('/dashboard/preview', { schema: { body: PanelPreviewBody, response: { 200: PanelPreviewAnswer } } }, async (request) => {
    requirePermission(request.user, perm('add'), perm('edit'));
    return ok(await panelData(dbs, request.user, request.body.panel));
  });

  app.post('/dashboard', { schema: { body: DashboardAddBody, response: { 200: DashboardCreated } } }, async (request) => {
    requirePermission(request.user, perm('add'));
    const d = input(request.body);
    await check(request.user, d);
    await uniqueKey(request.user.tenantId, d.routeKey);
    const id = await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.add }, (trx) => insertDashboard(trx, request.user.tenantId, d, request.user.userName));
    return ok({ id });
  });

  app.post('/dashboard/edit', { schema: { body: DashboardEditBody, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, perm('edit'));
    const d = input(request.body);
    const { id, version } = request.body;
    found(await findDashboard(app.db, request.user.tenantId, id), MISSING);
    await check(request.user, d);
    await uniqueKey(request.user.tenantId, d.routeKey, id);
    const saved = await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.edit }, (trx) => updateDashboard(trx, request.user.tenantId, id, version, d, request.user.userName));
    if (!saved) throw conflict('仪表盘已被他人修改，请刷新后重试');
    return done();
  });

  app.post('/dashboard/delete', { schema: { body: DashboardDeleteBody, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, perm('remove'));
    const n = await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.delete }, (trx) => deleteDashboards(trx, request.user.tenantId, request.body));
    if (!n) throw notFound(MISSING);
    return done();
  });
};
