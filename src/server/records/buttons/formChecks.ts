/**
 * `feature.formChecks` (spec 01 §3.1; docs/forms.md): rules of the condition grammar per scene,
 * evaluated on the server. delete / invalid: answered by their pre-check (stop or warn) and
 * enforced again by the write (stop); add / edit: stop rules refuse the save.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { checkEntries, formChecksOf, type CheckEntry, type FormCheckScene } from '../../../../schema-adapters/index.js';
import type { UserContext } from '../../../../schema-adapters/definition/types.js';
import type { AuthUser } from '../../auth/types.js';
import { badRequest, notFound } from '../../http/HttpError.js';
import type { FormModel } from '../query/formModel.js';
import { readChildren, readMain } from '../repositories/recordWrites.js';
import { userContext } from '../services/recordContext.js';

/** The entries of the scene's rules over the stored records `ids` (absent ids are skipped: the caller reports them). */
export async function formCheckEntries(db: Kysely<Database>, model: FormModel, scene: FormCheckScene, ids: number[], user: AuthUser): Promise<CheckEntry[]> {
  const rules = formChecksOf(model.form.definition, scene);
  if (!rules.length) return [];
  const records: Record<string, unknown>[] = [];
  for (const id of ids) {
    const row = await readMain(db, model, user.tenantId, id);
    if (row) records.push(row);
  }
  return checkEntries(rules, records, userContext(user));
}

/** Throws a 400 with the stop texts when a stop rule of the scene holds for one of the records. */
export async function assertFormChecks(db: Kysely<Database>, model: FormModel, scene: FormCheckScene, ids: number[], user: AuthUser): Promise<void> {
  const stops = (await formCheckEntries(db, model, scene, ids, user)).filter((e) => e.action === 'stop');
  if (stops.length) throw badRequest(stops.map((e) => e.errorTips).join('；'));
}

/** add / edit: throws a 400 with the stop texts of the rules that hold for the record as it will be saved. */
export function assertSaveChecks(model: FormModel, scene: 'add' | 'edit', record: Record<string, unknown>, ctx: UserContext): void {
  const rules = formChecksOf(model.form.definition, scene);
  if (!rules.length) return;
  const stops = checkEntries(rules, [record], ctx).filter((e) => e.action === 'stop');
  if (stops.length) throw badRequest(stops.map((e) => e.errorTips).join('；'));
}

/**
 * `check/deleteSub`: the deleteSub rules (of that sub-form, or of every sub-form) over the saved
 * rows `rowIds` of record `parentId`, each judged with its row's fields over the record's. Rows
 * not saved yet have nothing to check. Answers like `check/delete`.
 */
export async function checkDeleteSub(db: Kysely<Database>, model: FormModel, body: Record<string, unknown>, user: AuthUser): Promise<{ success: boolean; action: 'stop' | 'warn' | null; errorTips: string }> {
  const subName = body.subForm;
  const sub = typeof subName === 'string' ? model.subs.get(subName) : undefined;
  if (!sub) throw badRequest('subForm 须为本表单的子表');
  const parentId = typeof body.parentId === 'string' && /^\d{1,15}$/.test(body.parentId) ? Number(body.parentId) : body.parentId;
  if (typeof parentId !== 'number' || !Number.isSafeInteger(parentId) || parentId <= 0) throw badRequest('parentId 须为记录编号');
  const ids = Array.isArray(body.ids) ? body.ids.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0) : [];
  if (!Array.isArray(body.ids) || ids.length !== body.ids.length) throw badRequest('ids 须为子表行编号数组');
  const rules = formChecksOf(model.form.definition, 'deleteSub', subName as string);
  if (!rules.length || !ids.length) return { success: true, action: null, errorTips: '' };
  const main = await readMain(db, model, user.tenantId, parentId);
  if (!main) throw notFound('记录不存在');
  const wanted = new Set(ids);
  const rows = (await readChildren(db, model, sub, user.tenantId, parentId)).filter((r) => wanted.has(Number(r.id)));
  const entries = checkEntries(rules, rows.map((row) => ({ ...main, ...row })), userContext(user));
  const stops = entries.filter((e) => e.action === 'stop');
  if (stops.length) return { success: false, action: 'stop', errorTips: stops.map((e) => e.errorTips).join('；') };
  if (entries.length) return { success: false, action: 'warn', errorTips: entries.map((e) => e.errorTips).join('<br>') };
  return { success: true, action: null, errorTips: '' };
}
