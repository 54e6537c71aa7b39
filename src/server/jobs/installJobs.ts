/**
 * Puts the job service on the app (`app.jobs`): started when the app is ready (after migrations),
 * stopped when it closes. PostgreSQL → pg-boss transport; PGlite → in-process.
 */
import type { FastifyInstance } from 'fastify';
import type { FileStore } from '../files/fileStore.js';
import { inProcessTransport } from './inProcessTransport.js';
import { JobService, jobRetryPolicy, STALE_SECONDS } from './jobService.js';
import { pgBossTransport } from './pgBossTransport.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobService;
  }
}

/** Minutes a result file stays downloadable: JOB_RESULT_TTL_MINUTES, default one day. */
export function jobResultTtlMinutes(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.JOB_RESULT_TTL_MINUTES);
  return Number.isInteger(n) && n > 0 ? n : 24 * 60;
}

/** Jobs run at once by this process: JOB_CONCURRENCY, default 3 on PostgreSQL and 2 on PGlite. */
export function jobConcurrency(postgres: boolean, env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.JOB_CONCURRENCY);
  return Number.isInteger(n) && n > 0 && n <= 32 ? n : postgres ? 3 : 2;
}

/** Seconds of silence after which another process takes a running job over: JOB_STALE_SECONDS, default 60. */
export function jobStaleSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.JOB_STALE_SECONDS);
  return Number.isInteger(n) && n >= 3 ? n : STALE_SECONDS;
}

/** Decorates `app.jobs`; `store` is the configured file store, the one `/api/common/download` reads results from. */
export function installJobs(app: FastifyInstance, store: FileStore): void {
  const postgres = app.database.kind === 'postgres';
  const jobs = new JobService({
    db: app.db,
    store,
    databaseUrl: postgres ? app.database.url : undefined,
    transport: postgres ? pgBossTransport(app.database.pool, app.log, jobConcurrency(true)) : inProcessTransport(jobConcurrency(false)),
    ttlMinutes: jobResultTtlMinutes(),
    sweepStale: postgres,
    retry: jobRetryPolicy(),
    staleSeconds: jobStaleSeconds(),
    log: app.log,
  });
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
}
