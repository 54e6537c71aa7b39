/**
 * The sign-in before the latest one (issue 12: the home page's 上次登录 showed the sign-in that had
 * just happened). Each sign-in moves login_ip / login_date here before writing its own.
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m030PreviousLogin: Migration = {
  id: 30,
  name: 'previous_login',
  async up(db) {
    await sql`
      ALTER TABLE users
        ADD COLUMN prev_login_ip text NOT NULL DEFAULT '',
        ADD COLUMN prev_login_date timestamptz
    `.execute(db);
  },
};
