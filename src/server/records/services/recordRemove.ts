/** Pre-checks, delete and void of records (spec 01 §4, §8). */
import { flowHooks } from './flowHooks.js';
import { inTransaction } from './inTransaction.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { BUSINESS_TYPE } from '../../../shared/operationTypes.js';
import { badRequest, notFound } from '../../http/HttpError.js';
import type { FormModel } from '../query/formModel.js';
import { referencesTo } from '../repositories/references.js';
import { deleteMain, setStatus, statusesOf } from '../repositories/recordWrites.js';
import { logWrite, type RecordCaller } from './recordContext.js';
import type { AuthUser } from '../../auth/types.js';
import { assertFormChecks, formCheckEntries } from '../buttons/formChecks.js';

/** The answer of `check/{op}`: stop (refused), warn (ask to confirm) or plain success. */
export interface CheckResult {
  success: boolean;
  action: 'stop' | 'warn' | null;
  errorTips: string;
}

/** Checks a delete or void before it runs. */
export async function precheck(db: Kysely<Database>, model: FormModel, tenantId: number, op: string, ids: number[], user?: AuthUser): Promise<CheckResult> {
  if (op !== 'delete' && op !== 'invalid') throw badRequest('操作须为 delete 或 invalid');
  if (!ids.length) return { success: false, action: 'stop', errorTips: '请选择记录' };
  const statuses = await statusesOf(db, model, tenantId, ids);
  if (statuses.size < ids.length) return { success: false, action: 'stop', errorTips: '所选记录不存在或已被删除' };
  if (op === 'delete') {
    const refs = await referencesTo(db, tenantId, model.form.enName, ids);
    if (refs.length) {
      const tips = refs.map((r) => `记录 ${r.ids.join('、')} 已被「${r.cnName}」引用`).join('；');
      return { success: false, action: 'stop', errorTips: `${tips}，不能删除` };
    }
  }
  if (op === 'invalid') {
    const voided = ids.filter((id) => statuses.get(id) === -2);
    if (voided.length === ids.length) return { success: false, action: 'stop', errorTips: '所选记录已作废' };
    // The void itself refuses a selection with a voided record (services/writeGuard.ts): say so first.
    if (voided.length) return { success: false, action: 'stop', errorTips: `所选记录中有${voided.length}条已作废，不能再次作废` };
  }
  // feature.formChecks of this scene (buttons/formChecks.ts): their stops refuse, their warns join the approval warning.
  const entries = user ? await formCheckEntries(db, model, op, ids, user) : [];
  const stops = entries.filter((e) => e.action === 'stop');
  if (stops.length) return { success: false, action: 'stop', errorTips: stops.map((e) => e.errorTips).join('；') };
  const warnings = entries.map((e) => e.errorTips);
  const approved = ids.filter((id) => statuses.get(id) === 1).length;
  if (approved) warnings.push(`所选记录中有${approved}条已审核，${op === 'delete' ? '删除' : '作废'}后不可恢复，是否继续？`);
  if (warnings.length) return { success: false, action: 'warn', errorTips: warnings.join('<br>') };
  return { success: true, action: null, errorTips: '' };
}

/** Answered when some of the ids are not records of the caller's tenant (docs/api.md: 404, nothing changed). */
export const MISSING_RECORDS = '所选记录不存在或已被删除';

/**
 * Throws the 404 unless every id is a record of the tenant. Checked before anything is written,
 * and the write's row count is checked again (a concurrent delete), so a partly unknown list
 * changes nothing and logs nothing.
 */
async function assertAllExist(trx: Kysely<Database>, model: FormModel, tenantId: number, ids: number[]): Promise<void> {
  if ((await statusesOf(trx, model, tenantId, ids)).size < new Set(ids).size) throw notFound(MISSING_RECORDS);
}

/** Deletes records and their sub-rows in one transaction; referenced records are refused, unknown ids are a 404. */
export async function deleteRecords(db: Kysely<Database>, model: FormModel, caller: RecordCaller, ids: number[]): Promise<number> {
  if (!ids.length) throw badRequest('请选择记录');
  const tenantId = caller.user.tenantId;
  return inTransaction(db, async (trx) => {
    await assertAllExist(trx, model, tenantId, ids);
    await assertFormChecks(trx, model, 'delete', ids, caller.user);
    const refs = await referencesTo(trx, tenantId, model.form.enName, ids);
    if (refs.length) throw badRequest(`记录 ${refs[0].ids.join('、')} 已被「${refs[0].cnName}」引用，不能删除`);
    // Instances first: flow actions lock the instance, then the record; the same order here cannot deadlock with them.
    await flowHooks().endFlowsOfRecords(trx, model, tenantId, ids, { userId: caller.user.userId, userName: caller.user.nickName || caller.user.userName, action: '记录已删除' });
    const n = await deleteMain(trx, model, tenantId, ids);
    if (n < new Set(ids).size) throw notFound(MISSING_RECORDS);
    await logWrite(trx, caller, model.form.cnName, BUSINESS_TYPE.delete, { formName: model.form.enName, ids });
    return n;
  });
}

/** Voids records (sys_status → -2); unknown ids are a 404 and void nothing. */
export async function voidRecords(db: Kysely<Database>, model: FormModel, caller: RecordCaller, ids: number[]): Promise<number> {
  if (!ids.length) throw badRequest('请选择记录');
  return inTransaction(db, async (trx) => {
    await assertAllExist(trx, model, caller.user.tenantId, ids);
    await assertFormChecks(trx, model, 'invalid', ids, caller.user);
    await flowHooks().endFlowsOfRecords(trx, model, caller.user.tenantId, ids, { userId: caller.user.userId, userName: caller.user.nickName || caller.user.userName, action: '记录已作废' });
    const n = await setStatus(trx, model, caller.user.tenantId, ids, -2, caller.user.userName);
    if (n < new Set(ids).size) throw notFound(MISSING_RECORDS);
    await logWrite(trx, caller, model.form.cnName, BUSINESS_TYPE.void, { formName: model.form.enName, ids });
    return n;
  });
}
