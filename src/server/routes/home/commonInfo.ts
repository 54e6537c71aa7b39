/**
 * /api/myCommonInfo: the caller's frequently used things (spec 02 §7 "Messages and home", the 常用功能
 * home module). bizType 2 = menu pages: the client records a visit whenever a menu page is opened,
 * and the page call answers the caller's most visited menus among those they may still see.
 */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { DoneEnvelope } from '../../../shared/contract/common.js';
import { CommonInfoPage, CommonInfoPageBody, CommonInfoVisitBody } from '../../../shared/contract/userState.js';
import { done, page } from '../../http/reply.js';
import { badRequest, notFound } from '../../http/HttpError.js';
import { visibleMenuPages } from '../../services/menuPages.js';
import { listMenuVisits, recordMenuVisit } from '../../repositories/menuVisitRepository.js';

/** The one kind of common info built: menus the user opens often. */
export const BIZ_TYPE_MENU = 2;

export const commonInfoRoutes: ContractPlugin = async (app) => {
  app.post(
    '/myCommonInfo/page/get',
    { schema: { body: CommonInfoPageBody, response: { 200: CommonInfoPage } } },
    async (request) => {
      const { bizType, pageNo = 1, pageSize = 10 } = request.body;
      if (bizType !== BIZ_TYPE_MENU) throw badRequest(`不支持的常用信息类型：${bizType}`);
      const { tenantId, userId } = request.user;
      const pages = await visibleMenuPages(app.db, request.user);
      // Menus the user can no longer see (deleted, disabled, permission taken away) drop out.
      const rows = (await listMenuVisits(app.db, tenantId, userId)).flatMap((v) => {
        const p = pages.get(v.menuId);
        return p ? [{ bizType, menuId: v.menuId, title: p.title, path: p.path, count: v.count, lastVisitTime: v.lastVisit }] : [];
      });
      return page(rows.slice((pageNo - 1) * pageSize, pageNo * pageSize), rows.length);
    },
  );

  // A usage counter written on every page open: not an operation-log entry (it would bury the
  // administrative writes the log is read for).
  app.post('/myCommonInfo/visit', { schema: { body: CommonInfoVisitBody, response: { 200: DoneEnvelope } } }, async (request) => {
    const { tenantId, userId } = request.user;
    const pages = await visibleMenuPages(app.db, request.user);
    if (!pages.has(request.body.menuId)) throw notFound('菜单不存在或无权访问');
    await recordMenuVisit(app.db, tenantId, userId, request.body.menuId);
    return done();
  });
};
