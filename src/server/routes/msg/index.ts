/**
 * /api/msg: the signed-in user's in-app messages (spec 02 §7 "Messages and home"). Every call is
 * bound to the caller's tenant and user id; another user's message is "not found".
 */
import type { FastifyPluginAsync } from 'fastify';
import { ok, page } from '../../http/reply.js';
import { badRequest, notFound } from '../../http/HttpError.js';
import { id, obj, optStr } from '../../http/schemas.js';
import { BUSINESS_TYPE, withOperation } from '../../services/operationLog.js';
import { countUnread, listMessages, ownMessageIds, setMessagesRead } from '../../repositories/messageRepository.js';

interface PageBody {
  pageNum?: number;
  pageSize?: number;
  isRead?: boolean | null;
  keyword?: string | null;
  msgType?: string | null;
}

interface UpdateBody {
  ids?: number[];
  all?: boolean;
  isRead?: boolean;
}

const pageSchema = obj({
  pageNum: { type: 'integer', minimum: 1, maximum: 10_000_000 },
  pageSize: { type: 'integer', minimum: 1, maximum: 100 },
  isRead: { type: ['boolean', 'null'] },
  keyword: optStr(100),
  msgType: optStr(16),
});

const updateSchema = obj({
  ids: { type: 'array', items: id, maxItems: 1000 },
  all: { type: 'boolean' },
  isRead: { type: 'boolean' },
});

export const msgRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: PageBody }>('/msg/detail/page/get', { schema: { body: pageSchema } }, async (request) => {
    const b = request.body ?? {};
    const { tenantId, userId } = request.user;
    const filters = { isRead: b.isRead ?? undefined, keyword: b.keyword?.trim() || undefined, msgType: b.msgType?.trim() || undefined };
    const { rows, total } = await listMessages(app.db, tenantId, userId, filters, b.pageNum ?? 1, b.pageSize ?? 10);
    return page(rows, total);
  });

  app.post<{ Body: UpdateBody }>('/msg/detail/batch/update', { schema: { body: updateSchema } }, async (request) => {
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

  app.get('/msg/task/unread/count', async (request) => ok(await countUnread(app.db, request.user.tenantId, request.user.userId)));
};
