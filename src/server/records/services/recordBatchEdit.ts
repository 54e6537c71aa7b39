/**
 * Batch edit (批量修改, spec 01 §1, §5 "Batch save", §9): the same values written to the selected
 * records or to every record of a list search, in one transaction. Each record goes through the
 * single edit's write (recordWrite.applyEdit: adapter re-check, version bump, operation log type
 * 2); when any record is refused, nothing is written and the answer lists every refused record.
 * Up to 1,000 records in the request; a larger search runs the same write as a job
 * (batchEditJob.ts, ADR 0941).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { batchEditableFields, fieldNameOfKey, isEmpty } from '../../../../schema-adapters/index.js';
import { IN_APPROVAL_EDIT_MESSAGE } from '../../../shared/readOnlyRecords.js';
import type { FieldError } from '../../../shared/envelope.js';
import { VOIDED_EDIT_MESSAGE, VOIDED_STATUS } from '../../../shared/readOnlyRecords.js';
import { badRequest } from '../../http/HttpError.js';
import type { FormModel } from '../query/formModel.js';
import { compileList } from '../query/listQuery.js';
import type { Reader } from '../query/rowScope.js';
import { readerOf, systemReader } from './dataScope.js';
import { countSearchStatuses, EXPORT_MAX_ROWS, existingIds, exportIds } from '../repositories/exportQueries.js';
import { parseIds } from '../repositories/recordQueries.js';
import { statusesOf, versionsSince } from '../repositories/recordWrites.js';
import { writeInChunks } from './batchEditChunks.js';
import { flowHooks } from './flowHooks.js';
import { editOne, failure, sqlAnswers, STATUS_CHUNK, type BatchEdit, type BatchHooks } from './batchEditSteps.js';
import { inTransaction } from './inTransaction.js';
import type { RecordCaller } from './recordContext.js';
import type { SqlConditions } from './sqlHide.js';

/** The most records one batch edit request changes (as many ids as any call takes, the largest page); a larger search runs as a job (ADR 0940, 0941). */
export const BATCH_EDIT_MAX_ROWS = 1000;

/** The most records a batch edit job changes: as many as an export reads (ADR 0941). */
export const BATCH_JOB_MAX_ROWS = EXPORT_MAX_ROWS;

/** Refusals a job's report keeps (its message counts them all). */
export const REPORT_REFUSALS = 1000;

/** What the request does with a search above BATCH_EDIT_MAX_ROWS. */
export const USE_JOB_MESSAGE = `本次查询超过${BATCH_EDIT_MAX_ROWS}行，请以后台任务修改（batchUpdate/job）`;

/** Spec 01 §5 / §8: a batch save with nothing editable (or nothing to write). */
export const NOTHING_EDITABLE = '没有可修改的信息';

/**
 * Checks the body `{data, ids? | query?, updateEmpty?}`: every key of data must be a
 * batch-editable field (else 400); without updateEmpty, empty values are dropped (spec 01 §5
 * Submit); nothing left is 没有可修改的信息.
 */
