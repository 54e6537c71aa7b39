/**
 * Records deleted or voided mid-approval: their running instances end as `cancelled` and their
 * open tasks disappear from 我的待办, in the transaction of the delete or void (issue 18).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FormModel } from '../../records/query/formModel.js';
import { addHistory } from '../repositories/flowHistory.js';
import { cancelTasks } from '../repositories/flowTasks.js';
import { cancelRunningInstances } from '../repositories/flowInstances.js';

/** Ends the running instances of these records; `by` is who deleted or voided them. */
export async function endFlowsOfRecords(trx: Kysely<Database>, model: FormModel, tenantId: number, recordIds: number[], by: { userId: number; userName: string; action: string }): Promise<void> {
  if (!model.form.definition.hasFlow || !recordIds.length) return;
  for (const id of await cancelRunningInstances(trx, tenantId, model.form.enName, recordIds)) {
    await cancelTasks(trx, Number(id));
    await addHistory(trx, tenantId, { instanceId: Number(id), action: 'end', operType: 0, userId: by.userId, userName: by.userName, nodeName: by.action });
  }
}
