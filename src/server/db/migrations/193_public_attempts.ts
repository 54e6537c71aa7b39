/**
 * Issue 32 item 2: calls without a token that have no other natural limit (tenant verification,
 * registration by captcha where the tenant turned SMS off) are counted per client address and
 * action here, so every API process sees the same count (the server keeps no state in memory).
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m193PublicAttempts: Migration = {
  id: 193,
  name: 'public_attempts',
  async up(db) {
    await sql`
      CREATE TABLE public_attempts (
        action text NOT NULL,
        client_ip text NOT NULL,
        attempt_time timestamptz NOT NULL
      );
      CREATE INDEX public_attempts_ip ON public_attempts (action, client_ip, attempt_time);
    `.execute(db);
  },
};
