/** The records a button works on: the selected ones of the caller's tenant, or one empty record. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { notFound } from '../../http/HttpError.js';
import type { FormModel } from '../query/formModel.js';
import { readMain } from '../repositories/recordWrites.js';
import type { RowScope } from '../query/rowScope.js';

/**
 * Each selected record (tenant-scoped, within the caller's data scope, locked when `lock`); a
 * missing id, or one outside the scope, is a 404 (记录不存在) and nothing runs. With no selection (unSelectedActionable), one record whose fields are all null.
 */
export async function buttonRecords(db: Kysely<Database>, model: FormModel, tenantId: number, ids: number[], scope: RowScope, lock = false): Promise<Record<string, unknown>[]> {
  if (!ids.length) return [Object.fromEntries([...model.main.fields.keys(), 'id'].map((k) => [k, null]))];
  const out: Record<string, unknown>[] = [];
  for (const id of ids) {
    const row = await readMain(db, model, tenantId, id, lock, scope);
    if (!row) throw notFound('记录不存在');
    out.push(row);
  }
  return out;
}
