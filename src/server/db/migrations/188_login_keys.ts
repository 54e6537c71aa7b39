/**
 * Issue 32 item 3: encrypted sign-in. `login_keys` holds one RSA key pair per rotation period (a
 * day): the unique `period` lets several processes create a period's key at once and keep one.
 * `login_nonces` remembers each accepted request's nonce until its time window has passed, so a
 * captured request cannot be sent again.
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m188LoginKeys: Migration = {
  id: 188,
  name: 'login_keys',
  async up(db) {
    await sql`
      CREATE TABLE login_keys (
        key_id text PRIMARY KEY,
        period bigint NOT NULL UNIQUE,
        public_pem text NOT NULL,
        private_pem text NOT NULL,
        create_time timestamptz NOT NULL,
        accept_until timestamptz NOT NULL
      );
      CREATE TABLE login_nonces (
        nonce text PRIMARY KEY,
        expire_time timestamptz NOT NULL
      );
      CREATE INDEX login_nonces_expire ON login_nonces (expire_time);
    `.execute(db);
  },
};
