/**
 * Records deleted or voided mid-approval: their running instances end as `cancelled` and their
 * open tasks disappear from 我的待办, in the transaction of the delete or void (issue 18).
 */
import { sql, type Kysely } from 'kysely';
import type { FormModel } from '../../records/query/formModel.js';
import { addHistory } from '../repositories/flowHistory.js';
import { cancelTasks } from '../repositories/flowTasks.js';

/** Ends the running instances of these records; `by` is who deleted or voided them. */
export async function endFlowsOfRecords(trx: Kysely<any>, model: FormModel, tenantId: number, recordIds: number[], by: { userId: number; userName: string; action: string }): Promise<void> {
  if (!model.form.definition.hasFlow || !recordIds.length) return;
  const r = await sql<{ id: number }>`UPDATE flow_instances SET status = 'cancelled', end_time = now()
    WHERE tenant_id = ${tenantId} AND form_name = ${model.form.enName} AND record_id = ANY(${recordIds}::bigint[]) AND status = 'running' RETURNING id`.execute(trx);
  for (const { id } of r.rows) {
    await cancelTasks(trx, Number(id));
    await addHistory(trx, tenantId, { instanceId: Number(id), action: 'end', operType: 0, userId: by.userId, userName: by.userName, nodeName: by.action });
  }
}
