/** Login captcha images (svg-captcha); answers are stored in the database, one use, 2 minutes. */
import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { insertCaptcha } from '../repositories/captchaRepository.js';

export const CAPTCHA_TTL_MS = 2 * 60_000;

/** A new captcha: its uuid and an SVG data URL; the answer is kept server-side. */
export async function createCaptcha(db: Kysely<Database>): Promise<{ uuid: string; img: string }> {
  const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true, background: '#f0f2f5' });
  const uuid = randomUUID();
  await insertCaptcha(db, uuid, c.text, new Date(Date.now() + CAPTCHA_TTL_MS));
  return { uuid, img: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` };
}
