/**
 * The one gate every record write passes first (issue 12 items 8 and 9): a type-2 view takes no
 * write at all, a voided record takes no edit and no second void. Kept apart from the other
 * write rules (permissions, references, versions) so each reads on its own.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { isReadOnlyView, VIEW_READ_ONLY_MESSAGE, VOIDED_AGAIN_MESSAGE, VOIDED_EDIT_MESSAGE, VOIDED_STATUS } from '../../../shared/readOnlyRecords.js';
import { badRequest } from '../../http/HttpError.js';
import type { FormModel } from '../query/formModel.js';
import { statusesOf } from '../repositories/recordWrites.js';

/** A record write: add, edit (also stash and push of a draft), delete, void, or their pre-check. */
export type WriteOp = 'add' | 'edit' | 'delete' | 'invalid' | 'check';

/** Throws the view refusal (400) before a write's ids are read: a view's ids are not record ids. */
export function assertNotView(model: FormModel): void {
  if (isReadOnlyView(model.form.definition)) throw badRequest(VIEW_READ_ONLY_MESSAGE);
}

/**
 * Throws a Chinese 400 when `op` may not run on `ids` of `model`; ids that do not exist are left
 * to the write itself (its 404). Delete of a voided record is allowed (see shared/readOnlyRecords).
 */
export async function assertWritable(db: Kysely<Database>, model: FormModel, tenantId: number, op: WriteOp, ids: number[] = []): Promise<void> {
  if (isReadOnlyView(model.form.definition)) throw badRequest(VIEW_READ_ONLY_MESSAGE);
  if ((op !== 'edit' && op !== 'invalid') || !ids.length) return;
  const statuses = await statusesOf(db, model, tenantId, ids);
  if (!ids.some((id) => statuses.get(id) === VOIDED_STATUS)) return;
  throw badRequest(op === 'edit' ? VOIDED_EDIT_MESSAGE : VOIDED_AGAIN_MESSAGE);
}
