/**
 * `feature.formChecks` (spec 01 §3.1; docs/forms.md): rules of the condition grammar per scene,
 * evaluated on the server. delete / invalid: answered by their pre-check (stop or warn) and
 * enforced again by the write (stop); add / edit: stop rules refuse the save.
 */
import type { Kysely } from 'kysely';
import { checkEntries, formChecksOf, type CheckEntry, type FormCheckScene } from '../../../../schema-adapters/index.js';
import type { UserContext } from '../../../../schema-adapters/definition/types.js';
import type { AuthUser } from '../../auth/types.js';
import { badRequest } from '../../http/HttpError.js';
import type { FormModel } from '../query/formModel.js';
import { readMain } from '../repositories/recordWrites.js';
import { userContext } from '../services/recordContext.js';

/** The entries of the scene's rules over the stored records `ids` (absent ids are skipped: the caller reports them). */
export async function formCheckEntries(db: Kysely<any>, model: FormModel, scene: FormCheckScene, ids: number[], user: AuthUser): Promise<CheckEntry[]> {
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
export async function assertFormChecks(db: Kysely<any>, model: FormModel, scene: FormCheckScene, ids: number[], user: AuthUser): Promise<void> {
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
