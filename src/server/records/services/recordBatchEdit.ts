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
import type { FieldError } from '../../../shared/envelope.js';
import { VOIDED_EDIT_MESSAGE, VOIDED_STATUS } from '../../../shared/readOnlyRecords.js';
import { badRequest, HttpError } from '../../http/HttpError.js';
import type { FormModel } from '../query/formModel.js';
import { compileList } from '../query/listQuery.js';
import { EXPORT_MAX_ROWS, existingIds, exportIds } from '../repositories/exportQueries.js';
import { parseIds } from '../repositories/recordQueries.js';
import { statusesOf } from '../repositories/recordWrites.js';
import { inTransaction } from './inTransaction.js';
import type { RecordCaller } from './recordContext.js';
import { applyEdit, editSqlAnswers } from './recordWrite.js';
import { sqlHideTexts, type SqlConditions } from './sqlHide.js';

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

/** A checked batch edit: the values, either ids or a list query, and the count the user confirmed. */
export interface BatchEdit {
  data: Record<string, unknown>;
  ids: number[] | null;
  query: Record<string, unknown> | null;
  /** With a query: the number of records the user was asked to confirm; another count refuses the edit. */
  expectedCount: number | null;
}

/** What a long batch edit reports while it runs (a job's progress and cancel check). */
export interface BatchHooks {
  progress?(done: number, total: number | null, phase: string): Promise<void>;
  throwIfCancelled?(): void;
}

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
  // Compiled now so a bad search is a 400 before anything is read.
  compileList(model, { ...query, pageNum: 1, pageSize: 10 }, tenantId);
  return { data, ids: null, query, expectedCount };
}

/**
 * The records a batch edit targets: the ids given (missing ones refused) or the search's matches,
 * at most `max` (a request: BATCH_EDIT_MAX_ROWS, beyond which the job takes over; a job:
 * BATCH_JOB_MAX_ROWS). A search whose count differs from the confirmed one is refused.
 */
async function targets(db: Kysely<Database>, model: FormModel, edit: BatchEdit, tenantId: number, max: number): Promise<{ ids: number[]; refused: FieldError[] }> {
  if (edit.ids) {
    const found = new Set(await existingIds(db, model, edit.ids, tenantId));
    return { ids: edit.ids.filter((id) => found.has(id)), refused: edit.ids.filter((id) => !found.has(id)).map((id) => ({ field: String(id), message: '记录不存在' })) };
  }
  // One more than the limit tells a search that is too large without reading all its ids.
  // Numbers: a batch edit never reaches a type-2 view (assertWritable), whose ids are text.
  const ids = (await exportIds(db, model, edit.query ?? {}, tenantId, max + 1)) as number[];
  if (ids.length > max) throw badRequest(max === BATCH_EDIT_MAX_ROWS ? USE_JOB_MESSAGE : `本次查询超过${max}行，一次最多修改${max}行数据，请缩小查询范围`);
  if (edit.expectedCount !== null && ids.length !== edit.expectedCount) {
    throw badRequest(`查询结果已变化（确认时${edit.expectedCount}行，现为${ids.length}行），请重新确认`);
  }
  return { ids, refused: [] };
}

/** A refusal of record `id` as field errors: `{id}` for the record, `{id}.{field}` for a field of it. */
function refusalOf(id: number, err: HttpError): FieldError[] {
  if (err.errors?.length) return err.errors.map((e) => ({ field: `${id}.${e.field}`, message: e.message }));
  return [{ field: String(id), message: err.message }];
}

/** Ids whose statuses are read in one query (a job's search may hold a million). */
const STATUS_CHUNK = 10_000;

/** The refusal of the whole edit: how many records were refused, the first reason, and (at most `keep`) each refusal. */
function failure(refused: FieldError[], keep: number): HttpError {
  const records = new Set(refused.map((r) => r.field.split('.')[0])).size;
  return badRequest(`${records}行数据未能修改，本次未作任何修改：${refused[0].message}`, refused.slice(0, keep));
}

/**
 * Writes `edit` to its records in one transaction and answers how many changed. Any refused
 * record (missing, voided, breaking a rule, changed meanwhile) rolls everything back: a 400 whose
 * `errors` name each refusal (`field` is `{id}` or `{id}.{field}`). `max` bounds a search (see
 * targets); `hooks` report progress and stop a cancelled job (inside the transaction, so a
 * cancel writes nothing).
 */
export async function batchEditRecords(
  db: Kysely<Database>, model: FormModel, caller: RecordCaller, edit: BatchEdit, conditions?: SqlConditions, max = BATCH_EDIT_MAX_ROWS, hooks: BatchHooks = {},
): Promise<{ updated: number; ids: number[] }> {
  const tenantId = caller.user.tenantId;
  await hooks.progress?.(0, null, 'query');
  const { ids, refused } = await targets(db, model, edit, tenantId, max);
  if (!ids.length && !refused.length) throw badRequest('没有需要修改的数据');
  const keep = max === BATCH_EDIT_MAX_ROWS ? Number.MAX_SAFE_INTEGER : REPORT_REFUSALS;
  const writable: number[] = [];
  for (let i = 0; i < ids.length; i += STATUS_CHUNK) {
    const chunk = ids.slice(i, i + STATUS_CHUNK);
    const statuses = await statusesOf(db, model, tenantId, chunk);
    for (const id of chunk) {
      if (statuses.get(id) === VOIDED_STATUS) refused.push({ field: String(id), message: VOIDED_EDIT_MESSAGE });
      else writable.push(id);
    }
  }
  if (refused.length) throw failure(refused, keep);
  // `$sql` hide answers per record, before the transaction (PGlite's one connection; see editSqlAnswers).
  const answers = new Map<number, Record<string, unknown>>();
  if (conditions && sqlHideTexts(model).size) {
    for (const [i, id] of writable.entries()) {
      hooks.throwIfCancelled?.();
      const a = await editSqlAnswers(db, model, caller, id, undefined, edit.data, conditions);
      if (Object.keys(a).length) answers.set(id, a);
      if (hooks.progress && i % 100 === 0) await hooks.progress(i, writable.length, 'check');
    }
  }
  await hooks.progress?.(0, writable.length, 'write');
  return inTransaction(db, async (trx) => {
    for (const [i, id] of writable.entries()) {
      hooks.throwIfCancelled?.();
      try {
        await applyEdit(trx, model, caller, id, edit.data, undefined, 'save', answers.get(id) ?? {});
      } catch (err) {
        // Rule refusals are thrown before any statement fails, so the transaction can go on to judge the rest.
        if (!(err instanceof HttpError) || err.status >= 500) throw err;
        refused.push(...refusalOf(id, err));
      }
      if (hooks.progress && (i + 1) % 10 === 0) {
        await hooks.progress(i + 1, writable.length, 'write');
        // PGlite answers in microtasks: without a turn of the event loop, timers (the job's
        // progress tick, its status answers) would wait for the whole transaction.
        await new Promise((r) => setImmediate(r));
      }
    }
    hooks.throwIfCancelled?.();
    if (refused.length) throw failure(refused, keep);
    return { updated: writable.length, ids: writable };
  });
}
