/**
 * Adding and editing records: hidden fields dropped, rules re-checked with the adapter, values
 * coerced to column types, serial numbers and `$view` companions computed here, sub-form rows
 * saved with their parent — all in one transaction with the operation-log row.
 */
import { inTransaction } from './inTransaction.js';
import { fieldNameOfKey } from '../../../../schema-adapters/index.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { BUSINESS_TYPE } from '../../../shared/operationTypes.js';
import type { FieldError } from '../../../shared/envelope.js';
import { badRequest, conflict, notFound } from '../../http/HttpError.js';
import type { FormModel, ModelTable } from '../query/formModel.js';
import * as w from '../repositories/recordWrites.js';
import { boundValue, coerceRow, type ColumnValues } from '../write/coerceRow.js';
import { computeViews } from '../write/viewValues.js';
import { assertReferences } from '../write/checkReferences.js';
import { assertNotDuplicateOnSave } from '../../invoices/invoiceLedger.js';
import { ADD_KEY_REUSED, bindAddKey, claimAddKey, findAddKey, payloadHash } from '../repositories/addKeys.js';
import { nextSerial } from '../write/serialNumbers.js';
import { assertRecordValid, visibleFields } from './adapterBridge.js';
import { logWrite, userContext, type RecordCaller } from './recordContext.js';
import { sqlAnswersFor, sqlHideTexts, type SqlConditions } from './sqlHide.js';
import { assertSaveChecks } from '../buttons/formChecks.js';
import { flowHooks } from './flowHooks.js';

/** How a save treats rules and status: a full save, a draft stash, or a push of a draft. */
export type SaveMode = 'save' | 'stash' | 'push';

function statusFor(model: FormModel, mode: SaveMode): number {
  if (mode === 'stash') return -1;
  return model.form.definition.hasFlow ? 0 : 1;
}

function asData(body: unknown): { data: Record<string, unknown>; uuid?: string; version?: unknown } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求体须为对象');
  const b = body as Record<string, unknown>;
  const data = b.data ?? b;
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw badRequest('data 须为对象');
  if (b.uuid !== undefined && b.uuid !== null && (typeof b.uuid !== 'string' || b.uuid.length > 64)) throw badRequest('uuid 格式不正确');
  return { data: data as Record<string, unknown>, uuid: (b.uuid as string) || undefined, version: b.version };
}

/**
 * Drops hidden fields (spec 01 §5 Submit), judged on `basis` (the whole record) and the answers
 * of the `$sql` conditions for that record, and answers the rest.
 */
function withoutHidden(model: FormModel, data: Record<string, unknown>, caller: RecordCaller, sqlAnswers: Record<string, unknown>, basis = data): Record<string, unknown> {
  const hidden = hiddenFields(model, basis, caller, sqlAnswers);
  if (!hidden.size) return data;
  return Object.fromEntries(Object.entries(data).filter(([k]) => !hidden.has(fieldNameOfKey(k))));
}

/** The top-level fields hidden by their conditions for `record` (seen by `caller`, with the `$sql` answers). */
export function hiddenFields(model: FormModel, record: Record<string, unknown>, caller: RecordCaller, sqlAnswers: Record<string, unknown>): Set<string> {
  const visible = visibleFields(model.form.definition, record, userContext(caller.user), sqlAnswers);
  return new Set(Object.keys(visible).filter((k) => !visible[k]));
}

interface Prepared {
  main: ColumnValues;
  subs: { sub: ModelTable; rows: { id: number | null; pid: number | null; values: ColumnValues }[] }[];
}

async function prepare(trx: Kysely<Database>, model: FormModel, data: Record<string, unknown>, caller: RecordCaller): Promise<Prepared> {
  const errors: FieldError[] = [];
  const tenantId = caller.user.tenantId;
  // Drafts and hidden sub-form cells skip the adapter's rules, so what is written is checked here.
  await assertReferences(trx, model, tenantId, data);
  const mainData = Object.fromEntries(Object.entries(data).filter(([k]) => !model.subs.has(k)));
  const main = coerceRow(model.main, mainData, errors);
  for (const [col, v] of await computeViews(trx, tenantId, model.main, mainData)) main.set(col, boundValue(v));
  const subs: Prepared['subs'] = [];
  for (const [name, sub] of model.subs) {
    if (!(name in data)) continue;
    const rows = data[name] ?? [];
    if (!Array.isArray(rows)) { errors.push({ field: name, message: `「${sub.def.label}」须为数组` }); continue; }
    const out: Prepared['subs'][number]['rows'] = [];
    for (const [i, row] of rows.entries()) {
      if (!row || typeof row !== 'object' || Array.isArray(row)) { errors.push({ field: `${name}.${i}`, message: '子表单行须为对象' }); continue; }
      const r = row as Record<string, unknown>;
      const values = coerceRow(sub, r, errors, `${name}.${i}.`);
      for (const [col, v] of await computeViews(trx, tenantId, sub, r)) values.set(col, boundValue(v));
      const id = typeof r.id === 'number' && Number.isSafeInteger(r.id) ? r.id : null;
      const pid = typeof r.pid === 'number' && Number.isSafeInteger(r.pid) ? r.pid : null;
      out.push({ id, pid, values });
    }
    subs.push({ sub, rows: out });
  }
  if (errors.length) throw badRequest(errors[0].message, errors);
  return { main, subs };
}

