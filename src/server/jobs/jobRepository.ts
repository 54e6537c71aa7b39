/** The only SQL over the `jobs` table. Every owner-facing read is bound to tenant and user. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { JobResult, JobRow, JobStatus } from './types.js';

interface Raw {
  id: string; tenant_id: number; user_id: number; kind: string; title: string; status: JobStatus; phase: string;
  done: number | string; total: number | string | null; params: Record<string, unknown>; result: JobResult | null; error: string | null;
  cancel_requested: boolean; attempts: number; create_time: Date; finish_time: Date | null; expires_at: Date | null;
}

function toJob(r: Raw): JobRow {
  return {
    id: r.id, tenantId: Number(r.tenant_id), userId: Number(r.user_id), kind: r.kind, title: r.title, status: r.status, phase: r.phase,
    done: Number(r.done), total: r.total === null ? null : Number(r.total), params: r.params ?? {}, result: r.result, error: r.error,
    cancelRequested: r.cancel_requested, attempts: r.attempts, createTime: r.create_time, finishTime: r.finish_time, expiresAt: r.expires_at,
  };
}

/** Inserts a queued job. */
export async function insertJob(db: Kysely<Database>, job: { id: string; tenantId: number; userId: number; kind: string; title: string; params: unknown }): Promise<void> {
  await sql`INSERT INTO jobs (id, tenant_id, user_id, kind, title, params)
    VALUES (${job.id}, ${job.tenantId}, ${job.userId}, ${job.kind}, ${job.title}, ${JSON.stringify(job.params)}::jsonb)`.execute(db);
}

/** A job of this tenant and user, or undefined (someone else's job is as absent as a missing one). */
export async function findOwnJob(db: Kysely<Database>, tenantId: number, userId: number, id: string): Promise<JobRow | undefined> {
  const r = await sql<Raw>`SELECT * FROM jobs WHERE id = ${id} AND tenant_id = ${tenantId} AND user_id = ${userId}`.execute(db);
  return r.rows[0] ? toJob(r.rows[0]) : undefined;
}

/**
 * Takes a queued job for this worker: one UPDATE, so of two processes (or two deliveries of one
 * message) exactly one gets the row; the other gets nothing and does nothing.
 */
export async function claimJob(db: Kysely<Database>, id: string, worker: string): Promise<JobRow | undefined> {
  const r = await sql<Raw>`UPDATE jobs SET status = 'running', phase = 'start', worker = ${worker}, heartbeat_at = now(),
      start_time = now(), attempts = attempts + 1, done = 0
    WHERE id = ${id} AND status = 'queued' AND NOT cancel_requested RETURNING *`.execute(db);
  return r.rows[0] ? toJob(r.rows[0]) : undefined;
}

/** Progress and heartbeat of a running job; answers whether cancel was asked. */
export async function writeProgress(db: Kysely<Database>, id: string, worker: string, done: number, total: number | null | undefined, phase: string | undefined): Promise<boolean> {
  const r = await sql<{ cancel_requested: boolean }>`UPDATE jobs SET done = ${done}, heartbeat_at = now(),
      total = COALESCE(${total ?? null}::bigint, total), phase = COALESCE(${phase ?? null}::text, phase)
    WHERE id = ${id} AND worker = ${worker} AND status = 'running' RETURNING cancel_requested`.execute(db);
  return r.rows[0]?.cancel_requested ?? true;
}

/** Whether cancel was asked (also true when the job is no longer this worker's). */
export async function cancelAsked(db: Kysely<Database>, id: string, worker: string): Promise<boolean> {
  const r = await sql<{ c: boolean }>`SELECT cancel_requested OR status <> 'running' OR worker IS DISTINCT FROM ${worker} AS c FROM jobs WHERE id = ${id}`.execute(db);
  return r.rows[0]?.c ?? true;
}

/** Ends a running job of this worker. */
export async function finishJob(db: Kysely<Database>, id: string, worker: string, status: 'done' | 'failed' | 'cancelled',
  fields: { result?: JobResult | null; error?: string | null; ttlMinutes: number }): Promise<boolean> {
  const r = await sql`UPDATE jobs SET status = ${status}, phase = ${status}, result = ${fields.result ? JSON.stringify(fields.result) : null}::jsonb,
      error = ${fields.error ?? null}, finish_time = now(), heartbeat_at = now(),
      expires_at = CASE WHEN ${status} = 'done' THEN now() + make_interval(mins => ${fields.ttlMinutes}) END
    WHERE id = ${id} AND worker = ${worker} AND status = 'running'`.execute(db);
  return Number(r.numAffectedRows ?? 0) > 0;
}

/** The owner asks to cancel: a queued job ends at once, a running one at its next check. */
export async function requestCancel(db: Kysely<Database>, tenantId: number, userId: number, id: string): Promise<JobRow | undefined> {
  const r = await sql<Raw>`UPDATE jobs SET cancel_requested = true,
      status = CASE WHEN status = 'queued' THEN 'cancelled' ELSE status END,
      phase = CASE WHEN status = 'queued' THEN 'cancelled' ELSE phase END,
      finish_time = CASE WHEN status = 'queued' THEN now() ELSE finish_time END
    WHERE id = ${id} AND tenant_id = ${tenantId} AND user_id = ${userId} RETURNING *`.execute(db);
  return r.rows[0] ? toJob(r.rows[0]) : undefined;
}

/**
 * Running jobs whose runner fell silent (a killed process) go back to the queue; answers the ids
 * of every queued job older than `staleSeconds` (to announce again: a claim takes each once).
 */
export async function requeueStale(db: Kysely<Database>, staleSeconds: number): Promise<string[]> {
  const back = await sql<{ id: string }>`UPDATE jobs SET status = 'queued', phase = 'queued', worker = NULL, done = 0
    WHERE status = 'running' AND heartbeat_at < now() - make_interval(secs => ${staleSeconds}) RETURNING id`.execute(db);
  // A queued job this old lost its announcement (a crash between insert and send).
  const r = await sql<{ id: string }>`SELECT id FROM jobs WHERE status = 'queued' AND NOT cancel_requested
    AND create_time < now() - make_interval(secs => ${staleSeconds}) ORDER BY create_time LIMIT 100`.execute(db);
  return [...new Set([...back.rows.map((x) => x.id), ...r.rows.map((x) => x.id)])];
}

/** On the single-process engine every running job at start was cut off by a stop: all go back. */
export async function requeueAllRunning(db: Kysely<Database>): Promise<string[]> {
  await sql`UPDATE jobs SET status = 'queued', phase = 'queued', worker = NULL, done = 0 WHERE status = 'running'`.execute(db);
  const r = await sql<{ id: string }>`SELECT id FROM jobs WHERE status = 'queued' AND NOT cancel_requested ORDER BY create_time`.execute(db);
  return r.rows.map((x) => x.id);
}

/** Done jobs past their expiry: marked expired; answers their result files to remove. */
export async function expireJobs(db: Kysely<Database>): Promise<string[]> {
  const r = await sql<{ result: JobResult | null }>`UPDATE jobs SET status = 'expired', phase = 'expired'
    WHERE status = 'done' AND expires_at < now() RETURNING result`.execute(db);
  return r.rows.flatMap((x) => [x.result?.fileKey, x.result?.errorReportKey].filter((k): k is string => typeof k === 'string'));
}
