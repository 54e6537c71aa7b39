/**
 * What a passed 审批期限 does (ADR 1049), for one instance claimed by the scheduler and locked:
 * the advance reminder (即将超时), then at the due instant 仅提醒, 自动通过 or 转交上级. Each goes
 * through the same steps as a person's action (the instance lock, the task's conditional update,
 * history, 消息中心 messages, the countersign rule and the engine step), and each task's deadline
 * is taken by a conditional UPDATE first, so it fires once however often it is claimed.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { BUSINESS_TYPE } from '../../../shared/operationTypes.js';
import { DEADLINE_ACTION_LABELS, type NodeDeadline } from '../../../shared/flows/nodeDeadline.js';
import { insertMessages } from '../../repositories/messageRepository.js';
import { addHistory } from '../repositories/flowHistory.js';
import { cancelTasks, holdersOfEntry, moveTask, pendingCount } from '../repositories/flowTasks.js';
import { closeOverdue, dueTasksOf, takeDeadline, takeReminder, type DueTask } from '../repositories/flowDeadlines.js';
import { escalationCandidates, nickNames } from '../repositories/assignees.js';
import { completeNode, loadRun, notifyTasks, openInTurn, taskLink, type FlowRun } from './flowRuntime.js';
import { instanceLink } from './instanceLink.js';
import { readWorkCalendar } from '../../calendar/calendarRepository.js';
import { formatLocalTime } from '../../calendar/localTime.js';
import { firstOneDecides } from './taskActions.js';

/** Who the history names for what the flow's deadlines did. */
export const SYSTEM_ACTOR = { userId: 0, userName: '系统' } as const;

/** The due instant as the tenant's wall clock (its calendar's offset), to the minute, for messages. */
const wallClock = (run: DeadlineRun, d: Date) => formatLocalTime(d, run.utcOffsetMinutes).slice(0, 16);

type DeadlineRun = FlowRun & { utcOffsetMinutes: number };

async function remindBefore(db: Kysely<Database>, run: DeadlineRun, t: DueTask): Promise<void> {
  if (!(await takeReminder(db, t.id))) return;
  await insertMessages(db as never, [{
    tenantId: run.tenantId, userId: t.assigneeId, msgType: '1', link: taskLink(t.id),
    title: `即将超时：${run.instance.title}`,
    content: `「${run.model.form.cnName}」在「${t.nodeName}」的审批将于 ${wallClock(run, t.dueTime)} 到期，请尽快处理`,
  }]);
}

/** 仅提醒 (and the fallback of the other two): the assignee is told, the starter too when the node says so. */
async function remindOverdue(db: Kysely<Database>, run: DeadlineRun, t: DueTask, d: NodeDeadline, note: string): Promise<void> {
  const content = `「${run.model.form.cnName}」在「${t.nodeName}」的审批已于 ${wallClock(run, t.dueTime)} 超时，请尽快处理`;
  const messages = [{ tenantId: run.tenantId, userId: t.assigneeId, msgType: '1', link: taskLink(t.id), title: `已超时：${run.instance.title}`, content }];
  if (d.notifyStarter && run.instance.starterId !== t.assigneeId) {
    const name = (await nickNames(db, run.tenantId, [t.assigneeId])).get(t.assigneeId) ?? '';
    messages.push({ tenantId: run.tenantId, userId: run.instance.starterId, msgType: '1', link: instanceLink(run.instance.id), title: `已超时：${run.instance.title}`, content: `您发起的「${run.model.form.cnName}」在「${t.nodeName}」（${name}）已超时未处理` });
  }
  await insertMessages(db as never, messages);
  await addHistory(db, run.tenantId, { instanceId: run.instance.id, taskId: t.id, nodeId: t.nodeId, nodeName: t.nodeName, action: 'timeout', operType: BUSINESS_TYPE.other, ...SYSTEM_ACTOR, comment: note });
}

/** 自动通过: the task closes approved, and the node and the flow move on as after an approval. */
async function autoApprove(db: Kysely<Database>, run: DeadlineRun, t: DueTask): Promise<void> {
  const comment = '审批超时，系统自动通过';
  if (!(await closeOverdue(db, t.id, comment))) return;
  await addHistory(db, run.tenantId, { instanceId: run.instance.id, taskId: t.id, nodeId: t.nodeId, nodeName: t.nodeName, action: 'auto', operType: BUSINESS_TYPE.flowApprove, ...SYSTEM_ACTOR, comment });
  const node = run.definition.graph.nodes[t.nodeId];
  if (firstOneDecides(node)) await cancelTasks(db, run.instance.id, { nodeId: t.nodeId, entry: t.entry, kind: 'assignee' });
  if (node.countersign === 'sequential') await openInTurn(db, run, t.nodeId, t.entry);
  if ((await pendingCount(db, run.instance.id, t.nodeId, t.entry)) > 0) return;
  await completeNode(db, run, t.nodeId, SYSTEM_ACTOR);
}

