/** National addresses (province / city / district), shared by every tenant. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/** True when the address id exists. */
export async function addressExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return !!(await db.selectFrom('addresses').select('id').where('id', '=', id).executeTakeFirst());
}

/** The children of an address, by code. */
export async function addressChildren(db: Kysely<Database>, id: number): Promise<{ id: number; name: string; level: number; leaf: boolean }[]> {
  const rows = await db.selectFrom('addresses').select(['id', 'name', 'level']).where('parent_id', '=', id).orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, name: r.name, level: r.level, leaf: r.level >= 3 }));
}
