/**
 * /api/flowable/task and /api/flowable/instance: the lists (我的待办, 我的已办, 我发起的), a task
 * and an instance for the screens, and the actions (docs/api-flows.md). RuoYi-Flowable naming.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ok, page } from '../../http/reply.js';
import { requirePermission } from '../../auth/permissions.js';
import { id, obj, optStr, pageProps } from '../../http/schemas.js';
import { callerOf, idParam } from '../auto/caller.js';
import { countTodo, listTasks } from '../../flows/repositories/flowTasks.js';
import { listStarted } from '../../flows/repositories/flowInstances.js';
import { addSign, approve, reassign, reject, transfer, withdraw } from '../../flows/services/taskActions.js';
import { instanceDiagram, instanceView, recordInstance, taskView } from '../../flows/services/flowQueries.js';

/** Permission of the administrators' reassign. */
export const REASSIGN_PERM = 'flowable:task:reassign';

const listSchema = { type: 'object', properties: { ...pageProps, keyword: { type: 'string', maxLength: 100 } } } as const;
type ListQuery = { pageNum: number; pageSize: number; keyword?: string };

const comment = optStr(1000);
const attachments = { type: 'array', maxItems: 20, items: obj({ name: { type: 'string', maxLength: 255 }, url: { type: 'string', maxLength: 1000 } }, ['name', 'url']) } as const;
const base = { taskId: id, comment, attachments };
const schemas = {
  complete: obj({ ...base, data: { type: 'object', maxProperties: 500 } }, ['taskId']),
  reject: obj({ ...base, targetNodeId: optStr(200) }, ['taskId']),
  transfer: obj({ ...base, userId: id }, ['taskId', 'userId']),
  addSign: obj({ ...base, userIds: { type: 'array', items: id, minItems: 1, maxItems: 20 }, position: { type: 'string', enum: ['before', 'after'] } }, ['taskId', 'userIds', 'position']),
  revoke: obj({ instanceId: id, comment }, ['instanceId']),
  reassign: obj({ taskId: id, userId: id, comment }, ['taskId', 'userId']),
};
const clean = <T extends { comment?: string | null }>(b: T) => ({ ...b, comment: b.comment ?? '' });

export const flowTaskRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: ListQuery }>('/flowable/task/todoList', { schema: { querystring: listSchema } }, async (request) => {
    const q = request.query;
    const r = await listTasks(app.db, request.user.tenantId, request.user.userId, 'todo', q.keyword?.trim() || undefined, q.pageNum, q.pageSize);
    return page(r.rows, r.total);
  });
  app.get<{ Querystring: ListQuery }>('/flowable/task/finishedList', { schema: { querystring: listSchema } }, async (request) => {
    const q = request.query;
    const r = await listTasks(app.db, request.user.tenantId, request.user.userId, 'done', q.keyword?.trim() || undefined, q.pageNum, q.pageSize);
    return page(r.rows, r.total);
  });
  app.get<{ Querystring: ListQuery }>('/flowable/task/myProcess', { schema: { querystring: listSchema } }, async (request) => {
    const q = request.query;
    const r = await listStarted(app.db, request.user.tenantId, request.user.userId, q.keyword?.trim() || undefined, q.pageNum, q.pageSize);
    return page(r.rows, r.total);
  });
  app.get('/flowable/task/todoCount', async (request) => ok(await countTodo(app.db, request.user.tenantId, request.user.userId)));

  app.get<{ Params: { id: string } }>('/flowable/task/:id', async (request) => ok(await taskView(app.db, request.user, idParam(request.params.id))));
  app.get<{ Params: { id: string } }>('/flowable/instance/:id', async (request) => ok(await instanceView(app.db, request.user, idParam(request.params.id))));
  app.get<{ Params: { id: string } }>('/flowable/instance/:id/diagram', async (request) => ok(await instanceDiagram(app.db, request.user, idParam(request.params.id))));
  app.get<{ Params: { form: string; id: string } }>('/flowable/instance/record/:form/:id', async (request) =>
    ok(await recordInstance(app.db, request.user, request.params.form, idParam(request.params.id))));

  app.post<{ Body: { taskId: number; comment?: string; attachments?: unknown[]; data?: Record<string, unknown> } }>('/flowable/task/complete', { schema: { body: schemas.complete } }, async (request) => {
    await approve(app.db, callerOf(request), clean(request.body));
    return ok(null, '审批成功');
  });
  app.post<{ Body: { taskId: number; comment?: string; attachments?: unknown[]; targetNodeId?: string | null } }>('/flowable/task/reject', { schema: { body: schemas.reject } }, async (request) => {
    await reject(app.db, callerOf(request), clean(request.body));
    return ok(null, '驳回成功');
  });
  app.post<{ Body: { instanceId: number; comment?: string } }>('/flowable/task/revokeProcess', { schema: { body: schemas.revoke } }, async (request) => {
    await withdraw(app.db, callerOf(request), clean(request.body));
    return ok(null, '撤回成功');
  });
  app.post<{ Body: { taskId: number; userId: number; comment?: string; attachments?: unknown[] } }>('/flowable/task/assignTask', { schema: { body: schemas.transfer } }, async (request) => {
    await transfer(app.db, callerOf(request), clean(request.body));
    return ok(null, '转签成功');
  });
  app.post<{ Body: { taskId: number; userIds: number[]; position: 'before' | 'after'; comment?: string; attachments?: unknown[] } }>('/flowable/task/addSign', { schema: { body: schemas.addSign } }, async (request) => {
    await addSign(app.db, callerOf(request), clean(request.body));
    return ok(null, '加签成功');
  });
  app.post<{ Body: { taskId: number; userId: number; comment?: string } }>('/flowable/task/reassign', { schema: { body: schemas.reassign } }, async (request) => {
    requirePermission(request.user, REASSIGN_PERM);
    await reassign(app.db, callerOf(request), clean(request.body));
    return ok(null, '操作成功');
  });
};
