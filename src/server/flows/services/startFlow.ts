/**
 * Starts the approval of a submitted record (ADR 0970). Called by the records engine inside the
 * transaction that writes the record, so a record never exists without its instance or the reverse;
 * the step itself is planned before that transaction (planSubmission, issue 26 item 5).
 */
import { systemReader } from '../../records/services/dataScope.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { BUSINESS_TYPE } from '../../../shared/operationTypes.js';
import type { FormModel } from '../../records/query/formModel.js';
import { recordDetail } from '../../records/services/recordRead.js';
import { hiddenFields } from '../../records/services/recordWrite.js';
import { fieldNameOfKey } from '../../../../schema-adapters/index.js';
import { logWrite, type RecordCaller } from '../../records/services/recordContext.js';
import { latestDefinition } from '../repositories/flowDefinitions.js';
import { insertInstance, readInstance } from '../repositories/flowInstances.js';
import { addHistory } from '../repositories/flowHistory.js';
import { starterContext } from '../repositories/assignees.js';
import { applyPlan, type FlowRun } from './flowRuntime.js';
import { planAhead, planFor, planStep, type StepPlan } from './flowPlan.js';

/** A title for the lists: the first filled text field of the record, else the form's name. */
function titleOf(model: FormModel, record: Record<string, unknown>): string {
  for (const f of model.form.definition.fields) {
    const v = record[f.enName];
    if ((f.funcType === 'input' || f.funcType === 'textarea') && typeof v === 'string' && v.trim()) return `${model.form.cnName}：${v.trim().slice(0, 100)}`;
  }
  return model.form.cnName;
}

/**
 * The record as its approval sees it at submission: each field in `hidden` (hidden by its
 * conditions; the write kept its stored value) is empty, so it decides neither an approver nor a
 * branch (ADR 1070) — as for a new record, where a hidden field is not written at all.
 */
export function submittedValues(record: Record<string, unknown>, hidden: readonly string[] | Set<string>): Record<string, unknown> {
  const names = new Set(hidden);
  if (!names.size) return record;
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, names.has(fieldNameOfKey(k)) ? null : v]));
}

/**
 * The start of a record's approval planned before its transaction (flowPlan.ts): `values` are the
 * record's values as submitted (for a pushed draft, `recordId`'s stored values under them, the
 * fields hidden on that merge — judged with `sqlAnswers` — empty). Null when the form has no flow
 * or the plan cannot be made; the transaction then plans itself.
 */
export async function planSubmission(db: Kysely<Database>, model: FormModel, caller: RecordCaller, values: Record<string, unknown>, recordId?: number, sqlAnswers: Record<string, unknown> = {}): Promise<StepPlan | null> {
  if (!model.form.definition.hasFlow) return null;
  return planAhead(async () => {
    const tenantId = caller.user.tenantId;
    const definition = await latestDefinition(db, tenantId, model.form.enName);
    if (!definition) return null;
    const merged = recordId === undefined ? values : { ...(await recordDetail(db, model, systemReader(tenantId), recordId)), ...values };
    const record = recordId === undefined ? values : submittedValues(merged, hiddenFields(model, merged, caller, sqlAnswers));
    const ctx = await starterContext(db, tenantId, caller.user.userId);
    return planStep(db, { tenantId, definition, model, record, ctx, starterId: caller.user.userId }, START);
  });
}

const START = { op: 'start' } as const;

/**
 * When a record of a flow form enters sys_status 0 (added, or a draft pushed), starts an instance
 * of the form's newest flow version. A flow form without a deployed flow keeps today's behaviour
 * (the record waits at 0). `ahead`: planSubmission's plan, used when its basis still holds on the
 * stored record. `hidden`: the fields hidden at this submission (submittedValues). Answers the
 * instance id, or null.
 */
export async function onRecordSubmitted(trx: Kysely<Database>, model: FormModel, caller: RecordCaller, recordId: number, ahead?: unknown, hidden: readonly string[] = []): Promise<number | null> {
  if (!model.form.definition.hasFlow) return null;
  const tenantId = caller.user.tenantId;
  const definition = await latestDefinition(trx, tenantId, model.form.enName);
  if (!definition) return null;
  const record = submittedValues(await recordDetail(trx, model, systemReader(tenantId), recordId), hidden);
  const before = (ahead ?? null) as StepPlan | null;
  const ctx = before?.ctx ?? (await starterContext(trx, tenantId, caller.user.userId));
  const plan = await planFor(trx, { tenantId, definition, model, record, ctx, starterId: caller.user.userId }, START, before);
  const starterName = caller.user.nickName || caller.user.userName;
  const title = titleOf(model, record);
  const instanceId = await insertInstance(trx, tenantId, { definitionId: definition.id, formName: model.form.enName, recordId, title, starterId: caller.user.userId, starterName, state: plan.result.state });
  const run: FlowRun = { tenantId, instance: (await readInstance(trx, tenantId, instanceId))!, definition, model, record, now: caller.now };
  await addHistory(trx, tenantId, { instanceId, action: 'submit', operType: BUSINESS_TYPE.flowSubmit, userId: caller.user.userId, userName: starterName, nodeName: '提交' });
  await applyPlan(trx, run, plan, { userId: caller.user.userId, userName: caller.user.userName });
  await logWrite(trx, caller, model.form.cnName, BUSINESS_TYPE.flowSubmit, { formName: model.form.enName, id: recordId, instanceId });
  return instanceId;
}
