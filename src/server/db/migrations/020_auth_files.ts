/**
 * Issue 11 (sign-in and files): the token remembers that its user must change the password first
 * (needPerfect, enforced on the API), uploads remember who stored them (who may delete an
 * unreferenced file), and the lockout is counted per user and address.
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m020AuthFiles: Migration = {
  id: 20,
  name: 'auth_files',
  async up(db) {
    await sql`
      ALTER TABLE login_tokens ADD COLUMN need_perfect boolean NOT NULL DEFAULT false;
      CREATE INDEX login_attempts_user_ip ON login_attempts (tenant_code, user_name, ip, attempt_time);
      CREATE TABLE file_uploads (
        file_key text PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        user_id bigint NOT NULL,
        create_time timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX file_uploads_tenant_user ON file_uploads (tenant_id, user_id);
    `.execute(db);
  },
};
