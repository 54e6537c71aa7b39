/**
 * 催办 (issue 30 item 2): the starter of a running instance urges its current assignees. Each open
 * task may be urged once an hour: tasks urged within the hour are left out, and when every open
 * task was, the starter is told when the next urge is possible. `now` is the caller's clock (the
 * route passes the real time; tests pass a moved one), stored with the history entry it is read
 * back from, so the limit holds across API processes.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { conflict, forbidden, tooMany } from '../../http/HttpError.js';
import { inTransaction } from '../../records/services/inTransaction.js';
import type { RecordCaller } from '../../records/services/recordContext.js';
import { insertMessages } from '../../repositories/messageRepository.js';
import { addUrges, urgedSince } from '../repositories/flowHistory.js';
import { tasksOfInstance } from '../repositories/flowTasks.js';
import { nickNames } from '../repositories/assignees.js';
import { loadRun, taskLink } from './flowRuntime.js';

/** How often one task may be urged. */
export const URGE_INTERVAL_MS = 60 * 60 * 1000;

/** Urges the open tasks of an instance not urged within the hour; answers how many were urged. */
export async function urge(db: Kysely<Database>, caller: RecordCaller, input: { instanceId: number }, now: Date = new Date()): Promise<number> {
  return inTransaction(db, async (trx) => {
    // The instance lock makes two urges at once count as two, so the second one is refused.
    const run = await loadRun(trx, caller.user.tenantId, input.instanceId, true);
    if (run.instance.starterId !== caller.user.userId) throw forbidden('只有发起人可以催办');
    if (run.instance.status !== 'running') throw conflict('流程已结束，无需催办');
    const open = (await tasksOfInstance(trx, run.instance.id)).filter((t) => t.status === 'open');
    if (!open.length) throw conflict('当前没有待处理的任务');
    const recent = await urgedSince(trx, run.instance.id, open.map((t) => t.id), new Date(now.getTime() - URGE_INTERVAL_MS));
    const due = open.filter((t) => !recent.has(t.id));
    if (!due.length) {
      const next = Math.min(...[...recent.values()].map((d) => d.getTime())) + URGE_INTERVAL_MS;
      const minutes = Math.max(1, Math.ceil((next - now.getTime()) / 60_000));
      throw tooMany(`每个任务每小时只能催办一次，请 ${minutes} 分钟后再试`);
    }
    const names = await nickNames(trx, run.tenantId, due.map((t) => t.assigneeId));
    const starter = caller.user.nickName || caller.user.userName;
    await insertMessages(trx as never, due.map((t) => ({
      tenantId: run.tenantId, userId: t.assigneeId, msgType: '1', link: taskLink(t.id),
      title: `催办：${run.instance.title}`,
      content: `${starter}催您尽快处理「${run.model.form.cnName}」在「${t.nodeName}」的审批`,
    })));
    await addUrges(trx, run.tenantId, run.instance.id, { userId: caller.user.userId, userName: starter },
      due.map((t) => ({ taskId: t.id, nodeId: t.nodeId, nodeName: t.nodeName, target: names.get(t.assigneeId) ?? String(t.assigneeId) })), now);
    return due.length;
  });
}
