/**
 * Messaging-app sign-in (issue 32 item 4, ADR 1048): one-time grants bound to a browser (the OAuth
 * `state`, and the bind ticket of an openId no user holds yet), the provider codes already spent,
 * and one user per openId in a tenant.
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m197WxAppSignIn: Migration = {
  id: 197,
  name: 'wxapp_sign_in',
  async up(db) {
    await sql`
      CREATE TABLE wxapp_grants (
        id bigserial PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('state', 'bind')),
        secret_hash text NOT NULL UNIQUE,
        browser_hash text NOT NULL,
        tenant_id integer NOT NULL REFERENCES tenants (id),
        open_id text,
        redirect text NOT NULL DEFAULT '',
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        create_time timestamptz NOT NULL
      );
      CREATE INDEX wxapp_grants_expiry ON wxapp_grants (expires_at);
      CREATE TABLE wxapp_used_codes (
        code_hash text PRIMARY KEY,
        used_at timestamptz NOT NULL
      );
      CREATE INDEX wxapp_used_codes_time ON wxapp_used_codes (used_at);
      UPDATE users SET open_id = NULL WHERE open_id = '';
      CREATE UNIQUE INDEX users_tenant_open_id ON users (tenant_id, open_id) WHERE open_id IS NOT NULL;
    `.execute(db);
  },
};
