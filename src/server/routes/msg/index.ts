/**
 * /api/msg: the signed-in user's in-app messages (spec 02 §7 "Messages and home"). Every call is
 * bound to the caller's tenant and user id; another user's message is "not found".
 */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok, page } from '../../http/reply.js';
import { badRequest, notFound } from '../../http/HttpError.js';
import { BUSINESS_TYPE, withOperation } from '../../services/operationLog.js';
import { countUnread, listMessages, ownMessageIds, setMessagesRead } from '../../repositories/messageRepository.js';
import { MessagePage, MessagePageBody, MessagesUpdated, MessageUpdateBody, UnreadCount } from '../../../shared/contract/messages.js';

export const msgRoutes: ContractPlugin = async (app) => {
  app.post('/msg/detail/page/get', { schema: { body: MessagePageBody, response: { 200: MessagePage } } }, async (request) => {
    const b = request.body ?? {};
    const { tenantId, userId } = request.user;
    const filters = { isRead: b.isRead ?? undefined, keyword: b.keyword?.trim() || undefined, msgType: b.msgType?.trim() || undefined };
    const { rows, total } = await listMessages(app.db, tenantId, userId, filters, b.pageNum ?? 1, b.pageSize ?? 10);
    return page(rows, total);
  });

  app.post('/msg/detail/batch/update', { schema: { body: MessageUpdateBody, response: { 200: MessagesUpdated } } }, async (request) => {
    const { ids, all, isRead = true } = request.body ?? {};
    const { tenantId, userId } = request.user;
    if (!all && !ids?.length) throw badRequest('请选择消息');
    let target: number[] | null = null;
    if (!all) {
      const wanted = [...new Set(ids)];
      const own = await ownMessageIds(app.db, tenantId, userId, wanted);
      // Someone else's id (or a made-up one) refuses the whole call: nothing is changed.
      if (own.length !== wanted.length) throw notFound();
      target = wanted;
    }
    const updated = await withOperation(app.db, request, { title: '消息中心', businessType: BUSINESS_TYPE.edit, param: { ids: target ?? 'all', isRead } }, (trx) =>
      setMessagesRead(trx, tenantId, userId, target, isRead),
    );
    return ok({ updated, unread: await countUnread(app.db, tenantId, userId) });
  });

  app.get('/msg/task/unread/count', { schema: { response: { 200: UnreadCount } } }, async (request) => ok(await countUnread(app.db, request.user.tenantId, request.user.userId)));
};
