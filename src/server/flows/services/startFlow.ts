/**
 * Starts the approval of a submitted record (ADR 0970). Called by the records engine inside the
 * transaction that writes the record, so a record never exists without its instance or the reverse.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { BUSINESS_TYPE } from '../../../shared/operationTypes.js';
import type { FormModel } from '../../records/query/formModel.js';
import { recordDetail } from '../../records/services/recordRead.js';
import { logWrite, type RecordCaller } from '../../records/services/recordContext.js';
import { startState } from '../engine/advance.js';
import { latestDefinition } from '../repositories/flowDefinitions.js';
import { insertInstance, readInstance } from '../repositories/flowInstances.js';
import { addHistory } from '../repositories/flowHistory.js';
import { applyStep, asBadRequest, judgeFor, type FlowRun } from './flowRuntime.js';

/** A title for the lists: the first filled text field of the record, else the form's name. */
function titleOf(model: FormModel, record: Record<string, unknown>): string {
  for (const f of model.form.definition.fields) {
    const v = record[f.enName];
    if ((f.funcType === 'input' || f.funcType === 'textarea') && typeof v === 'string' && v.trim()) return `${model.form.cnName}：${v.trim().slice(0, 100)}`;
  }
  return model.form.cnName;
}

/**
 * When a record of a flow form enters sys_status 0 (added, or a draft pushed), starts an instance
 * of the form's newest flow version. A flow form without a deployed flow keeps today's behaviour
 * (the record waits at 0). Answers the instance id, or null.
 */
export async function onRecordSubmitted(trx: Kysely<Database>, model: FormModel, caller: RecordCaller, recordId: number): Promise<number | null> {
  if (!model.form.definition.hasFlow) return null;
  const tenantId = caller.user.tenantId;
  const definition = await latestDefinition(trx, tenantId, model.form.enName);
  if (!definition) return null;
  const record = await recordDetail(trx, model, tenantId, recordId);
  const judge = await judgeFor(trx, tenantId, model, record, caller.user.userId);
  const step = await asBadRequest(() => startState(definition.graph, judge));
  const starterName = caller.user.nickName || caller.user.userName;
  const title = titleOf(model, record);
  const instanceId = await insertInstance(trx, tenantId, { definitionId: definition.id, formName: model.form.enName, recordId, title, starterId: caller.user.userId, starterName, state: step.state });
  const run: FlowRun = { tenantId, instance: (await readInstance(trx, tenantId, instanceId))!, definition, model, record };
  await addHistory(trx, tenantId, { instanceId, action: 'submit', operType: BUSINESS_TYPE.flowSubmit, userId: caller.user.userId, userName: starterName, nodeName: '提交' });
  await applyStep(trx, run, step, { userId: caller.user.userId, userName: caller.user.userName });
  await logWrite(trx, caller, model.form.cnName, BUSINESS_TYPE.flowSubmit, { formName: model.form.enName, id: recordId, instanceId });
  return instanceId;
}