export function parseBatchEdit(model: FormModel, body: Record<string, unknown>, tenantId: number): BatchEdit {
  const editable = batchEditableFields(model.form.definition);
  if (!editable.length) throw badRequest(NOTHING_EDITABLE);
  const raw = body.data;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('data 须为对象');
  if (body.updateEmpty !== undefined && typeof body.updateEmpty !== 'boolean') throw badRequest('updateEmpty 须为布尔值');
  const allowed = new Map(editable.map((f) => [f.enName, f]));
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const name = fieldNameOfKey(key);
    if (!allowed.has(name)) {
      const known = model.form.definition.fields.find((f) => f.enName === name);
      throw badRequest(known ? `字段「${known.label}」不能批量修改` : `未知字段：${name}`, [{ field: key, message: '不能批量修改' }]);
    }
    if (body.updateEmpty === true) data[key] = isEmpty(value) ? null : value;
    else if (!isEmpty(value)) data[key] = value;
  }
  if (!Object.keys(data).length) throw badRequest(NOTHING_EDITABLE);
  const e = body.expectedCount;
  if (e !== undefined && e !== null && !(typeof e === 'number' && Number.isSafeInteger(e) && e >= 0)) throw badRequest('expectedCount 须为非负整数');
  const expectedCount = typeof e === 'number' ? e : null;
  if (body.ids !== undefined && body.ids !== null) {
    const ids = [...new Set(parseIds(body.ids))];
    if (!ids.length) throw badRequest('请选择要修改的数据');
    if (ids.length > BATCH_EDIT_MAX_ROWS) throw badRequest(`一次最多修改${BATCH_EDIT_MAX_ROWS}行数据`);
    return { data, ids, query: null, expectedCount: null };
  }
  const q = body.query;
  if (!q || typeof q !== 'object' || Array.isArray(q)) throw badRequest('请提供 ids 或 query');
  const { pageNum: _p, pageSize: _s, ...query } = q as Record<string, unknown>;
  // Compiled now so a bad search is a 400 before anything is read (the scope is applied when it runs).
  compileList(model, { ...query, pageNum: 1, pageSize: 10 }, systemReader(tenantId));
  return { data, ids: null, query, expectedCount };
}

/**
 * The records a batch edit targets: the ids given (missing ones refused) or the search's matches,
 * at most `max` (a request: BATCH_EDIT_MAX_ROWS, beyond which the job takes over; a job:
 * BATCH_JOB_MAX_ROWS). A search whose count differs from the confirmed one is refused.
 */
async function targets(db: Kysely<Database>, model: FormModel, edit: BatchEdit, reader: Reader, max: number, after: number | null): Promise<{ ids: number[]; refused: FieldError[] }> {
  if (edit.ids) {
    const found = new Set(await existingIds(db, model, edit.ids, reader));
    return { ids: edit.ids.filter((id) => found.has(id)), refused: edit.ids.filter((id) => !found.has(id)).map((id) => ({ field: String(id), message: '记录不存在' })) };
  }
  // One more than the limit tells a search that is too large without reading all its ids.
  // Numbers: a batch edit never reaches a type-2 view (assertWritable), whose ids are text.
  const ids = (await exportIds(db, model, edit.query ?? {}, reader, max + 1)) as number[];
  if (ids.length > max) throw badRequest(max === BATCH_EDIT_MAX_ROWS ? USE_JOB_MESSAGE : `本次查询超过${max}行，一次最多修改${max}行数据，请缩小查询范围`);
  // A chunked job resumed after a kill: the records up to its cursor are written (and may no
  // longer match the search); the count was confirmed by its first run.
  if (after !== null) return { ids: ids.filter((id) => id > after).sort((a, b) => a - b), refused: [] };
  if (edit.expectedCount !== null && ids.length !== edit.expectedCount) {
    throw badRequest(`查询结果已变化（确认时${edit.expectedCount}行，现为${ids.length}行），请重新确认`);
  }
  return { ids, refused: [] };
}

/** Ids whose versions a job checks in one query, inside its transaction. */
const GUARD_CHUNK = 500;

/** What a search's batch edit would meet: every match, and those it skips (voided, in approval). */
export interface BatchCount { total: number; voided: number; inApproval: number }

/**
 * Counts a search's records for the confirmation (issue 27 item 5: "5 行，其中 1 行已作废，将跳过"):
 * all matches, the voided ones and, on a flow form, those in approval — as batchEditRecords will
 * skip them.
 */
export async function countBatchTargets(db: Kysely<Database>, model: FormModel, query: Record<string, unknown>, reader: Reader): Promise<BatchCount> {
  return countSearchStatuses(db, model, query, reader);
}

