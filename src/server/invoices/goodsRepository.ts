/**
 * SQL of the goods sync (goodsSync.ts): the items of a constant list, and the goods record holding
 * a 货品编码. Columns come from the stored storage snapshot (FormModel); every value is bound.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { FormModel } from '../records/query/formModel.js';

/** A constant list item. */
export interface Choice {
  id: number;
  name: string;
}

/** The active items of the tenant's constant list `parentId`. */
export async function listItems(db: Kysely<Database>, tenantId: number, parentId: number): Promise<Choice[]> {
  const rows = await db.selectFrom('constants').select(['id', 'name']).where('tenant_id', '=', tenantId).where('parent_id', '=', parentId).where('status', '=', 1).orderBy('order_num').orderBy('id').execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

/** The goods record of the tenant with this 货品编码, not voided. */
export async function findGoods(db: Kysely<Database>, model: FormModel, tenantId: number, code: string): Promise<number | undefined> {
  const col = model.main.fields.get('goods_code')?.columns.value?.name;
  if (!col) return undefined;
  const t = sql.id(model.schema, model.main.table.name);
  const r = await sql<{ id: number }>`SELECT id FROM ${t} WHERE tenant_id = ${tenantId} AND ${sql.ref(col)}::text = ${code} AND sys_status <> -2 ORDER BY id LIMIT 1`.execute(db);
  return r.rows[0] ? Number(r.rows[0].id) : undefined;
}
