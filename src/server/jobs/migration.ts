/**
 * Migration 800: the job table (src/server/jobs). Status survives a restart on both engines.
 * Migration 144: what bounded retries and chunked jobs keep (issue 26 item 4, ADR 0806).
 */
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
        expires_at timestamptz,
        -- Migration 144 (issue 26): a retried job waits until run_after; a chunked job's cursor.
        run_after timestamptz,
        checkpoint jsonb
      );
      CREATE INDEX jobs_owner ON jobs (tenant_id, user_id, create_time DESC);
      CREATE INDEX jobs_open ON jobs (status) WHERE status IN ('queued', 'running');
      CREATE INDEX jobs_expiring ON jobs (expires_at) WHERE status = 'done';
      CREATE INDEX jobs_tenant_running ON jobs (tenant_id) WHERE status = 'running';
    `.execute(db);
  },
};

/** `run_after` (a retried job waits until then), `checkpoint` (a chunked job's committed cursor), the tenant's running job. */
export const m144JobRetries: Migration = {
  id: 144,
  name: 'job_retries',
  async up(db) {
    // Ids run in order, so on a new database this runs before migration 800, whose table already
    // has these columns; only a database whose `jobs` predates them is altered here.
    const r = await sql<{ t: string | null }>`SELECT to_regclass('public.jobs')::text AS t`.execute(db);
    if (!r.rows[0]?.t) return;
    await sql`ALTER TABLE jobs ADD COLUMN IF NOT EXISTS run_after timestamptz`.execute(db);
    await sql`ALTER TABLE jobs ADD COLUMN IF NOT EXISTS checkpoint jsonb`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS jobs_tenant_running ON jobs (tenant_id) WHERE status = 'running'`.execute(db);
  },
};
