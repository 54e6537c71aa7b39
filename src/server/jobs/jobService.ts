/**
 * The one job API (ARCHITECTURE.md "src/server/jobs"): enqueue, status, cancel, result file,
 * expiry. Rows live in `jobs` on both engines; a transport hands queued ids to runners (in-process
 * on PGlite, pg-boss on PostgreSQL). A runner takes a job with one conditional UPDATE
 * (`claimJob`), so a job runs in exactly one process however often it is announced.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { FileStore } from '../files/fileStore.js';
import { HttpError } from '../http/HttpError.js';
import * as repo from './jobRepository.js';
import { jobTestPoint } from './testHooks.js';
import { JobCancelledError, type JobContext, type JobHandler, type JobRow, type JobTransport } from './types.js';

/** A running job's state kept in this process (answers status calls without the database). */
interface Local {
  job: JobRow;
  done: number;
  total: number | null;
  phase: string;
  cancel: boolean;
  dirty: boolean;
}

export interface JobServiceOptions {
  db: Kysely<Database>;
  store: FileStore;
  /** PostgreSQL's connection string (handed to handlers as `ctx.databaseUrl`). */
  databaseUrl?: string;
  transport: JobTransport;
  /** Minutes a result file stays downloadable. */
  ttlMinutes: number;
  /** Re-announce queued jobs and take over silent ones (multi-process engines). */
  sweepStale: boolean;
  /** Interrupted jobs: the most attempts and the first retry delay (jobRetryPolicy()). */
  retry?: repo.RetryPolicy;
  /** Seconds without a heartbeat after which another process takes a running job over (default STALE_SECONDS). */
  staleSeconds?: number;
  log?: { error(obj: unknown, msg?: string): void; info?(obj: unknown, msg?: string): void };
}

/** Seconds without a heartbeat after which a running job is taken over by another process. */
export const STALE_SECONDS = 60;
const TICK_MS = 1000;
const HEARTBEAT_TICKS = 5;

/**
 * Retries of interrupted jobs: JOB_MAX_ATTEMPTS (default 3) runs in all, the first retry after
 * JOB_RETRY_SECONDS (default 30), doubled for each further one.
 */
export function jobRetryPolicy(env: NodeJS.ProcessEnv = process.env): repo.RetryPolicy {
  const attempts = Number(env.JOB_MAX_ATTEMPTS);
  const backoff = Number(env.JOB_RETRY_SECONDS);
  return {
    maxAttempts: Number.isInteger(attempts) && attempts > 0 ? attempts : 3,
    backoffSeconds: Number.isFinite(backoff) && backoff >= 0 ? backoff : 30,
  };
}

/** Jobs of every kind; handlers are registered by kind before start. */
export class JobService {
  readonly worker = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly local = new Map<string, Local>();
  private timers: NodeJS.Timeout[] = [];
  private started = false;
  private stopping = false;
  private readonly running = new Set<Promise<void>>();

  private readonly retry: repo.RetryPolicy;
  private readonly staleSeconds: number;

  constructor(private readonly opts: JobServiceOptions) {
    this.retry = opts.retry ?? jobRetryPolicy();
    this.staleSeconds = opts.staleSeconds ?? STALE_SECONDS;
  }

  /** Registers the work of a kind (`export`, `import`, …). */
  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Stores a queued job and announces it; answers the row. */
  async enqueue(input: { tenantId: number; userId: number; kind: string; title: string; params: Record<string, unknown> }): Promise<JobRow> {
    if (!this.handlers.has(input.kind)) throw new Error(`no job handler for ${input.kind}`);
    const id = randomUUID();
    await repo.insertJob(this.opts.db, { id, ...input });
    if (this.started) await this.opts.transport.announce(id);
    return (await this.get(input.tenantId, input.userId, id))!;
  }

  /** The caller's job (tenant and user), with live progress when this process runs it. */
  async get(tenantId: number, userId: number, id: string): Promise<JobRow | undefined> {
    if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
    const l = this.local.get(id);
    // On PGlite an import's transaction holds the only connection: answer from memory.
    if (l && l.job.tenantId === tenantId && l.job.userId === userId) {
      return { ...l.job, status: 'running', done: l.done, total: l.total, phase: l.phase, cancelRequested: l.cancel };
    }
    return repo.findOwnJob(this.opts.db, tenantId, userId, id);
  }