async function saveChildren(trx: Kysely<Database>, model: FormModel, tenantId: number, parentId: number, prepared: Prepared, fresh: boolean) {
  for (const { sub, rows } of prepared.subs) {
    const existing = fresh ? [] : await w.childIds(trx, model, sub, tenantId, parentId);
    const keep = rows.map((r) => r.id).filter((id): id is number => id !== null && existing.includes(id));
    if (!fresh) await w.deleteChildrenExcept(trx, model, sub, tenantId, parentId, keep);
    for (const [i, r] of rows.entries()) {
      if (r.id !== null && keep.includes(r.id)) await w.updateChild(trx, model, sub, tenantId, parentId, r.id, i, r.values);
      else await w.insertChild(trx, model, sub, tenantId, parentId, i, r.values, r.pid);
    }
  }
}

const meta = (caller: RecordCaller): w.WriteMeta => ({ tenantId: caller.user.tenantId, userId: caller.user.userId, userName: caller.user.userName, deptId: caller.user.deptId });

/**
 * Adds a record; the same `uuid` twice creates one record and answers the same id. `conditions`
 * runs the form's `$sql` hide conditions; without it (the demo seed, whose forms have none) a
 * field with such a condition stays shown.
 */
export async function addRecord(
  db: Kysely<Database>, model: FormModel, caller: RecordCaller, body: unknown, mode: SaveMode = 'save', conditions?: SqlConditions,
): Promise<{ id: number }> {
  const { data: raw, uuid } = asData(body);
  // Before the transaction: on PGlite the sandbox needs the one connection the transaction would hold.
  const answers = await sqlAnswersFor(conditions, model, caller.user, raw);
  const data = withoutHidden(model, raw, caller, answers);
  if (mode !== 'stash') assertRecordValid(model.form.definition, data, userContext(caller.user), answers);
  if (mode !== 'stash') assertSaveChecks(model, 'add', data, userContext(caller.user));
  const tenantId = caller.user.tenantId;
  // A flow form's approval step is planned before the transaction too (the engine's work does not hold the connection).
  const plan = mode !== 'stash' ? await flowHooks().planSubmission(db, model, caller, data) : null;
  return inTransaction(db, async (trx) => {
    if (uuid) {
      // A second request with this uuid waits here for the first one's commit, then finds its id.
      const hash = payloadHash(raw);
      if (!(await claimAddKey(trx, tenantId, uuid, model.form.id, hash))) {
        const prior = await findAddKey(trx, tenantId, uuid);
        if (!prior || prior.recordId === null || prior.formId !== model.form.id) throw conflict('该请求编号已被使用，请重新获取');
        // Same key, other data: not a retry but a second record under a used key (issue 11 item 13).
        if (prior.payloadHash !== null && prior.payloadHash !== hash) throw conflict(ADD_KEY_REUSED);
        return { id: prior.recordId };
      }
    }
    // An invoice already in the ledger is refused (issue 31 item 2; a no-op for other forms).
    await assertNotDuplicateOnSave(trx, model, tenantId, data);
    const prepared = await prepare(trx, model, data, caller);
    for (const f of model.main.fields.values()) {
      if (f.def.funcType === 'serialNumber' && f.columns.value) {
        prepared.main.set(f.columns.value.name, boundValue(await nextSerial(trx, tenantId, model.form.id, f.def)));
      }
    }
    const id = await w.insertMain(trx, model, prepared.main, meta(caller), statusFor(model, mode));
    await saveChildren(trx, model, tenantId, id, prepared, true);
    // A flow form's record starts its approval in this same transaction (issue 18, ADR 0970).
    if (mode !== 'stash') await flowHooks().onRecordSubmitted(trx, model, caller, id, plan);
    if (uuid) await bindAddKey(trx, tenantId, uuid, id);
    await logWrite(trx, caller, model.form.cnName, BUSINESS_TYPE.add, { formName: model.form.enName, id, uuid });
    return { id };
  });
}

/** The stored record with the edit applied: what the rules judge. Sub-forms not sent are kept, so the rules still see their stored rows. */
async function mergedRecord(db: Kysely<Database>, model: FormModel, tenantId: number, current: Record<string, unknown>, id: number, raw: Record<string, unknown>): Promise<Record<string, unknown>> {
  const merged: Record<string, unknown> = { ...current, ...raw };
  for (const [name, sub] of model.subs) if (!(name in raw)) merged[name] = await w.readChildren(db, model, sub, tenantId, id);
  return merged;
}