/**
 * 转交上级: the task moves to the escalation target, who is told; nobody to move it to: 仅提醒.
 * A target who already holds a task of the node entry, or approved it, gets no second one (ADR
 * 1066): a role passes to its next member; a leader or a named user leaves it a reminder.
 */
async function escalate(db: Kysely<Database>, run: DeadlineRun, t: DueTask, d: NodeDeadline): Promise<void> {
  const candidates = await escalationCandidates(db, run.tenantId, d.escalate, t.assigneeId);
  const { pending, approved } = await holdersOfEntry(db, run.instance.id, t.nodeId, t.entry, t.id);
  const to = candidates.find((id) => !pending.has(id) && !approved.has(id));
  const why = candidates.length && !to ? '审批已超时，转交对象已是当前节点的审批人，已提醒处理人' : '审批已超时，找不到可转交的人，已提醒处理人';
  if (!to || !(await moveTask(db, run.tenantId, t.id, t.assigneeId, to))) return remindOverdue(db, run, t, d, why);
  const names = await nickNames(db, run.tenantId, [to, t.assigneeId]);
  await addHistory(db, run.tenantId, { instanceId: run.instance.id, taskId: t.id, nodeId: t.nodeId, nodeName: t.nodeName, action: 'timeout', operType: BUSINESS_TYPE.transferSign, ...SYSTEM_ACTOR, comment: `审批超时，已由${names.get(t.assigneeId) ?? t.assigneeId}转交`, target: names.get(to) ?? String(to) });
  await notifyTasks(db, run, [{ id: t.id, userId: to, nodeName: t.nodeName }]);
  await insertMessages(db as never, [{ tenantId: run.tenantId, userId: t.assigneeId, msgType: '1', link: instanceLink(run.instance.id), title: `已转交：${run.instance.title}`, content: `「${run.model.form.cnName}」在「${t.nodeName}」的审批已超时，已转交${names.get(to) ?? ''}处理` }]);
}

/**
 * Fires what is due at `now` in one instance, inside the caller's transaction, which holds the
 * instance's lock (the scheduler's claim). `remindOnly`: every due deadline only reminds (the
 * scheduler's second try after the real action failed, e.g. the next node finds nobody).
 * Answers how many deadlines and reminders fired.
 */
export async function fireInstanceDeadlines(db: Kysely<Database>, tenantId: number, instanceId: number, now: Date, remindOnly = false): Promise<number> {
  const loaded = await loadRun(db, tenantId, instanceId, true);
  if (loaded.instance.status !== 'running') return 0;
  const run: DeadlineRun = Object.assign(loaded, { now, utcOffsetMinutes: (await readWorkCalendar(db, tenantId)).utcOffsetMinutes });
  let fired = 0;
  for (const t of await dueTasksOf(db, instanceId, now)) {
    // An earlier task of this loop may have completed the node (或签) or the whole flow.
    if (run.instance.status !== 'running') break;
    const d = run.definition.graph.nodes[t.nodeId]?.deadline;
    if (!t.fireDue) {
      await remindBefore(db, run, t);
      fired++;
      continue;
    }
    if (!(await takeDeadline(db, t.id, now))) continue;
    fired++;
    // An added signer's task (加签) is not approved by the clock: the node's countersign and turn
    // arithmetic counts only its own assignees, and someone asked for this signature. It is
    // reminded instead; 转交上级 moves it like any task (ADR 1061).
    const action = remindOnly || !d || (d.action === 'autoApprove' && t.kind !== 'assignee') ? 'remind' : d.action;
    const deadline = d ?? { amount: 0, unit: 'hour' as const, action: 'remind' as const };
    if (action === 'autoApprove') await autoApprove(db, run, t);
    else if (action === 'escalate') await escalate(db, run, t, deadline);
    else await remindOverdue(db, run, t, deadline, remindOnly && d && d.action !== 'remind' ? `审批已超时，${DEADLINE_ACTION_LABELS[d.action]}未能执行，已提醒处理人` : '审批已超时，已提醒处理人');
  }
  return fired;
}