  /** The owner cancels: a queued job ends at once; a running one stops at its next check and writes nothing. */
  async cancel(tenantId: number, userId: number, id: string): Promise<JobRow | undefined> {
    if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
    const l = this.local.get(id);
    if (l && l.job.tenantId === tenantId && l.job.userId === userId) {
      l.cancel = true;
      return { ...l.job, status: 'running', done: l.done, total: l.total, phase: l.phase, cancelRequested: true };
    }
    return repo.requestCancel(this.opts.db, tenantId, userId, id);
  }

  /** Starts taking jobs (after migrations); re-queues what a stop cut off. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.opts.transport.start((id) => this.run(id));
    const pending = this.opts.sweepStale ? await repo.requeueStale(this.opts.db, this.staleSeconds, this.retry) : await repo.requeueAllRunning(this.opts.db, this.retry);
    for (const id of pending) await this.opts.transport.announce(id);
    this.timers.push(setInterval(() => void this.sweep(), Math.min(30, this.staleSeconds) * 1000));
    for (const t of this.timers) t.unref();
  }

  /** Stops: running jobs are interrupted (left for the next start to redo) and awaited. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.stopping = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await this.opts.transport.stop();
    await Promise.allSettled([...this.running]);
    this.started = false;
  }

  /**
   * Adds housekeeping to the sweep (e.g. the outbound call log's retention); it runs on every
   * sweep, after the jobs' own, and its failure is logged like theirs.
   */
  addSweep(task: () => Promise<unknown>): void {
    this.extraSweeps.push(task);
  }

  private readonly extraSweeps: Array<() => Promise<unknown>> = [];

  private async sweep(): Promise<void> {
    for (const task of this.extraSweeps) {
      try {
        await task();
      } catch (err) {
        if (!this.stopping) this.opts.log?.error({ err }, 'sweep task failed');
      }
    }
    try {
      for (const key of await repo.expireJobs(this.opts.db)) await this.opts.store.remove(key);
      // The single-process engine never takes over its own running jobs (a long PGlite transaction
      // delays their heartbeat); it only re-announces queued ones whose turn was missed.
      const ids = this.opts.sweepStale ? await repo.requeueStale(this.opts.db, this.staleSeconds, this.retry) : await repo.oldQueued(this.opts.db, this.staleSeconds);
      for (const id of ids) await this.opts.transport.announce(id);
    } catch (err) {
      if (!this.stopping) this.opts.log?.error({ err }, 'job sweep failed');
    }
  }

  /** Removes expired results now (tests and the sweep). */
  async expireNow(): Promise<void> {
    for (const key of await repo.expireJobs(this.opts.db)) await this.opts.store.remove(key);
  }

  private async run(id: string): Promise<void> {
    if (this.stopping) return;
    const p = this.runClaimed(id);
    this.running.add(p);
    try {
      await p;
    } finally {
      this.running.delete(p);
    }
  }

  private async runClaimed(id: string): Promise<void> {
    const { db } = this.opts;
    const job = await repo.claimJob(db, id, this.worker);
    if (!job) {
      // Waiting out a retry delay: announced again when it ends. A tenant whose turn is taken
      // gets its next job announced when the running one ends (announceNext).
      const delay = await repo.retryDelay(db, id);
      if (delay !== null && !this.stopping) await this.opts.transport.announce(id, delay);
      return;
    }
    await jobTestPoint(`claimed:${job.kind}`);
    try {
      await this.runJob(job);
    } finally {
      if (!this.stopping) await this.announceNext(job.tenantId);
    }
  }

  /** The tenant's next queued job, now that its turn is free. */
  private async announceNext(tenantId: number): Promise<void> {
    try {
      const next = await repo.nextOfTenant(this.opts.db, tenantId);
      if (next) await this.opts.transport.announce(next);
    } catch (err) {
      if (!this.stopping) this.opts.log?.error({ err }, 'job announce failed');
    }
  }

