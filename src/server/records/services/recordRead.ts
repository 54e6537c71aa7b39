/** A record with its sub-form rows (detail), and the same as data for a copy. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { notFound } from '../../http/HttpError.js';
import type { FormModel } from '../query/formModel.js';
import type { Reader } from '../query/rowScope.js';
import { readChildren, readMain } from '../repositories/recordWrites.js';

/**
 * The record and, under each sub-form's enName, its rows (with a 1-based `rowIndex`). A record
 * outside the reader's data scope is 记录不存在 (404), as another tenant's is.
 */
export async function recordDetail(db: Kysely<Database>, model: FormModel, reader: Reader, id: number): Promise<Record<string, unknown>> {
  const tenantId = reader.tenantId;
  const row = await readMain(db, model, tenantId, id, false, reader.scope);
  if (!row) throw notFound('记录不存在');
  for (const [name, sub] of model.subs) {
    const rows = await readChildren(db, model, sub, tenantId, id);
    row[name] = rows.map((r, i) => ({ ...r, rowIndex: String(i + 1) }));
  }
  return row;
}

const SYSTEM = ['id', 'sys_status', 'sysStatus', 'pid', 'create_by', 'create_user_id', 'create_dept_id', 'create_time', 'update_time', 'version'];

/** Data for a new record copied from an existing one: no ids, no system values, no serials. */
export async function recordCopy(db: Kysely<Database>, model: FormModel, reader: Reader, id: number): Promise<Record<string, unknown>> {
  const detail = await recordDetail(db, model, reader, id);
  for (const k of SYSTEM) delete detail[k];
  for (const f of model.main.fields.values()) if (f.def.funcType === 'serialNumber') detail[f.def.enName] = null;
  for (const name of model.subs.keys()) {
    detail[name] = (detail[name] as Record<string, unknown>[]).map(({ id: _i, parent_id: _p, row_order: _o, rowIndex: _r, ...rest }) => rest);
  }
  return detail;
}
