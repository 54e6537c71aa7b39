/** Who stored which upload (file_uploads): the uploader may delete a file no record holds yet. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/** Remembers that `userId` stored `key`. */
export async function rememberUpload(db: Kysely<Database>, tenantId: number, key: string, userId: number): Promise<void> {
  await db.insertInto('file_uploads').values({ file_key: key, tenant_id: tenantId, user_id: userId }).onConflict((oc) => oc.column('file_key').doNothing()).execute();
}

/** The user id that stored `key` in the tenant, or null (seeded and older files have none). */
export async function findUploader(db: Kysely<Database>, tenantId: number, key: string): Promise<number | null> {
  const row = await db.selectFrom('file_uploads').select('user_id').where('tenant_id', '=', tenantId).where('file_key', '=', key).executeTakeFirst();
  return row ? Number(row.user_id) : null;
}

/** Forgets a deleted file. */
export async function forgetUpload(db: Kysely<Database>, tenantId: number, key: string): Promise<void> {
  await db.deleteFrom('file_uploads').where('tenant_id', '=', tenantId).where('file_key', '=', key).execute();
}

/** Ids of the tenant's users whose avatar is `url`. */
export async function findAvatarOwners(db: Kysely<Database>, tenantId: number, url: string): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('avatar', '=', url).execute();
  return rows.map((r) => Number(r.id));
}