  private async runJob(job: JobRow): Promise<void> {
    const { db } = this.opts;
    const id = job.id;
    const handler = this.handlers.get(job.kind);
    const l: Local = { job, done: job.done, total: null, phase: 'start', cancel: false, dirty: true };
    this.local.set(id, l);
    let ticks = 0;
    let writing = false;
    let committed = false;
    const heartbeatTicks = Math.max(1, Math.min(HEARTBEAT_TICKS, Math.floor(this.staleSeconds / 3)));
    // One write at a time, never awaited by the handler (on PGlite it may wait for a transaction).
    const tick = setInterval(() => {
      if (writing) return;
      ticks++;
      if (!l.dirty && ticks % heartbeatTicks) return;
      writing = true;
      l.dirty = false;
      repo.writeProgress(db, id, this.worker, l.done, l.total, l.phase)
        .then((asked) => { if (asked) l.cancel = true; })
        .catch(() => {})
        .finally(() => { writing = false; });
    }, TICK_MS);
    const ctx: JobContext = {
      db,
      store: this.opts.store,
      databaseUrl: this.opts.databaseUrl,
      sharedConnection: !this.opts.databaseUrl,
      progress: async (done, total, phase) => {
        l.done = done;
        if (total !== undefined) l.total = total;
        if (phase !== undefined) l.phase = phase;
        l.dirty = true;
      },
      cancelled: () => l.cancel || this.stopping,
      stopping: () => this.stopping,
      throwIfCancelled: () => { if (l.cancel || this.stopping) throw new JobCancelledError(); },
      commit: async (trx, result, error, cancelled) => {
        await repo.finishInTransaction(trx, id, this.worker, cancelled ? 'cancelled' : error ? 'failed' : 'done', {
          result, error: cancelled ? error ?? '任务已取消' : error ?? null, done: cancelled ? l.done : l.total ?? l.done, total: l.total, ttlMinutes: this.opts.ttlMinutes,
        });
        committed = true;
      },
      checkpoint: async (trx, state, done) => {
        await repo.writeCheckpoint(trx, id, this.worker, state, done);
      },
    };
    try {
      if (!handler) throw new Error(`no job handler for ${job.kind}`);
      const result = await handler(job, ctx);
      clearInterval(tick);
      await this.waitFor(() => !writing);
      // A handler without database effects (an export) ends here; one with them ended its job in
      // the transaction that committed them (ctx.commit). A cancel that arrives after the
      // handler's last check (during a commit) comes too late: the work is done and is reported
      // so; "cancelled" always means nothing was written.
      if (!committed) {
        await repo.writeProgress(db, id, this.worker, l.total ?? l.done, l.total, l.phase).catch(() => false);
        await repo.finishJob(db, id, this.worker, 'done', { result, ttlMinutes: this.opts.ttlMinutes });
      }
      await jobTestPoint(`committed:${job.kind}`);
    } catch (err) {
      clearInterval(tick);
      await this.waitFor(() => !writing);
      if (committed) {
        // Ended in its transaction; what failed came after the commit (a clean-up): the job stands.
        this.opts.log?.error({ err, jobId: id }, 'job clean-up failed');
        return;
      }
      // A stop gives the job back (not an attempt); the next start (or another process) redoes it.
      if (this.stopping && !l.cancel) {
        await repo.releaseJob(db, id, this.worker).catch(() => {});
        return;
      }
      // Taken over by another runner (this one was silent too long): its effects were rolled back.
      if (err instanceof repo.JobLostError) return;
      const cancelled = err instanceof JobCancelledError || l.cancel;
      if (!cancelled && !(err instanceof HttpError)) this.opts.log?.error({ err, jobId: id }, 'job failed');
      const message = err instanceof HttpError ? err.message : cancelled ? '任务已取消' : '任务执行失败';
      const result = err instanceof HttpError && err.errors ? { msg: message, errors: err.errors } : null;
      await repo.finishJob(db, id, this.worker, cancelled ? 'cancelled' : 'failed', { error: message, result, ttlMinutes: this.opts.ttlMinutes }).catch(() => {});
    } finally {
      this.local.delete(id);
    }
  }

  private async waitFor(cond: () => boolean): Promise<void> {
    while (!cond()) await new Promise((r) => setTimeout(r, 20));
  }
}
