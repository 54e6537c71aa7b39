/**
 * The encrypted sign-in's RSA key pairs (issue 32 item 3): one per day, made on first use by
 * whichever process asks first, kept in the database so every process decrypts with it. The
 * previous day's key is still accepted for GRACE_MS after the rotation, so a page that fetched
 * it just before midnight can still sign in.
 */
import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { findAcceptedKey, findKeyOfPeriod, insertKeyOfPeriod, type LoginKeyRow } from '../repositories/loginKeyRepository.js';

/** How long a key is the current one. */
export const ROTATE_MS = 24 * 3600_000;
/** How long a key is still accepted after the next one took over. */
export const GRACE_MS = 3600_000;

const generate = promisify(generateKeyPair);

/** The public key and its id: what the sign-in page encrypts with. */
export interface PublicLoginKey {
  keyId: string;
  publicKey: string;
  /** When the next key takes over (ISO time); this one is accepted GRACE_MS longer. */
  rotatesAt: string;
}

/** The current period's key, made now if this period has none yet. */
export async function currentLoginKey(db: Kysely<Database>, now: Date): Promise<PublicLoginKey> {
  const period = Math.floor(now.getTime() / ROTATE_MS);
  let row = await findKeyOfPeriod(db, period);
  if (!row) {
    const { publicKey, privateKey } = await generate('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const keyId = `${period.toString(36)}-${randomBytes(6).toString('hex')}`;
    await insertKeyOfPeriod(db, period, { key_id: keyId, public_pem: publicKey, private_pem: privateKey, create_time: now, accept_until: new Date((period + 1) * ROTATE_MS + GRACE_MS) }, now);
    // Another process may have stored its key for this period first: that one is the period's.
    row = await findKeyOfPeriod(db, period);
    if (!row) throw new Error('login key was not stored');
  }
  return { keyId: row.key_id, publicKey: row.public_pem, rotatesAt: new Date((period + 1) * ROTATE_MS).toISOString() };
}

/** The private key of `keyId` while it is accepted, else undefined. */
export async function acceptedLoginKey(db: Kysely<Database>, keyId: string, now: Date): Promise<LoginKeyRow | undefined> {
  return findAcceptedKey(db, keyId, now);
}
