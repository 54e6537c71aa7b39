/**
 * A WeChat authorization started to bind the signed-in account (绑定微信 in the settings panel)
 * remembers that intent, so an openId already bound to another user answers
 * 该微信已绑定其他账号 instead of signing the browser in as that user (issue 32 item 4, ADR 1048).
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m205WxAppBindIntent: Migration = {
  id: 205,
  name: 'wxapp_bind_intent',
  async up(db) {
    await sql`ALTER TABLE wxapp_grants ADD COLUMN for_bind boolean NOT NULL DEFAULT false`.execute(db);
  },
};