/**
 * Writes `edit` to its records in one transaction and answers how many changed and how many a
 * search skipped (voided, in approval). Any refused record (missing, chosen but voided, breaking
 * a rule, changed meanwhile) rolls everything back: a 400 whose `errors` name each refusal
 * (`field` is `{id}` or `{id}.{field}`, `label` the record's serial number or title). `max` bounds a search (see
 * targets); `hooks` report progress and stop a cancelled job (inside the transaction, so a
 * cancel writes nothing).
 */
export async function batchEditRecords(
  db: Kysely<Database>, model: FormModel, caller: RecordCaller, edit: BatchEdit, conditions?: SqlConditions, max = BATCH_EDIT_MAX_ROWS, hooks: BatchHooks = {},
): Promise<{ updated: number; ids: number[]; skipped: number }> {
  const tenantId = caller.user.tenantId;
  // Only records in the caller's data scope are edited: an id outside it is refused as missing.
  const reader = await readerOf(db, caller.user, model.form.enName);
  await hooks.progress?.(0, null, 'query');
  const resumed = hooks.chunks?.start ?? null;
  const { ids, refused } = await targets(db, model, edit, reader, max, resumed?.cursor ?? null);
  if (!ids.length && !refused.length && !resumed) throw badRequest('没有需要修改的数据');
  const keep = max === BATCH_EDIT_MAX_ROWS ? Number.MAX_SAFE_INTEGER : REPORT_REFUSALS;
  const writable: number[] = [];
  // A search skips what can never change (issue 27 item 5): voided records and records in
  // approval, counted beforehand in the confirmation (countBatchTargets). Chosen ids are refused.
  const skip = edit.query !== null;
  let skipped = 0;
  for (let i = 0; i < ids.length; i += STATUS_CHUNK) {
    const chunk = ids.slice(i, i + STATUS_CHUNK);
    const statuses = await statusesOf(db, model, tenantId, chunk);
    const pending = model.form.definition.hasFlow ? await flowHooks().recordsInApproval(db, tenantId, model.form.enName, chunk.filter((id) => statuses.get(id) === 0)) : new Set<number>();
    for (const id of chunk) {
      const reason = statuses.get(id) === VOIDED_STATUS ? VOIDED_EDIT_MESSAGE : pending.has(id) ? IN_APPROVAL_EDIT_MESSAGE : null;
      if (!reason) writable.push(id);
      else if (skip) skipped++;
      else refused.push({ field: String(id), message: reason });
    }
  }
  if (refused.length) throw await failure(db, model, reader, refused, keep, resumed);
  if (!writable.length && !resumed) throw badRequest(`没有需要修改的数据：${skipped}行已作废或审批中，已跳过`);
  hooks.onSkipped?.(skipped);
  if (hooks.chunks) return { ...(await writeInChunks(db, model, caller, edit, writable, conditions, hooks, hooks.chunks, keep)), skipped };
  // `$sql` hide answers per record, before the transaction (PGlite's one connection; see editSqlAnswers).
  const answers = await sqlAnswers(db, model, caller, edit, writable, conditions, hooks);
  await hooks.progress?.(0, writable.length, 'write');
  return inTransaction(db, async (trx) => {
    for (let i = 0; i < writable.length; i += GUARD_CHUNK) {
      const chunk = writable.slice(i, i + GUARD_CHUNK);
      const versions = hooks.since ? await versionsSince(trx, model, tenantId, chunk, hooks.since) : null;
      for (const [k, id] of chunk.entries()) {
        hooks.throwIfCancelled?.();
        await editOne(trx, model, caller, edit, id, versions, answers, refused);
        const n = i + k + 1;
        if (hooks.progress && n % 10 === 0) {
          await hooks.progress(n, writable.length, 'write');
          // PGlite answers in microtasks: without a turn of the event loop, timers (the job's
          // progress tick, its status answers) would wait for the whole transaction.
          await new Promise((r) => setImmediate(r));
        }
      }
    }
    hooks.throwIfCancelled?.();
    if (refused.length) throw await failure(trx, model, reader, refused, keep);
    const r = { updated: writable.length, ids: writable, skipped };
    await hooks.beforeCommit?.(trx, r);
    return r;
  });
}
