/**
 * /api/flowable/task and /api/flowable/instance: the lists (我的待办, 我的已办, 我发起的), a task
 * and an instance for the screens, and the actions (docs/api-flows.md). RuoYi-Flowable naming.
 */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok, page } from '../../http/reply.js';
import { requirePermission } from '../../auth/permissions.js';
import { callerOf, idParam } from '../auto/caller.js';
import { countTodo, listTasks } from '../../flows/repositories/flowTasks.js';
import { listStarted } from '../../flows/repositories/flowInstances.js';
import { listCc } from '../../flows/repositories/flowCc.js';
import { addSign, approve, reassign, reject, transfer, withdraw } from '../../flows/services/taskActions.js';
import { urge } from '../../flows/services/urge.js';
import { instanceDiagram, instanceView, recordInstance, taskView } from '../../flows/services/flowQueries.js';

/** Permission of the administrators' reassign. */
export const REASSIGN_PERM = 'flowable:task:reassign';

import {
  ActionDone,
  AddSignBody,
  CcPage,
  CompleteBody,
  DiagramAnswer,
  FlowIdPath,
  FlowRecordPath,
  InstanceViewAnswer,
  ReassignBody,
  RecordInstanceAnswer,
  RejectBody,
  RevokeBody,
  StartedPage,
  TaskListQuery,
  TaskViewAnswer,
  TaskPage,
  TodoCountAnswer,
  TransferBody,
  UrgeBody,
} from '../../../shared/contract/flows.js';

const list = { querystring: TaskListQuery, response: { 200: TaskPage } };
const started = { querystring: TaskListQuery, response: { 200: StartedPage } };
const ccList = { querystring: TaskListQuery, response: { 200: CcPage } };
const action = <B>(body: B) => ({ body, response: { 200: ActionDone } });
const clean = <T extends { comment?: string | null }>(b: T) => ({ ...b, comment: b.comment ?? '' });

export const flowTaskRoutes: ContractPlugin = async (app) => {
  app.get('/flowable/task/todoList', { schema: list }, async (request) => {
    const q = request.query;
    const r = await listTasks(app.db, request.user.tenantId, request.user.userId, 'todo', q.keyword?.trim() || undefined, q.pageNum, q.pageSize, app.now());
    return page(r.rows, r.total);
  });
  app.get('/flowable/task/finishedList', { schema: list }, async (request) => {
    const q = request.query;
    const r = await listTasks(app.db, request.user.tenantId, request.user.userId, 'done', q.keyword?.trim() || undefined, q.pageNum, q.pageSize, app.now());
    return page(r.rows, r.total);
  });
  app.get('/flowable/task/myProcess', { schema: started }, async (request) => {
    const q = request.query;
    const r = await listStarted(app.db, request.user.tenantId, request.user.userId, q.keyword?.trim() || undefined, q.pageNum, q.pageSize);
    return page(r.rows, r.total);
  });
  app.get('/flowable/task/ccList', { schema: ccList }, async (request) => {
    const q = request.query;
    const r = await listCc(app.db, request.user.tenantId, request.user.userId, q.keyword?.trim() || undefined, q.pageNum, q.pageSize);
    return page(r.rows, r.total);
  });
  app.get('/flowable/task/todoCount', { schema: { response: { 200: TodoCountAnswer } } }, async (request) => ok(await countTodo(app.db, request.user.tenantId, request.user.userId)));

  app.get('/flowable/task/:id', { schema: { params: FlowIdPath, response: { 200: TaskViewAnswer } } }, async (request) => ok(await taskView(app.db, request.user, idParam(request.params.id), app.now())));
  app.get('/flowable/instance/:id', { schema: { params: FlowIdPath, response: { 200: InstanceViewAnswer } } }, async (request) => ok(await instanceView(app.db, request.user, idParam(request.params.id))));
  app.get('/flowable/instance/:id/diagram', { schema: { params: FlowIdPath, response: { 200: DiagramAnswer } } }, async (request) => ok(await instanceDiagram(app.db, request.user, idParam(request.params.id))));
  app.get('/flowable/instance/record/:form/:id', { schema: { params: FlowRecordPath, response: { 200: RecordInstanceAnswer } } }, async (request) =>
    ok(await recordInstance(app.db, request.user, request.params.form, idParam(request.params.id))));

  app.post('/flowable/task/complete', { schema: action(CompleteBody) }, async (request) => {
    await approve(app.db, callerOf(request), clean(request.body));
    return ok(null, '审批成功');
  });
  app.post('/flowable/task/reject', { schema: action(RejectBody) }, async (request) => {
    await reject(app.db, callerOf(request), clean(request.body));
    return ok(null, '驳回成功');
  });
  app.post('/flowable/task/urge', { schema: action(UrgeBody) }, async (request) => {
    const n = await urge(app.db, callerOf(request), request.body);
    return ok(null, `已催办 ${n} 个待办任务`);
  });
  app.post('/flowable/task/revokeProcess', { schema: action(RevokeBody) }, async (request) => {
    await withdraw(app.db, callerOf(request), clean(request.body));
    return ok(null, '撤回成功');
  });
  app.post('/flowable/task/assignTask', { schema: action(TransferBody) }, async (request) => {
    await transfer(app.db, callerOf(request), clean(request.body));
    return ok(null, '转签成功');
  });
  app.post('/flowable/task/addSign', { schema: action(AddSignBody) }, async (request) => {
    await addSign(app.db, callerOf(request), clean(request.body));
    return ok(null, '加签成功');
  });
  app.post('/flowable/task/reassign', { schema: action(ReassignBody) }, async (request) => {
    requirePermission(request.user, REASSIGN_PERM);
    await reassign(app.db, callerOf(request), clean(request.body));
    return ok(null, '操作成功');
  });
};
