/**
 * Records deleted or voided mid-approval: their running instances end as `cancelled` and their
 * open tasks disappear from 我的待办, in the transaction of the delete or void (issue 18); the
 * starter, unless they did it, is told in 消息中心 (issue 27 item 8).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FormModel } from '../../records/query/formModel.js';
import { addHistory } from '../repositories/flowHistory.js';
import { cancelTasks } from '../repositories/flowTasks.js';
import { cancelRunningInstances } from '../repositories/flowInstances.js';
import { insertMessages } from '../../repositories/messageRepository.js';
import { instanceLink } from './instanceLink.js';

/** Ends the running instances of these records; `by` is who deleted or voided them. */
export async function endFlowsOfRecords(trx: Kysely<Database>, model: FormModel, tenantId: number, recordIds: number[], by: { userId: number; userName: string; action: string }): Promise<void> {
  if (!model.form.definition.hasFlow || !recordIds.length) return;
  const ended = await cancelRunningInstances(trx, tenantId, model.form.enName, recordIds);
  for (const { id } of ended) {
    await cancelTasks(trx, id);
    await addHistory(trx, tenantId, { instanceId: id, action: 'end', operType: 0, userId: by.userId, userName: by.userName, nodeName: by.action });
  }
  await insertMessages(trx as never, ended.filter((i) => i.starterId !== by.userId).map((i) => ({
    tenantId, userId: i.starterId, msgType: '1', link: instanceLink(i.id),
    title: `流程已结束：${i.title}`, content: `${by.userName}操作：${by.action}，您发起的「${model.form.cnName}」流程已结束`,
  })));
}
