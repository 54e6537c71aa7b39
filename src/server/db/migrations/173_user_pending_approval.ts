/**
 * Issue 32 item 2: an account that registered itself waits for an administrator when the tenant's
 * sys.register.approval is true. It is stored disabled (status '1') with this flag, so sign-in can
 * say it is waiting rather than stopped; enabling it in 用户管理 clears the flag.
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m173UserPendingApproval: Migration = {
  id: 173,
  name: 'user_pending_approval',
  async up(db) {
    await sql`ALTER TABLE users ADD COLUMN pending_approval boolean NOT NULL DEFAULT false`.execute(db);
  },
};
