/**
 * The PostgreSQL transport: pg-boss (docs/adr/0802-pg-boss-job-queue.md) carries job ids between
 * the API processes on one database. pg-boss fetches with `FOR UPDATE SKIP LOCKED`, so a message
 * goes to one worker; the runner's conditional claim of the `jobs` row makes a second delivery
 * (a retry, a re-announce after a crash) a no-op, so no job runs twice.
 */
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { JobTransport } from './types.js';

const QUEUE = 'formwork-jobs';

/**
 * pg-boss over the app's own pool (its schema `pgboss` is created on first start), with
 * `concurrency` workers in this process (default 3): jobs of different tenants run side by side
 * (the claim keeps one running job per tenant).
 */
export function pgBossTransport(pool: pg.Pool, log?: { error(obj: unknown, msg?: string): void }, concurrency = 3): JobTransport {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => pool.query(text, values as unknown[]) },
    schema: 'pgboss',
    // Cron schedules are not used; supervision (expiry, archive) is.
    schedule: false,
  });
  boss.on('error', (err: unknown) => log?.error({ err }, 'pg-boss error'));
  const workerIds: string[] = [];
  return {
    async start(run) {
      await boss.start();
      // Safe to repeat: a second process finds the queue there (INSERT … ON CONFLICT DO NOTHING).
      await boss.createQueue(QUEUE);
      // Each `work` is one worker fetching one message at a time.
      for (let i = 0; i < concurrency; i++) {
        workerIds.push(await boss.work(QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async (jobs: { data: { jobId: string } }[]) => {
          for (const job of jobs) await run(job.data.jobId);
        }));
      }
    },
    async announce(id, delaySeconds) {
      // The runner's own retries (requeue of a silent job, with its delay) replace pg-boss's.
      await boss.send(QUEUE, { jobId: id }, { retryLimit: 0, expireInSeconds: 6 * 3600, ...(delaySeconds ? { startAfter: delaySeconds } : {}) });
      if (!delaySeconds) for (const w of workerIds) boss.notifyWorker(w);
    },
    async stop() {
      await boss.stop({ graceful: true, close: false, wait: true, timeout: 30_000 });
    },
  };
}
