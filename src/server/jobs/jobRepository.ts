/** The only SQL over the `jobs` table. Every owner-facing read is bound to tenant and user. */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/types.js';
import { insertMessages } from '../repositories/messageRepository.js';
import type { JobResult, JobRow, JobStatus } from './types.js';

interface Raw {
  id: string; tenant_id: number; user_id: number; kind: string; title: string; status: JobStatus; phase: string;
  done: number | string; total: number | string | null; params: Record<string, unknown>; result: JobResult | null; error: string | null;
  cancel_requested: boolean; attempts: number; create_time: Date; finish_time: Date | null; expires_at: Date | null;
  checkpoint: Record<string, unknown> | null;
}

function toJob(r: Raw): JobRow {
  return {
    id: r.id, tenantId: Number(r.tenant_id), userId: Number(r.user_id), kind: r.kind, title: r.title, status: r.status, phase: r.phase,
    done: Number(r.done), total: r.total === null ? null : Number(r.total), params: r.params ?? {}, result: r.result, error: r.error,
    cancelRequested: r.cancel_requested, attempts: r.attempts, createTime: r.create_time, finishTime: r.finish_time, expiresAt: r.expires_at,
    checkpoint: r.checkpoint ?? null,
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
 * message) exactly one gets the row; the other gets nothing and does nothing. A job waiting out
 * its retry delay (`run_after`) is not taken, nor one whose tenant already has a running job (the
 * tenant's turn: one job of a tenant at a time, so one tenant's long job leaves the other slots to
 * the others). `done` starts from what a chunked job already committed.
 */
export async function claimJob(db: Kysely<Database>, id: string, worker: string): Promise<JobRow | undefined> {
  const r = await sql<Raw>`UPDATE jobs SET status = 'running', phase = 'start', worker = ${worker}, heartbeat_at = now(),
      start_time = now(), attempts = attempts + 1, done = COALESCE((checkpoint->>'done')::bigint, 0), run_after = NULL
    WHERE id = ${id} AND status = 'queued' AND NOT cancel_requested AND (run_after IS NULL OR run_after <= now())
      AND NOT EXISTS (SELECT 1 FROM jobs o WHERE o.tenant_id = jobs.tenant_id AND o.status = 'running' AND o.id <> jobs.id)
    RETURNING *`.execute(db);
  return r.rows[0] ? toJob(r.rows[0]) : undefined;
}

/** Why a job was not claimed: seconds until its retry delay ends, or null (not queued, or its tenant's turn is taken). */
export async function retryDelay(db: Kysely<Database>, id: string): Promise<number | null> {
  const r = await sql<{ s: number | string }>`SELECT ceil(extract(epoch FROM run_after - now())) AS s FROM jobs
    WHERE id = ${id} AND status = 'queued' AND NOT cancel_requested AND run_after > now()`.execute(db);
  return r.rows[0] ? Math.max(1, Number(r.rows[0].s)) : null;
}

/** The oldest queued job of a tenant (announced when its running job ends: the tenant's next turn). */
export async function nextOfTenant(db: Kysely<Database>, tenantId: number): Promise<string | undefined> {
  const r = await sql<{ id: string }>`SELECT id FROM jobs WHERE tenant_id = ${tenantId} AND status = 'queued' AND NOT cancel_requested
    ORDER BY create_time LIMIT 1`.execute(db);
  return r.rows[0]?.id;
}

/** Thrown when a job's row is no longer this worker's (taken over after a silent heartbeat): its transaction rolls back. */
export class JobLostError extends Error {
  constructor() {
    super('job taken over by another runner');
    this.name = 'JobLostError';
  }
}

/**
 * Ends a running job inside the transaction that commits its effects: the effects and the end
 * commit together or not at all. Throws JobLostError (rolling the effects back) when the row is no
 * longer this worker's.
 */
export async function finishInTransaction(trx: Kysely<Database>, id: string, worker: string, status: 'done' | 'failed' | 'cancelled',
  fields: { result?: JobResult | null; error?: string | null; done: number; total?: number | null; ttlMinutes: number }): Promise<void> {
  if (!(await finishJob(trx, id, worker, status, fields))) throw new JobLostError();
}

/** Records a chunked job's cursor in the transaction that commits the chunk (JobLostError when the row is not this worker's). */
export async function writeCheckpoint(trx: Kysely<Database>, id: string, worker: string, checkpoint: Record<string, unknown>, done: number): Promise<void> {
  const r = await sql`UPDATE jobs SET checkpoint = ${JSON.stringify({ ...checkpoint, done })}::jsonb, done = ${done}, heartbeat_at = now()
    WHERE id = ${id} AND worker = ${worker} AND status = 'running'`.execute(trx);
  if (!Number(r.numAffectedRows ?? 0)) throw new JobLostError();
}

/** A stopping process gives its running job back (not counted as an attempt). */
export async function releaseJob(db: Kysely<Database>, id: string, worker: string): Promise<void> {
  await sql`UPDATE jobs SET status = 'queued', phase = 'queued', worker = NULL, attempts = greatest(attempts - 1, 0)
    WHERE id = ${id} AND worker = ${worker} AND status = 'running'`.execute(db);
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
  fields: { result?: JobResult | null; error?: string | null; done?: number; total?: number | null; ttlMinutes: number }): Promise<boolean> {
  const r = await sql`UPDATE jobs SET status = ${status}, phase = ${status}, result = ${fields.result ? JSON.stringify(fields.result) : null}::jsonb,
      done = COALESCE(${fields.done ?? null}::bigint, done), total = COALESCE(${fields.total ?? null}::bigint, total),
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

/** How interrupted jobs are retried: the most attempts, and the first delay (doubled each time). */
export interface RetryPolicy {
  maxAttempts: number;
  backoffSeconds: number;
}

/** The owner's message (消息中心) and the job's error when its attempts are used up. */
export const GAVE_UP_ERROR = '任务多次中断，已停止重试';

/**
 * Puts interrupted running jobs (those `where` selects) back to the queue, after a delay that
 * doubles with each attempt; a job that used up its attempts (it kept killing its process) fails
 * instead and its owner gets a message in 消息中心, in the same transaction. Answers the re-queued ids.
 */
async function requeueInterrupted(db: Kysely<Database>, where: RawBuilder<unknown>, policy: RetryPolicy): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const r = await sql<{ id: string; status: JobStatus; tenant_id: number; user_id: number; title: string; attempts: number }>`
      UPDATE jobs SET worker = NULL, done = COALESCE((checkpoint->>'done')::bigint, 0),
        status = CASE WHEN attempts >= ${policy.maxAttempts} THEN 'failed' ELSE 'queued' END,
        phase = CASE WHEN attempts >= ${policy.maxAttempts} THEN 'failed' ELSE 'queued' END,
        error = CASE WHEN attempts >= ${policy.maxAttempts} THEN ${GAVE_UP_ERROR} END,
        finish_time = CASE WHEN attempts >= ${policy.maxAttempts} THEN now() END,
        run_after = CASE WHEN attempts < ${policy.maxAttempts}
          THEN now() + make_interval(secs => ${policy.backoffSeconds}::double precision * power(2, greatest(attempts - 1, 0))) END
      WHERE status = 'running' AND ${where} RETURNING id, status, tenant_id, user_id, title, attempts`.execute(trx);
    const failed = r.rows.filter((x) => x.status === 'failed');
    if (failed.length) {
      await insertMessages(trx, failed.map((x) => ({
        tenantId: Number(x.tenant_id), userId: Number(x.user_id), title: `任务失败：${x.title}`,
        content: `${GAVE_UP_ERROR}（已尝试${x.attempts}次，每次都中断了服务）。请缩小数据范围后重新提交，或联系管理员。`,
      })));
    }
    return r.rows.filter((x) => x.status === 'queued').map((x) => x.id);
  });
}

/** Queued jobs to announce again: a queued job this old lost its announcement (a crash between insert and send). */
export async function oldQueued(db: Kysely<Database>, olderThanSeconds: number): Promise<string[]> {
  const r = await sql<{ id: string }>`SELECT id FROM jobs WHERE status = 'queued' AND NOT cancel_requested
    AND create_time < now() - make_interval(secs => ${olderThanSeconds}) ORDER BY create_time LIMIT 100`.execute(db);
  return r.rows.map((x) => x.id);
}

/**
 * Running jobs whose runner fell silent (a killed process) go back to the queue (or fail after
 * their last attempt); answers the ids to announce again (a claim takes each once).
 */
export async function requeueStale(db: Kysely<Database>, staleSeconds: number, policy: RetryPolicy): Promise<string[]> {
  const back = await requeueInterrupted(db, sql`heartbeat_at < now() - make_interval(secs => ${staleSeconds})`, policy);
  return [...new Set([...back, ...(await oldQueued(db, staleSeconds))])];
}

/** On the single-process engine every running job at start was cut off by a stop or a crash: all go back (or fail). */
export async function requeueAllRunning(db: Kysely<Database>, policy: RetryPolicy): Promise<string[]> {
  await requeueInterrupted(db, sql`true`, policy);
  const r = await sql<{ id: string }>`SELECT id FROM jobs WHERE status = 'queued' AND NOT cancel_requested ORDER BY create_time`.execute(db);
  return r.rows.map((x) => x.id);
}

/** Done jobs past their expiry: marked expired; answers their result files to remove. */
export async function expireJobs(db: Kysely<Database>): Promise<string[]> {
  const r = await sql<{ result: JobResult | null }>`UPDATE jobs SET status = 'expired', phase = 'expired'
    WHERE status = 'done' AND expires_at < now() RETURNING result`.execute(db);
  return r.rows.flatMap((x) => [x.result?.fileKey, x.result?.errorReportKey].filter((k): k is string => typeof k === 'string'));
}
