/** Migration 800: the job table (src/server/jobs). Status survives a restart on both engines. */
import { sql } from 'kysely';
import type { Migration } from '../db/migrations/types.js';

/** Background jobs of a tenant's user: export, import (and later batch edits, notifications). */
export const m800Jobs: Migration = {
  id: 800,
  name: 'jobs',
  async up(db) {
    await sql`
      CREATE TABLE jobs (
        id uuid PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        user_id bigint NOT NULL,
        kind text NOT NULL,
        title text NOT NULL DEFAULT '',
        -- queued → running → done | failed | cancelled; a done job's file later → expired.
        status text NOT NULL DEFAULT 'queued',
        phase text NOT NULL DEFAULT 'queued',
        done bigint NOT NULL DEFAULT 0,
        total bigint,
        params jsonb NOT NULL DEFAULT '{}'::jsonb,
        result jsonb,
        error text,
        cancel_requested boolean NOT NULL DEFAULT false,
        attempts int NOT NULL DEFAULT 0,
        -- Which process runs it, and when it last said so: a silent runner's job is taken over.
        worker text,
        heartbeat_at timestamptz,
        create_time timestamptz NOT NULL DEFAULT now(),
        start_time timestamptz,
        finish_time timestamptz,
        expires_at timestamptz
      );
      CREATE INDEX jobs_owner ON jobs (tenant_id, user_id, create_time DESC);
      CREATE INDEX jobs_open ON jobs (status) WHERE status IN ('queued', 'running');
      CREATE INDEX jobs_expiring ON jobs (expires_at) WHERE status = 'done';
    `.execute(db);
  },
};
