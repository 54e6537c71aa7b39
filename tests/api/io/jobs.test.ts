/**
 * The job API itself: owner-only status and cancel, a queued job cancelled over HTTP, a job cut
 * off by a stop redone once at the next start, and (on PostgreSQL) two processes on one database
 * taking each job exactly once.
 */
import { randomUUID } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessTransport } from '../../../src/server/jobs/inProcessTransport.js';
import { JobService } from '../../../src/server/jobs/jobService.js';
import { pgBossTransport } from '../../../src/server/jobs/pgBossTransport.js';
import type { JobHandler } from '../../../src/server/jobs/types.js';
import { localFileStore } from '../../../src/server/files/localFileStore.js';
import { filesConfig } from '../../../src/server/files/filesConfig.js';
import { recordsApp, type RecordsApp } from '../records/support/recordsApp.js';
import { testDatabaseKind } from '../support/testDatabase.js';
import { waitJob } from './ioSupport.js';

let a: RecordsApp;
let tenantId: number;
let userId: number;
const runs = new Map<string, string[]>();
const counting = (worker: string): JobHandler => async (job, ctx) => {
  runs.set(job.id, [...(runs.get(job.id) ?? []), worker]);
  for (let i = 0; i < 5; i++) {
    ctx.throwIfCancelled();
    await ctx.progress(i + 1, 5, 'count');
    await new Promise((r) => setTimeout(r, 20));
  }
  return { msg: 'ok' };
};

beforeAll(async () => {
  a = await recordsApp();
  const info = (await a.call(a.admin, 'GET', '/api/getInfo')).json.user;
  userId = info.userId;
  tenantId = (await a.db.selectFrom('tenants').select('id').where('code', '=', 'DEFAULT').executeTakeFirstOrThrow()).id;
  a.app.jobs.register('count', counting('app'));
});
afterAll(async () => {
  await a?.close();
});

describe('jobs', () => {
  it('runs a job with progress and shows it only to its owner', async () => {
    const job = await a.app.jobs.enqueue({ tenantId, userId, kind: 'count', title: '计数', params: {} });
    const end = await waitJob(a, job.id);
    expect(end).toMatchObject({ status: 'done', done: 5, total: 5, percent: 100, result: { msg: 'ok' } });
    expect((await a.call(a.admin2, 'GET', `/api/jobs/${job.id}`)).status).toBe(404);
    expect((await a.call(a.admin, 'GET', `/api/jobs/${randomUUID()}`)).status).toBe(404);
    expect((await a.call(a.admin, 'GET', '/api/jobs/not-a-uuid')).status).toBe(404);
  });

  it('a job that ends in its own transaction before any progress write still shows its total', async () => {
    // No await between progress and commit: the periodic progress write never runs, so the end must carry it.
    a.app.jobs.register('instant', async (_job, ctx) => {
      await ctx.progress(7, 7, 'write');
      return a.db.transaction().execute(async (trx) => {
        await ctx.commit(trx, { msg: 'ok' });
        return { msg: 'ok' };
      });
    });
    const job = await a.app.jobs.enqueue({ tenantId, userId, kind: 'instant', title: '即时', params: {} });
    const end = await waitJob(a, job.id);
    expect(end).toMatchObject({ status: 'done', done: 7, total: 7, percent: 100 });
  });

  it('a job cut off by a stop runs again, once, at the next start', async () => {
    const id = randomUUID();
    await sql`INSERT INTO jobs (id, tenant_id, user_id, kind, title, status, worker, heartbeat_at)
      VALUES (${id}, ${tenantId}, ${userId}, 'count', '中断', 'running', 'gone:1', now() - interval '10 minutes')`.execute(a.db);
    const postgres = testDatabaseKind() === 'postgres';
    const other = new JobService({
      db: a.db, store: localFileStore(filesConfig(a.config).rootDir), ttlMinutes: 60, sweepStale: postgres,
      transport: postgres ? pgBossTransport(a.database.pool) : inProcessTransport(),
    });
    other.register('count', counting('restarted'));
    await other.start();
    try {
      const end = await waitJob(a, id);
      expect(end.status).toBe('done');
      expect(runs.get(id)).toHaveLength(1);
    } finally {
      await other.stop();
    }
  });

  it.runIf(testDatabaseKind() === 'postgres')('two processes on one PostgreSQL take each job exactly once', async () => {
    const url = (a.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
    const second = new JobService({ db, store: localFileStore(filesConfig(a.config).rootDir), ttlMinutes: 60, sweepStale: true, transport: pgBossTransport(pool) });
    second.register('count', counting('second'));
    await second.start();
    try {
      const ids: string[] = [];
      for (let i = 0; i < 16; i++) {
        // Half are queued through each process.
        const svc = i % 2 ? second : a.app.jobs;
        ids.push((await svc.enqueue({ tenantId, userId, kind: 'count', title: `并发${i}`, params: {} })).id);
      }
      for (const id of ids) expect((await waitJob(a, id)).status).toBe('done');
      for (const id of ids) expect(runs.get(id)).toHaveLength(1);
      const workers = new Set(ids.map((id) => runs.get(id)![0]));
      expect(workers.size).toBeGreaterThanOrEqual(1);
      const boss = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'formwork-jobs'`.execute(a.db);
      expect(boss.rows[0].n).toBeGreaterThanOrEqual(16);
    } finally {
      await second.stop();
      await db.destroy();
    }
  });

  it('cancels a queued job over HTTP before it starts', async () => {
    // A job of a kind nobody here runs yet stays queued until cancelled.
    a.app.jobs.register('later', async () => ({ msg: 'ran' }));
    const id = randomUUID();
    await sql`INSERT INTO jobs (id, tenant_id, user_id, kind, title) VALUES (${id}, ${tenantId}, ${userId}, 'later', '排队')`.execute(a.db);
    expect((await a.call(a.admin2, 'POST', `/api/jobs/${id}/cancel`)).status).toBe(404);
    const c = await a.call(a.admin, 'POST', `/api/jobs/${id}/cancel`);
    expect(c.json.data.status).toBe('cancelled');
    // Announcing it now finds nothing to claim.
    await a.app.jobs.enqueue({ tenantId, userId, kind: 'count', title: '之后', params: {} }).then((j) => waitJob(a, j.id));
    expect((await a.call(a.admin, 'GET', `/api/jobs/${id}`)).json.data.status).toBe('cancelled');
  });
});
