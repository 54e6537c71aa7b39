/**
 * Batch edit (批量修改, spec 01 §1, §5 "Batch save", §9): the same values written to the selected
 * records or to every record of a list search, in one transaction. Each record goes through the
 * single edit's write (recordWrite.applyEdit: adapter re-check, version bump, operation log type
 * 2); when any record is refused, nothing is written and the answer lists every refused record.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { batchEditableFields, fieldNameOfKey, isEmpty } from '../../../../schema-adapters/index.js';
import type { FieldError } from '../../../shared/envelope.js';
import { VOIDED_EDIT_MESSAGE, VOIDED_STATUS } from '../../../shared/readOnlyRecords.js';
import { badRequest, HttpError } from '../../http/HttpError.js';
import type { FormModel } from '../query/formModel.js';
import { compileList } from '../query/listQuery.js';
import { existingIds, exportIds } from '../repositories/exportQueries.js';
import { parseIds } from '../repositories/recordQueries.js';
import { statusesOf } from '../repositories/recordWrites.js';
import { inTransaction } from './inTransaction.js';
import type { RecordCaller } from './recordContext.js';
import { applyEdit, editSqlAnswers } from './recordWrite.js';
import type { SqlConditions } from './sqlHide.js';

/** The most records one batch edit changes (as many ids as any call takes, the largest page); a larger search is refused (ADR 0940). */
export const BATCH_EDIT_MAX_ROWS = 1000;

/** Spec 01 §5 / §8: a batch save with nothing editable (or nothing to write). */
export const NOTHING_EDITABLE = '没有可修改的信息';

/** A checked batch edit: the values, and either ids or a list query. */
export interface BatchEdit {
  data: Record<string, unknown>;
  ids: number[] | null;
  query: Record<string, unknown> | null;
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
  if (body.ids !== undefined && body.ids !== null) {
    const ids = [...new Set(parseIds(body.ids))];
    if (!ids.length) throw badRequest('请选择要修改的数据');
    if (ids.length > BATCH_EDIT_MAX_ROWS) throw badRequest(`一次最多修改${BATCH_EDIT_MAX_ROWS}行数据`);
    return { data, ids, query: null };
  }
  const q = body.query;
  if (!q || typeof q !== 'object' || Array.isArray(q)) throw badRequest('请提供 ids 或 query');
  const { pageNum: _p, pageSize: _s, ...query } = q as Record<string, unknown>;
  // Compiled now so a bad search is a 400 before anything is read.
  compileList(model, { ...query, pageNum: 1, pageSize: 10 }, tenantId);
  return { data, ids: null, query };
}

/** The records a batch edit targets: the ids given (missing ones refused) or the search's matches. */
async function targets(db: Kysely<Database>, model: FormModel, edit: BatchEdit, tenantId: number): Promise<{ ids: number[]; refused: FieldError[] }> {
  if (edit.ids) {
    const found = new Set(await existingIds(db, model, edit.ids, tenantId));
    return { ids: edit.ids.filter((id) => found.has(id)), refused: edit.ids.filter((id) => !found.has(id)).map((id) => ({ field: String(id), message: '记录不存在' })) };
  }
  // One more than the limit tells a search that is too large without reading all its ids.
  // Numbers: a batch edit never reaches a type-2 view (assertWritable), whose ids are text.
  const ids = (await exportIds(db, model, edit.query ?? {}, tenantId, BATCH_EDIT_MAX_ROWS + 1)) as number[];
  if (ids.length > BATCH_EDIT_MAX_ROWS) throw badRequest(`本次查询超过${BATCH_EDIT_MAX_ROWS}行，一次最多修改${BATCH_EDIT_MAX_ROWS}行数据，请缩小查询范围`);
  return { ids, refused: [] };
}

/** A refusal of record `id` as field errors: `{id}` for the record, `{id}.{field}` for a field of it. */
function refusalOf(id: number, err: HttpError): FieldError[] {
  if (err.errors?.length) return err.errors.map((e) => ({ field: `${id}.${e.field}`, message: e.message }));
  return [{ field: String(id), message: err.message }];
}

/**
 * Writes `edit` to its records in one transaction and answers how many changed. Any refused
 * record (missing, voided, breaking a rule, changed meanwhile) rolls everything back: a 400 whose
 * `errors` name each refusal (`field` is `{id}` or `{id}.{field}`).
 */
export async function batchEditRecords(db: Kysely<Database>, model: FormModel, caller: RecordCaller, edit: BatchEdit, conditions?: SqlConditions): Promise<{ updated: number; ids: number[] }> {
  const tenantId = caller.user.tenantId;
  const { ids, refused } = await targets(db, model, edit, tenantId);
  if (!ids.length && !refused.length) throw badRequest('没有需要修改的数据');
  const statuses = await statusesOf(db, model, tenantId, ids);
  for (const id of ids) if (statuses.get(id) === VOIDED_STATUS) refused.push({ field: String(id), message: VOIDED_EDIT_MESSAGE });
  const writable = ids.filter((id) => statuses.get(id) !== VOIDED_STATUS);
  // `$sql` hide answers per record, before the transaction (PGlite's one connection; see editSqlAnswers).
  const answers = new Map<number, Record<string, unknown>>();
  for (const id of writable) answers.set(id, await editSqlAnswers(db, model, caller, id, undefined, edit.data, conditions));
  const fail = () => badRequest(`${new Set(refused.map((r) => r.field.split('.')[0])).size}行数据未能修改，本次未作任何修改：${refused[0].message}`, refused);
  if (refused.length) throw fail();
  return inTransaction(db, async (trx) => {
    for (const id of writable) {
      try {
        await applyEdit(trx, model, caller, id, edit.data, undefined, 'save', answers.get(id) ?? {});
      } catch (err) {
        // Rule refusals are thrown before any statement fails, so the transaction can go on to judge the rest.
        if (!(err instanceof HttpError) || err.status >= 500) throw err;
        refused.push(...refusalOf(id, err));
      }
    }
    if (refused.length) throw fail();
    return { updated: writable.length, ids: writable };
  });
}
