/**
 * /api/rollingAnnounce: the tenant's rolling announcements (spec 02 §7 "Messages and home", the
 * 滚动公告 home module). Every signed-in user reads the shown ones; holders of
 * `system:announce:list|add|edit|remove` (admin) administer them. Always the caller's tenant only.
 */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { done, ok, page } from '../../http/reply.js';
import { badRequest, found, notFound } from '../../http/HttpError.js';
import { DoneEnvelope, IdList } from '../../../shared/contract/common.js';
import * as c from '../../../shared/contract/announcements.js';
import { requirePermission } from '../../auth/permissions.js';
import { BUSINESS_TYPE, withOperation } from '../../services/operationLog.js';
import {
  deleteAnnouncements,
  findAnnouncement,
  insertAnnouncement,
  listActiveAnnouncements,
  pageAnnouncements,
  updateAnnouncement,
  type AnnounceInput,
} from '../../repositories/rollingAnnounceRepository.js';

export const ANNOUNCE_PERMISSIONS = {
  list: 'system:announce:list',
  add: 'system:announce:add',
  edit: 'system:announce:edit',
  remove: 'system:announce:remove',
} as const;

export const ANNOUNCE_CONTENT_MAX = 500;

function parseDate(text: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!m) return undefined;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3] ? m[0] : undefined;
}

function validateAnnouncement(b: c.AnnouncementBody): AnnounceInput {
  const content = (b.content ?? '').trim();
  if (!content) throw badRequest('公告内容不能为空', [{ field: 'content', message: '公告内容不能为空' }]);
  if (content.length > ANNOUNCE_CONTENT_MAX) throw badRequest(`公告内容长度不能超过${ANNOUNCE_CONTENT_MAX}个字符`, [{ field: 'content', message: `公告内容长度不能超过${ANNOUNCE_CONTENT_MAX}个字符` }]);
  const date = (v: string | null | undefined, label: string, field: string) => {
    if (!v?.trim()) return null;
    const d = parseDate(v);
    if (!d) throw badRequest(`${label}格式不正确，应为 YYYY-MM-DD`, [{ field, message: `${label}格式不正确` }]);
    return d;
  };
  const startDate = date(b.startDate, '开始日期', 'startDate');
  const endDate = date(b.endDate, '结束日期', 'endDate');
  if (startDate && endDate && endDate < startDate) throw badRequest('结束日期不能早于开始日期', [{ field: 'endDate', message: '结束日期不能早于开始日期' }]);
  return { content, startDate, endDate, status: b.status ?? '0', sort: b.sort ?? 0 };
}

/** The server's calendar day, `YYYY-MM-DD`. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

export const announceRoutes: ContractPlugin = async (app) => {
  app.get(
    '/rollingAnnounce/list',
    { schema: { querystring: c.ActiveAnnouncementsQuery, response: { 200: c.AnnouncementList } } },
    async (request) => ok(await listActiveAnnouncements(app.db, request.user.tenantId, today(), request.query.limit ?? 10)),
  );

  app.get(
    '/rollingAnnounce/page',
    { schema: { querystring: c.AnnouncementPageQuery, response: { 200: c.AnnouncementPage } } },
    async (request) => {
      requirePermission(request.user, ANNOUNCE_PERMISSIONS.list);
      const { rows, total } = await pageAnnouncements(app.db, request.user.tenantId, request.query.pageNum, request.query.pageSize);
      return page(rows, total);
    },
  );

  app.post('/rollingAnnounce/add', { schema: { body: c.AddAnnouncementBody, response: { 200: c.AnnouncementSaved } } }, async (request) => {
    requirePermission(request.user, ANNOUNCE_PERMISSIONS.add);
    const a = validateAnnouncement(request.body ?? {});
    const { tenantId, userName } = request.user;
    const newId = await withOperation(app.db, request, { title: '滚动公告', businessType: BUSINESS_TYPE.add, param: a }, (trx) => insertAnnouncement(trx, tenantId, a, userName));
    return ok(found(await findAnnouncement(app.db, tenantId, newId)), '新增成功');
  });

  app.post('/rollingAnnounce/edit', { schema: { body: c.EditAnnouncementBody, response: { 200: c.AnnouncementSaved } } }, async (request) => {
    requirePermission(request.user, ANNOUNCE_PERMISSIONS.edit);
    const a = validateAnnouncement(request.body);
    const { tenantId } = request.user;
    const announceId = request.body.id;
    await withOperation(app.db, request, { title: '滚动公告', businessType: BUSINESS_TYPE.edit, param: { id: announceId, ...a } }, async (trx) => {
      if (!(await updateAnnouncement(trx, tenantId, announceId, a))) throw notFound();
    });
    return ok(found(await findAnnouncement(app.db, tenantId, announceId)), '修改成功');
  });

  app.post('/rollingAnnounce/delete', { schema: { body: IdList, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, ANNOUNCE_PERMISSIONS.remove);
    const ids = [...new Set(request.body)];
    const { tenantId } = request.user;
    await withOperation(app.db, request, { title: '滚动公告', businessType: BUSINESS_TYPE.delete, param: ids }, async (trx) => {
      // Another tenant's id (or a made-up one) refuses the whole call: nothing is deleted.
      if ((await deleteAnnouncements(trx, tenantId, ids)) !== ids.length) throw notFound();
    });
    return done('删除成功');
  });
};
