/**
 * Issue 32 item 2: SMS verification codes. One row per code sent; the code itself is kept only as a
 * salted hash. The same rows count the sends per number (60 s, day) and per client address;
 * sms_code_failures counts wrong answers per client address over every number.
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m172SmsCodes: Migration = {
  id: 172,
  name: 'sms_codes',
  async up(db) {
    await sql`
      CREATE TABLE sms_codes (
        id bigserial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        phone text NOT NULL,
        client_ip text NOT NULL,
        code_salt text NOT NULL,
        code_hash text NOT NULL,
        wrong_tries int NOT NULL DEFAULT 0,
        used boolean NOT NULL DEFAULT false,
        send_time timestamptz NOT NULL,
        expire_time timestamptz NOT NULL
      );
      CREATE INDEX sms_codes_phone ON sms_codes (tenant_id, phone, send_time);
      CREATE INDEX sms_codes_ip ON sms_codes (client_ip, send_time);
      CREATE TABLE sms_code_failures (
        client_ip text NOT NULL,
        fail_time timestamptz NOT NULL
      );
      CREATE INDEX sms_code_failures_ip ON sms_code_failures (client_ip, fail_time);
    `.execute(db);
  },
};
