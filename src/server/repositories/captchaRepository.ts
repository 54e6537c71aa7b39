/** Captcha answers, kept in the database so any instance can check them. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/** Stores an answer for uuid until expire. */
export async function insertCaptcha(db: Kysely<Database>, uuid: string, answer: string, expire: Date): Promise<void> {
  await db.deleteFrom('captchas').where('expire_time', '<', new Date()).execute();
  await db.insertInto('captchas').values({ uuid, answer, expire_time: expire }).execute();
}

/** Removes and returns the live answer for uuid (one use only). */
export async function takeCaptcha(db: Kysely<Database>, uuid: string): Promise<string | null> {
  const row = await db.deleteFrom('captchas').where('uuid', '=', uuid).returning(['answer', 'expire_time']).executeTakeFirst();
  if (!row || row.expire_time < new Date()) return null;
  return row.answer;
}
