/** The messaging-app sign-in's one-time grants and spent codes (tables of migration 197). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

export interface NewGrant {
  kind: 'state' | 'bind';
  secretHash: string;
  browserHash: string;
  tenantId: number;
  openId?: string | null;
  redirect?: string;
  /** A state started to bind the signed-in account. */
  forBind?: boolean;
  expiresAt: Date;
  now: Date;
}

/** Stores a grant; expired grants go at the same time (the table holds about one lifetime's worth). */
export async function insertGrant(db: Kysely<Database>, g: NewGrant): Promise<void> {
  await db.deleteFrom('wxapp_grants').where('expires_at', '<', new Date(g.now.getTime() - 24 * 3600_000)).execute();
  await db
    .insertInto('wxapp_grants')
    .values({
      kind: g.kind,
      secret_hash: g.secretHash,
      browser_hash: g.browserHash,
      tenant_id: g.tenantId,
      open_id: g.openId ?? null,
      redirect: g.redirect ?? '',
      for_bind: g.forBind ?? false,
      expires_at: g.expiresAt,
      create_time: g.now,
    })
    .execute();
}

/** A grant by its secret's hash and kind, used or not (the caller tells the cases apart). */
export async function findGrant(db: Kysely<Database>, kind: 'state' | 'bind', secretHash: string) {
  return db
    .selectFrom('wxapp_grants')
    .select(['id', 'browser_hash', 'tenant_id', 'open_id', 'redirect', 'for_bind', 'expires_at', 'used_at'])
    .where('kind', '=', kind)
    .where('secret_hash', '=', secretHash)
    .executeTakeFirst();
}

/** Marks a grant used; false when another request used it first (exactly one wins). */
export async function useGrant(db: Kysely<Database>, id: number, now: Date): Promise<boolean> {
  const r = await db.updateTable('wxapp_grants').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Records a provider code as spent; false when it was spent before. Codes older than a day go. */
export async function claimCode(db: Kysely<Database>, codeHash: string, now: Date): Promise<boolean> {
  await db.deleteFrom('wxapp_used_codes').where('used_at', '<', new Date(now.getTime() - 24 * 3600_000)).execute();
  const r = await db.insertInto('wxapp_used_codes').values({ code_hash: codeHash, used_at: now }).onConflict((oc) => oc.column('code_hash').doNothing()).returning('code_hash').executeTakeFirst();
  return r !== undefined;
}
