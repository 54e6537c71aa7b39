/** RSA key pairs of the encrypted sign-in (table login_keys) and the nonces it has accepted (login_nonces). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

export interface LoginKeyRow {
  key_id: string;
  public_pem: string;
  private_pem: string;
  create_time: Date;
  accept_until: Date;
}

/** The key of a rotation period, if one was made. */
export async function findKeyOfPeriod(db: Kysely<Database>, period: number): Promise<LoginKeyRow | undefined> {
  return db.selectFrom('login_keys').select(['key_id', 'public_pem', 'private_pem', 'create_time', 'accept_until']).where('period', '=', String(period)).executeTakeFirst();
}

/** A key by id while it is still accepted at `now`. */
export async function findAcceptedKey(db: Kysely<Database>, keyId: string, now: Date): Promise<LoginKeyRow | undefined> {
  return db
    .selectFrom('login_keys')
    .select(['key_id', 'public_pem', 'private_pem', 'create_time', 'accept_until'])
    .where('key_id', '=', keyId)
    .where('accept_until', '>=', now)
    .executeTakeFirst();
}

/**
 * Stores a period's key unless another process stored one first (the unique period keeps one),
 * and drops keys no longer accepted.
 */
export async function insertKeyOfPeriod(db: Kysely<Database>, period: number, key: Omit<LoginKeyRow, 'create_time'> & { create_time: Date }, now: Date): Promise<void> {
  await db.deleteFrom('login_keys').where('accept_until', '<', now).execute();
  await db
    .insertInto('login_keys')
    .values({ ...key, period: String(period) })
    .onConflict((oc) => oc.column('period').doNothing())
    .execute();
}

/** Records a nonce until `expire`; false when it was already recorded (a replay). Expired nonces are dropped first. */
export async function claimNonce(db: Kysely<Database>, nonce: string, expire: Date, now: Date): Promise<boolean> {
  await db.deleteFrom('login_nonces').where('expire_time', '<', now).execute();
  const row = await db
    .insertInto('login_nonces')
    .values({ nonce, expire_time: expire })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return row !== undefined;
}