/**
 * The `$sql` answers of an edit, judged on the record as it will be. Run outside the write
 * transaction (PGlite has one connection, which the sandbox needs); the transaction then checks
 * the version again, so the answers belong to the record that is written. `v` undefined: the
 * current version (a batch edit, which locks and reads each record's version itself).
 */
export async function editSqlAnswers(db: Kysely<Database>, model: FormModel, caller: RecordCaller, id: number, v: number | undefined, raw: Record<string, unknown>, conditions?: SqlConditions): Promise<Record<string, unknown>> {
  if (!conditions || !sqlHideTexts(model).size) return {};
  const tenantId = caller.user.tenantId;
  const current = await w.readMain(db, model, tenantId, id);
  if (!current) throw notFound('记录不存在');
  if (v !== undefined && current.version !== v) throw conflict('数据已被他人修改，请刷新后重试');
  return sqlAnswersFor(conditions, model, caller.user, await mergedRecord(db, model, tenantId, current, id, raw));
}

/**
 * The write of one edit inside `trx`: locks the record, checks its version (`v` undefined: the
 * version it has), re-checks the merged record with the adapter, writes main and sub-form rows,
 * bumps the version and logs the edit (type 2). Shared by the single edit and the batch edit.
 */
export async function applyEdit(
  trx: Kysely<Database>, model: FormModel, caller: RecordCaller, id: number, raw: Record<string, unknown>, v: number | undefined, mode: SaveMode, answers: Record<string, unknown>,
  plan?: unknown,
): Promise<{ id: number; version: number }> {
  const tenantId = caller.user.tenantId;
  const current = await w.readMain(trx, model, tenantId, id, true);
  if (!current) throw notFound('记录不存在');
  const at = v ?? Number(current.version);
  if (current.version !== at) throw conflict('数据已被他人修改，请刷新后重试');
  if (mode === 'push' && current.sys_status !== -1) throw badRequest('只有草稿可以提交');
  if (mode === 'stash' && current.sys_status !== -1) throw badRequest('只有草稿可以暂存');
  // A record in approval is written only by the approval's own action (its node's editable fields).
  if (Number(current.sys_status) === 0 && !caller.inFlow) await flowHooks().assertNotInApproval(trx, tenantId, model.form.enName, id);
  const merged = await mergedRecord(trx, model, tenantId, current, id, raw);
  const data = withoutHidden(model, raw, caller, answers, merged);
  if (mode !== 'stash') assertRecordValid(model.form.definition, withoutHidden(model, merged, caller, answers), userContext(caller.user), answers);
  if (mode !== 'stash') assertSaveChecks(model, 'edit', merged, userContext(caller.user));
  await assertNotDuplicateOnSave(trx, model, tenantId, merged, id, current.invoice_no);
  const prepared = await prepare(trx, model, data, caller);
  for (const f of model.main.fields.values()) if (f.def.funcType === 'serialNumber' && f.columns.value) prepared.main.delete(f.columns.value.name);
  const status = mode === 'push' ? statusFor(model, 'push') : mode === 'stash' ? -1 : undefined;
  if (!(await w.updateMain(trx, model, id, at, prepared.main, meta(caller), status))) throw conflict('数据已被他人修改，请刷新后重试');
  await saveChildren(trx, model, tenantId, id, prepared, false);
  // Pushing a draft of a flow form starts its approval in this same transaction (issue 18, ADR 0970).
  // The fields hidden now keep their stored values (not written), but count as empty for the
  // approval: a value the submitter cannot see must not choose the approver (ADR 1070).
  if (mode === 'push') await flowHooks().onRecordSubmitted(trx, model, caller, id, plan, [...hiddenFields(model, merged, caller, answers)]);
  await logWrite(trx, caller, model.form.cnName, BUSINESS_TYPE.edit, { formName: model.form.enName, id, data: raw });
  return { id, version: at + 1 };
}

/** Edits a record at the version the client read; a stale version is a 409 and writes nothing. `conditions` as for addRecord. */
export async function editRecord(
  db: Kysely<Database>, model: FormModel, caller: RecordCaller, id: number, body: unknown, mode: SaveMode = 'save', conditions?: SqlConditions,
): Promise<{ id: number; version: number }> {
  const { data: raw, version } = asData(body);
  const v = typeof version === 'string' && /^\d+$/.test(version) ? Number(version) : version;
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw badRequest('缺少版本号 version');
  const answers = await editSqlAnswers(db, model, caller, id, v, raw, conditions);
  const plan = mode === 'push' ? await flowHooks().planSubmission(db, model, caller, raw, id, answers) : null;
  return inTransaction(db, (trx) => applyEdit(trx, model, caller, id, raw, v, mode, answers, plan));
}
